import { useCallback, useEffect, useRef, useState } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { teamTexts } from '#lib/team'
import { onSessionEnded } from '#ui/api.ts'
import { toastError, toastSuccess } from '../toast.ts'

/**
 * Issue 21: a signed-in editor whose session was ended elsewhere (deactivated, password changed in
 * another browser) is told so on their next call and the editor turns to its signed-out state (the
 * page as loaded stays on screen). An account deactivated while editing is told so in a dialog
 * (answers `deactivated` and its close). Also reports the outcome of an e-mail change link (?emailChanged).
 */
export function useTeamSession(signedIn: boolean) {
  const { revalidate } = useRevalidator()
  const told = useRef(false)
  // Deactivated while editing (issue 31): told in a dialog; the page turns to the signed-out view
  // only when it is closed, so what they typed is still there meanwhile.
  const [deactivated, setDeactivated] = useState(false)
  useEffect(() => {
    if (!signedIn) return
    told.current = false
    onSessionEnded((reason) => {
      if (told.current) return
      told.current = true
      if (reason === 'deactivated') {
        setDeactivated(true)
        return
      }
      toastError(teamTexts.signedOut)
      void revalidate()
    })
    return () => onSessionEnded(null)
  }, [signedIn, revalidate])
  const closeDeactivated = useCallback(() => {
    setDeactivated(false)
    void revalidate()
  }, [revalidate])

  const [searchParams, setSearchParams] = useSearchParams()
  const emailChanged = searchParams.get('emailChanged')
  useEffect(() => {
    if (emailChanged === null) return
    if (emailChanged === '1') toastSuccess(teamTexts.account.emailChanged)
    else toastError(teamTexts.account.emailNotChanged)
    setSearchParams(
      (params) => {
        params.delete('emailChanged')
        return params
      },
      { replace: true, preventScrollReset: true },
    )
  }, [emailChanged, setSearchParams])
  return { deactivated, closeDeactivated }
}
