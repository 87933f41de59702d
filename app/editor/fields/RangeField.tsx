import { useId } from 'react'
import { chrome } from '../surfaces/classes.ts'

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

/** A slider with a number box beside it (both labelled; the number box accepts typing). */
export function RangeField({ label, value, min, max, step = 1, onChange, describe, error }: RangeFieldProps) {
  const id = useId()
  const clamp = (n: number) => Math.min(max, Math.max(min, Math.round(n / step) * step))
  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-3">
        <input id={id} type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(clamp(Number(e.target.value)))} className="min-w-0 flex-1 accent-red" aria-describedby={describe || error ? `${id}-info` : undefined} />
        <input
          type="number"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-label={label}
          onChange={(e) => {
            if (e.target.value !== '') onChange(clamp(Number(e.target.value)))
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
