import { useState, type FormEvent } from 'react'
import { teamTexts } from '#lib/team'
import { messageOf } from '#ui/api.ts'
import { buttonClass, ErrorAlert, TextInput } from '#ui/editor/fields.tsx'
import { toastSuccess } from '../toast.ts'
import { useCurrentUser } from './current-user.tsx'
import { teamApi } from './team-api.ts'

const t = teamTexts.account

/** One's own password (asks for the current one; other sessions end) and e-mail address (confirmed by a link). */
export function MyAccount() {
  const { user } = useCurrentUser()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [emailSent, setEmailSent] = useState<string | null>(null)
  const [busy, setBusy] = useState<'password' | 'email' | null>(null)

  async function changePassword(event: FormEvent) {
    event.preventDefault()
    if (next !== again) return setPasswordError(t.mismatch)
    setBusy('password')
    setPasswordError(null)
    try {
      await teamApi.changePassword(current, next)
      setCurrent('')
      setNext('')
      setAgain('')
      toastSuccess(t.passwordChanged)
    } catch (err) {
      setPasswordError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  async function changeEmail(event: FormEvent) {
    event.preventDefault()
    setBusy('email')
    setEmailError(null)
    try {
      const { message } = await teamApi.changeEmail(email)
      setEmailSent(message)
      setEmail('')
    } catch (err) {
      setEmailError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form onSubmit={(e) => void changePassword(e)} className="flex flex-col gap-3" aria-labelledby="password-heading">
        <h3 id="password-heading" className="font-sans font-semibold">
          {t.passwordHeading}
        </h3>
        <ErrorAlert message={passwordError} />
        <TextInput
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
        <TextInput
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
        />
        <TextInput
          label={t.confirmPassword}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          required
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy !== null} aria-busy={busy === 'password'}>
            {t.changePassword}
          </button>
        </div>
      </form>
      <form onSubmit={(e) => void changeEmail(e)} className="flex flex-col gap-3" aria-labelledby="email-heading">
        <h3 id="email-heading" className="font-sans font-semibold">
          {t.emailHeading}
        </h3>
        {user ? <p className="text-neutral-700">{t.currentEmail(user.email)}</p> : null}
        <ErrorAlert message={emailError} />
        {emailSent ? (
          <p role="status" className="text-neutral-800">
            {emailSent}
          </p>
        ) : null}
        <TextInput label={t.newEmail} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy !== null} aria-busy={busy === 'email'}>
            {t.changeEmail}
          </button>
        </div>
      </form>
    </div>
  )
}
