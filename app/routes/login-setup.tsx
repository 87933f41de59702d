import { data, Form, redirect, useNavigation } from 'react-router'
import { texts } from '#lib/texts'
import type { Route } from './+types/login-setup'

const t = texts.firstEditor

/**
 * /login/setup: creating the first editor in the browser while no editor exists (the one-time
 * setup code comes from the server's log; server/services/first-editor.ts). Once an editor exists
 * this page answers 404. A plain form: it works before (and without) any JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await context.services.firstEditor.needed())) throw data(null, { status: 404 })
  return { siteName: context.domain?.name ?? '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const field = (name: string) => String(form.get(name) ?? '')
  const values = { code: field('code'), username: field('username'), email: field('email') }
  try {
    const session = await context.services.firstEditor.create(
      { ...values, password: field('password') },
      { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? undefined },
    )
    const secure = context.services.config.baseUrl.startsWith('https:') || new URL(request.url).protocol === 'https:'
    const cookie = `authToken=${encodeURIComponent(session.token)}; Path=/; HttpOnly; SameSite=Lax; Expires=${session.expiresAt.toUTCString()}${secure ? '; Secure' : ''}`
    return redirect('/', { headers: { 'Set-Cookie': cookie } })
  } catch (err) {
    const { kind, message, details } = err as { kind?: string; message: string; details?: unknown }
    if (kind === 'not_found') throw data(null, { status: 404 })
    if (kind !== 'invalid_input' && kind !== 'conflict' && kind !== 'rate_limited') throw err
    // Each message beside its field where the check names one; the rest above the form.
    const fieldErrors: Record<string, string> = {}
    if (Array.isArray(details)) {
      for (const issue of details as { path?: unknown; message?: string }[]) {
        const name = Array.isArray(issue.path) ? String(issue.path[0]) : String(issue.path ?? '')
        if (name && issue.message && !fieldErrors[name]) fieldErrors[name] = issue.message
      }
    }
    return data(
      { values, fieldErrors, formError: Object.keys(fieldErrors).length ? null : message },
      { status: kind === 'rate_limited' ? 429 : 400 },
    )
  }
}

// Gone once an editor exists: never kept by the page cache or a CDN.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: Route.MetaFunction = () => [{ title: t.title }, { name: 'robots', content: 'noindex' }]

const inputClass =
  'mt-1 block w-full rounded-md border border-ink-soft/40 bg-white px-3 py-2 text-left text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red'

function Input({
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue,
  error,
  hint,
}: {
  name: string
  label: string
  type?: string
  autoComplete: string
  defaultValue?: string | undefined
  error?: string | undefined
  hint?: string
}) {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="text-left">
      <label htmlFor={name} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="mt-0.5 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-darker">
          {error}
        </p>
      ) : null}
    </div>
  )
}

const fields = [
  { name: 'code', label: t.code, hint: t.codeHint, autoComplete: 'one-time-code' },
  { name: 'username', label: t.username, autoComplete: 'username' },
  { name: 'email', label: t.email, type: 'email', autoComplete: 'email' },
  { name: 'password', label: t.password, type: 'password', autoComplete: 'new-password', hint: t.passwordHint },
] as const

export default function FirstEditorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const errors = actionData?.fieldErrors ?? {}
  return (
    <main id="main" className="w-full max-w-md">
      <p className="eyebrow text-center text-red">{loaderData.siteName}</p>
      <h1 className="mt-3 text-center font-display text-4xl font-semibold text-red-darkest">{t.title}</h1>
      <p className="mt-4 text-center text-ink-soft">{t.intro}</p>
      <Form method="post" className="mt-8 flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm" noValidate>
        {actionData?.formError ? (
          <p role="alert" className="rounded-md bg-red/10 px-3 py-2 text-left text-sm text-red-darker">
            {actionData.formError}
          </p>
        ) : null}
        {fields.map((field) => (
          <Input
            key={field.name}
            {...field}
            defaultValue={field.name === 'password' ? undefined : actionData?.values[field.name]}
            error={errors[field.name]}
          />
        ))}
        <button
          type="submit"
          disabled={busy}
          className="mt-2 rounded-md bg-red px-4 py-2.5 font-semibold text-white hover:bg-red-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red disabled:opacity-60"
        >
          {busy ? t.creating : t.submit}
        </button>
      </Form>
    </main>
  )
}
