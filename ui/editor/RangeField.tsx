import { useId, useState } from 'react'
import { chrome } from './classes.ts'

export interface RangeFieldProps {
  label: string
  value: number
  min: number
  max: number
  step?: number
  onChange: (value: number) => void
  /** What the value means, shown beside it (e.g. '32 px'). */
  describe?: (value: number) => string
  error?: string | undefined
}

/**
 * A slider with a number box beside it (both labelled; the number box accepts typing). What is
 * typed is taken as soon as it is in range; out of range, it stays as typed (marked invalid) and
 * is held to min..max when the box is left or Enter is pressed, so typing '55' into a 10-100 box
 * is not cut short at '5'.
 */
export function RangeField({ label, value, min, max, step = 1, onChange, describe, error }: RangeFieldProps) {
  const id = useId()
  const [typed, setTyped] = useState<string | null>(null)
  const clamp = (n: number) => Math.min(max, Math.max(min, Math.round(n / step) * step))
  const inRange = (n: number) => Number.isFinite(n) && n >= min && n <= max
  const commit = () => {
    if (typed === null) return
    const n = Number(typed)
    if (typed.trim() !== '' && Number.isFinite(n) && clamp(n) !== value) onChange(clamp(n))
    setTyped(null)
  }
  const typedNumber = typed === null || typed.trim() === '' ? null : Number(typed)
  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onChange(clamp(Number(e.target.value)))}
          className="min-w-0 flex-1 accent-red"
          aria-describedby={describe || error ? `${id}-info` : undefined}
        />
        <input
          type="number"
          min={min}
          max={max}
          step={step}
          value={typed ?? value}
          aria-label={label}
          aria-invalid={typedNumber !== null && !inRange(typedNumber) ? true : undefined}
          onChange={(e) => {
            const raw = e.target.value
            setTyped(raw)
            const n = Number(raw)
            if (raw.trim() !== '' && inRange(n)) onChange(clamp(n))
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit()
            }
          }}
          className={`${chrome.input} ${chrome.focus} w-20 focus-visible:ring-offset-0`}
        />
      </div>
      {describe || error ? (
        <p id={`${id}-info`} className={error ? chrome.fieldError : 'mt-1 text-xs text-neutral-600'}>
          {error ?? describe?.(value)}
        </p>
      ) : null}
    </div>
  )
}
