import { ErrorAlert } from '#ui/editor/fields.tsx'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { texts } from '#lib/texts'
import { messageOf, postApi } from '#ui/api.ts'
import { Modal } from '../surfaces/Modal.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { toastSuccess } from '../toast.ts'
import { Field } from './Field.tsx'
import { recoverySchema, type RecoveryValues } from './schemas.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.recovery

export interface RecoveryDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  token: string
  email: string
  /** The password was set: the caller removes token and email from the address and shows the login overlay. */
  onDone: () => void
}

/** Spec 01 §2.5: setting a new password with the token from the e-mailed link. */
export function RecoveryDialog({ open, onOpenChange, token, email, onDone }: RecoveryDialogProps) {
  const [serverError, setServerError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RecoveryValues>({ resolver: zodResolver(recoverySchema), defaultValues: { email, password: '', passwordConfirm: '' } })

  const submit = handleSubmit(async (values) => {
    setServerError(null)
    try {
      await postApi('/user/setPassword', { email: values.email, password: values.password, token })
    } catch (err) {
      setServerError(messageOf(err))
      return
    }
    toastSuccess(texts.toasts.passwordReset)
    onDone()
  })

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.title} description={t.description} width="narrow">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field
          label={t.email}
          type="email"
          autoComplete="username"
          placeholder={t.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label={t.password}
          type="password"
          autoComplete="new-password"
          placeholder={t.passwordPlaceholder}
          error={errors.password?.message}
          {...register('password')}
        />
        <Field
          label={t.passwordConfirm}
          type="password"
          autoComplete="new-password"
          placeholder={t.passwordConfirmPlaceholder}
          error={errors.passwordConfirm?.message}
          {...register('passwordConfirm')}
        />
        <ErrorAlert message={serverError} />
        <div>
          <button
            type="submit"
            className={`${chrome.button} ${chrome.primary} ${chrome.focus}`}
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            {t.submit}
          </button>
        </div>
      </form>
    </Modal>
  )
}
