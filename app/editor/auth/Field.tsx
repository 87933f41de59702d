import { useId, type InputHTMLAttributes } from 'react'
import { chrome } from '#ui/editor/classes.ts'

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** A message shown under the field and announced with it. */
  error?: string | undefined
  /** Marks the field invalid without a message (the login form, spec 01 §5). */
  invalid?: boolean
}

/** A labelled input with its error message. */
export function Field({ label, error, invalid, ...input }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <input
        id={id}
        className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={chrome.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
