import { useEffect, useId, useState } from 'react'
import { formatDmy, parseDate, parseDmy } from '#lib/dates'
import { useTexts } from '#ui/locale'
import { readTypedDate } from './typed-date'

/**
 * A date typed as DD/MM/YYYY (spec 02 §2.2). A complete valid date (or an emptied box) applies at
 * once; until then the typed text stays as it is, marked invalid only once it is long enough to be
 * wrong. A date the other field rules out (`refuse`: a From after To, a To before From) is not
 * applied: the text stays, marked invalid, with the reason under it. Without JavaScript the form
 * sends the text and the server reads DD/MM/YYYY too.
 */
export function DateField({
  label,
  name,
  value,
  refuse,
  onChange,
  onImpossible,
}: {
  label: string
  name: string
  value: string
  /** Why this date cannot be taken, or null when it can. */
  refuse: (iso: string) => string | null
  onChange: (iso: string) => void
  /** Told whether the box now holds a complete date that does not exist (31/02/2026). */
  onImpossible?: (impossible: boolean) => void
}) {
  const t = useTexts().listings.grid
  const [draft, setDraft] = useState<string | null>(null)
  const [refused, setRefused] = useState<string | null>(null)
  const hintId = useId()
  const errorId = useId()
  const shown = draft ?? formatDmy(parseDate(value))
  const impossible = draft !== null && draft.trim().length >= 8 && !parseDmy(draft)
  const invalid = impossible || refused !== null
  // The grid must not go on showing the old results as if they matched (issue 31).
  useEffect(() => onImpossible?.(impossible), [impossible, onImpossible])
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
        <span>
          {label}{' '}
          <span id={hintId} className="font-normal text-ink-soft">
            ({t.dateHint})
          </span>
        </span>
        <input
          type="text"
          name={name}
          value={shown}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.dateHint}
          maxLength={10}
          pattern="\d{1,2}/\d{1,2}/\d{4}"
          aria-describedby={`${hintId} ${errorId}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const typed = readTypedDate(event.target.value, value, refuse)
            setRefused(typed.refused)
            setDraft(typed.draft)
            if (typed.apply !== null) onChange(typed.apply)
          }}
          className="min-h-12 rounded-md border border-ink/25 bg-white px-4 text-base font-normal aria-invalid:border-red-lighter"
        />
      </label>
      <p id={errorId} aria-live="polite" className="text-sm font-semibold text-red empty:hidden">
        {refused ?? (impossible ? t.notADate : null)}
      </p>
    </div>
  )
}
