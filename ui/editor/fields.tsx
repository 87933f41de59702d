import {
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { chrome } from './classes.ts'

const inputClass = `mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`

interface Common {
  label: string
  /** A line of help under the field, announced with it. */
  hint?: ReactNode
  /** An error under the field (marks it invalid). */
  error?: string | undefined
  /** Live status text (slug checks): announced politely. */
  status?: ReactNode
}

function Described({ id, hint, error, status }: { id: string; hint?: ReactNode; error?: string | undefined; status?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      ) : null}
      {status !== undefined ? (
        <p id={`${id}-status`} aria-live="polite" className="mt-1 text-xs text-neutral-700">
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={chrome.fieldError}>
          {error}
        </p>
      ) : null}
    </>
  )
}

const describedBy = (id: string, { hint, error, status }: Pick<Common, 'hint' | 'error' | 'status'>) =>
  [hint ? `${id}-hint` : '', status !== undefined ? `${id}-status` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** A labelled text input (controlled or registered with react-hook-form). */
export function TextInput({ label, hint, error, status, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error, status })}
        {...input}
      />
      <Described id={id} hint={hint} error={error} status={status} />
    </div>
  )
}

export function TextArea({ label, hint, error, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...input}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  )
}

export function SelectInput({
  label,
  hint,
  options,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { value: string; label: string }[] }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <select id={id} className={inputClass} aria-describedby={describedBy(id, { hint })} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Described id={id} hint={hint} />
    </div>
  )
}

export function Checkbox({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className={`size-4 rounded border-neutral-400 accent-red ${chrome.focus}`} {...input} />
      <label htmlFor={id} className="text-sm text-neutral-800">
        {label}
      </label>
    </div>
  )
}

/** A small labelled icon-or-text button for list rows (Move up, Move down, Remove). */
export function RowButton({
  label,
  children,
  ...button
}: { label: string; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex size-8 items-center justify-center rounded-md text-neutral-700 ring-1 ring-neutral-300 hover:bg-neutral-100 disabled:opacity-40 ${chrome.focus} focus-visible:ring-offset-0`}
      {...button}
    >
      {children}
    </button>
  )
}

/** Primary and secondary buttons of the editor chrome. */
export const buttonClass = {
  primary: `${chrome.button} ${chrome.primary} ${chrome.focus}`,
  secondary: `${chrome.button} ${chrome.secondary} ${chrome.focus}`,
  danger: `${chrome.button} bg-white text-red-darker ring-1 ring-red/40 hover:bg-red/5 ${chrome.focus}`,
  small: 'px-3 py-1.5 text-xs',
} as const

/** A server's error message for the form it belongs to, announced when it appears. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className={chrome.alert}>
      {message}
    </p>
  )
}
