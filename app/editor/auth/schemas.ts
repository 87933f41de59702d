import { z } from 'zod'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts

/** Spec 01 §5: username and password required, at least 3 characters (the form shows no messages for them). */
export const loginSchema = z.object({
  username: z.string().trim().min(1, t.login.usernameRequired).min(3, t.login.minLength),
  password: z.string().min(1, t.login.passwordRequired).min(3, t.login.minLength),
})
export type LoginValues = z.infer<typeof loginSchema>

const email = z.string().trim().min(1, t.forgotPassword.emailRequired).pipe(z.email(t.forgotPassword.emailInvalid))

/** Spec 01 §5: the forgot-password e-mail is required and must be a valid address. */
export const forgotPasswordSchema = z.object({ email })
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>

/** Spec 01 §2.5: recovery; the password rule matches the server's (at least 8 characters). */
export const recoverySchema = z
  .object({
    email,
    password: z.string().min(8, t.recovery.passwordTooShort).max(200),
    passwordConfirm: z.string(),
  })
  .refine((values) => values.password === values.passwordConfirm, { path: ['passwordConfirm'], message: t.recovery.passwordsDiffer })
export type RecoveryValues = z.infer<typeof recoverySchema>
