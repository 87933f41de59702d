import { clsx } from 'clsx'
import { useId, useState, type FormEvent } from 'react'
import { useTexts } from '#ui/locale'
import { ArrowRightIcon } from '#ui/icons'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

type Status = 'idle' | 'sending' | 'sent' | 'demo' | 'failed'

/**
 * The newsletter sign-up (spec 02 §2.8). The form posts to the form service; without JavaScript
 * the browser goes there (the service shows its own thanks), with it the answer is shown in place
 * and announced. With no service configured the block offers its link instead.
 */
export function View({ heading, text, link, formAction, emailField }: Props) {
  const t = useTexts().blocks.newsletter
  const editing = useEditing()
  const id = useId()
  const [status, setStatus] = useState<Status>('idle')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (editing || status === 'sending') return
    const form = event.currentTarget
    setStatus('sending')
    let response: Response
    try {
      response = await fetch(formAction, { method: 'POST', body: new FormData(form), headers: { Accept: 'application/json' } })
    } catch {
      // The service does not answer scripts from this site (no CORS): send the form the way a
      // browser without JavaScript does, and the service shows its own thanks.
      form.submit()
      return
    }
    if (response.ok) {
      form.reset()
      // The demo's stand-in (server/demo/newsletter.ts) says it is one.
      const answer = (await response.json().catch(() => null)) as { demo?: boolean } | null
      setStatus(answer?.demo ? 'demo' : 'sent')
    } else setStatus('failed')
  }

  if (!heading && !formAction && !(link.href && link.text) && !editing) return null
  return (
    <section className="container-site" aria-labelledby={heading ? `${id}-heading` : undefined} aria-label={heading ? undefined : t.submit}>
      <div className="mx-auto grid max-w-6xl gap-8 rounded-sm bg-red-darkest px-6 py-12 text-white sm:px-12 lg:grid-cols-2 lg:items-center lg:gap-16 lg:px-16 lg:py-16">
        <div>
          <Editable
            kind="content"
            path="heading"
            value={heading}
            optional
            as="h2"
            placeholder="Heading"
            className="font-display text-3xl leading-tight font-semibold sm:text-4xl"
            elementProps={{ id: `${id}-heading` }}
          />
          <Editable
            kind="content"
            path="text"
            value={text}
            optional
            as="p"
            placeholder="Text"
            className="mt-4 text-lg leading-relaxed text-white/90"
          />
        </div>
        {formAction ? (
          <form action={formAction} method="post" onSubmit={submit} className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={`${id}-first`} className="block text-sm font-semibold">
                  {t.firstName}
                </label>
                <input
                  id={`${id}-first`}
                  name="firstName"
                  type="text"
                  autoComplete="given-name"
                  className="mt-1 block min-h-12 w-full rounded-sm border-2 border-white/30 bg-white px-4 text-ink focus:border-white"
                />
              </div>
              <div>
                <label htmlFor={`${id}-email`} className="block text-sm font-semibold">
                  {t.email}
                </label>
                <input
                  id={`${id}-email`}
                  name={emailField}
                  type="email"
                  required
                  autoComplete="email"
                  className="mt-1 block min-h-12 w-full rounded-sm border-2 border-white/30 bg-white px-4 text-ink focus:border-white"
                />
              </div>
            </div>
            <button
              type="submit"
              className="button button--light self-start"
              disabled={status === 'sending'}
              aria-busy={status === 'sending'}
            >
              {status === 'sending' ? t.sending : t.submit}
            </button>
            <p role="status" className={clsx('min-h-6 font-medium', status === 'failed' ? 'text-[#ffd7d7]' : 'text-white')}>
              {status === 'sent' ? t.success : status === 'demo' ? t.demo : status === 'failed' ? t.failure : ''}
            </p>
          </form>
        ) : (link.href && link.text) || editing ? (
          <div className="lg:justify-self-end">
            <Editable kind="link" path="link" as={SmartLink} elementProps={{ link }} className="button button--light">
              <span>{link.text || 'Link'}</span>
              <ArrowRightIcon size={18} />
            </Editable>
          </div>
        ) : null}
      </div>
    </section>
  )
}
