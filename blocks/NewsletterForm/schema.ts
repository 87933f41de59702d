import { z } from 'zod'
import { blockObject, link, text } from '../fields'

/**
 * Spec 02 §3.5: heading, text, link. The form itself belongs to the third-party form service
 * (spec 01 §1): `formAction` is the service's address the form posts to, `emailField` the name it
 * expects for the address. Without an address the block shows its link (to the service's own
 * sign-up page, say) instead of a form.
 */
export const schema = blockObject('NewsletterForm', {
  heading: text(200),
  text: text(600),
  link: link(),
  formAction: z
    .string()
    .trim()
    .max(2000)
    .refine(
      // An address on this site itself is allowed too (the demo's stand-in, /demo/newsletter: issue 31).
      (v) => v === '' || /^https:\/\/\S+$/i.test(v) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//i.test(v) || /^\/[\w/-]+$/.test(v),
      'The form service address must start with https://',
    )
    .default(''),
  emailField: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_[\].-]{1,60}$/, 'Letters, digits, _ - . [ ] only')
    .default('email'),
})
export type Props = z.output<typeof schema>
