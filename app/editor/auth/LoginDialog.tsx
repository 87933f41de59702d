import { ErrorAlert } from '#ui/editor/fields.tsx'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { messageOf, postApi, reloadWithout } from '#ui/api.ts'
import { Modal } from '../surfaces/Modal.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { Field } from './Field.tsx'
import { forgotPasswordSchema, loginSchema, type ForgotPasswordValues, type LoginValues } from './schemas.ts'
import { editorTexts } from '#lib/editor-texts'

type View = 'login' | 'forgot' | 'sent'

const t = editorTexts

/**
 * Spec 01 §2.3–2.4: the sign-in overlay (450 px) and its forgot-password view. Signing in sets an
 * HttpOnly cookie, so the page is then reloaded and the server renders it for the editor.
 */
export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [view, setView] = useState<View>('login')
  const [sentMessage, setSentMessage] = useState('')
  const title = view === 'login' ? t.login.title : view === 'forgot' ? t.forgotPassword.title : t.forgotPassword.sentTitle
  const description = view === 'login' ? t.login.description : view === 'forgot' ? t.forgotPassword.description : sentMessage

  function changeOpen(next: boolean) {
    if (!next) setView('login')
    onOpenChange(next)
  }

  return (
    <Modal open={open} onOpenChange={changeOpen} title={title} description={description} width="narrow">
      {view === 'login' ? <LoginForm onForgot={() => setView('forgot')} /> : null}
      {view === 'forgot' ? (
        <ForgotPasswordForm
          onSent={(message) => {
            setSentMessage(message)
            setView('sent')
          }}
          onBack={() => setView('login')}
        />
      ) : null}
      {view === 'sent' ? (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <button type="button" className={`${chrome.link} ${chrome.focus}`} onClick={() => setView('login')}>
            {t.forgotPassword.backToLogin}
          </button>
          <button type="button" className={`${chrome.link} ${chrome.focus}`} onClick={() => setView('forgot')}>
            {t.forgotPassword.tryAnother}
          </button>
        </div>
      ) : null}
    </Modal>
  )
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } })

  const submit = handleSubmit(async (values) => {
    setServerError(null)
    try {
      await postApi('/user/login', values)
    } catch (err) {
      setServerError(messageOf(err))
      throw err // keeps isSubmitSuccessful false
    }
    reloadWithout(['login'])
  })

  const busy = isSubmitting || isSubmitSuccessful
  return (
    // Spec 01 §5: the validators stop the submit, but the login form shows no messages for them.
    <form noValidate onSubmit={(event) => void submit(event).catch(() => {})} className="flex flex-col gap-4">
      <Field label={t.login.username} autoComplete="username" invalid={!!errors.username} {...register('username')} />
      <Field
        label={t.login.password}
        type="password"
        autoComplete="current-password"
        invalid={!!errors.password}
        {...register('password')}
      />
      <ErrorAlert message={serverError} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className={`${chrome.button} ${chrome.primary} ${chrome.focus}`} disabled={busy} aria-busy={busy}>
          {t.login.submit}
        </button>
        <button type="button" className={`${chrome.link} ${chrome.focus}`} onClick={onForgot}>
          {t.login.forgotPassword}
        </button>
      </div>
    </form>
  )
}

function ForgotPasswordForm({ onSent, onBack }: { onSent: (message: string) => void; onBack: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } })

  const submit = handleSubmit(async (values) => {
    setServerError(null)
    try {
      const reply = await postApi('/user/forgotPassword', values)
      onSent(reply.message)
    } catch (err) {
      setServerError(messageOf(err))
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <Field label={t.forgotPassword.email} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <ErrorAlert message={serverError} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="submit"
          className={`${chrome.button} ${chrome.primary} ${chrome.focus}`}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {t.forgotPassword.submit}
        </button>
        <button type="button" className={`${chrome.link} ${chrome.focus}`} onClick={onBack}>
          {t.forgotPassword.backToLogin}
        </button>
      </div>
    </form>
  )
}
