import { createContext, useCallback, useContext, useEffect, useId, useRef, type ReactNode } from 'react'
import { editorTexts } from '#lib/editor-texts'

type Report = (reporter: string, dirty: boolean) => void

/**
 * Modal panels that hold their own form (Site Settings, Config Settings) report unsaved changes
 * here, so closing the modal (or switching the tab that holds the form) asks first instead of
 * dropping them silently. Each reporter counts on its own: one clean form does not hide another's edits.
 */
export const CloseGuardContext = createContext<Report | null>(null)

export function useCloseGuard(dirty: boolean) {
  const report = useContext(CloseGuardContext)
  const reporter = useId()
  useEffect(() => {
    if (!report) return
    report(reporter, dirty)
    return () => report(reporter, false)
  }, [report, reporter, dirty])
}

/**
 * A surface that drops the forms inside it when it closes or switches (a modal, a set of tabs):
 * it hears their reports, passes "something here is unsaved" on to the surface around it, and
 * `confirmDiscard` asks before anything unsaved is dropped (true: go ahead).
 */
export function useCloseGuardScope() {
  const parent = useContext(CloseGuardContext)
  const self = useId()
  const dirty = useRef(new Set<string>())
  const report = useCallback<Report>(
    (reporter, isDirty) => {
      if (isDirty) dirty.current.add(reporter)
      else dirty.current.delete(reporter)
      parent?.(self, dirty.current.size > 0)
    },
    [parent, self],
  )
  useEffect(() => () => parent?.(self, false), [parent, self])
  const confirmDiscard = useCallback(() => {
    if (dirty.current.size === 0) return true
    if (!window.confirm(editorTexts.unsavedChanges)) return false
    dirty.current.clear()
    parent?.(self, false)
    return true
  }, [parent, self])
  return { report, confirmDiscard }
}

/** Hands a scope's `report` to the forms inside it. */
export function CloseGuardProvider({ report, children }: { report: Report; children: ReactNode }) {
  return <CloseGuardContext.Provider value={report}>{children}</CloseGuardContext.Provider>
}
