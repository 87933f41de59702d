import { useId } from 'react'
import { SelectInput } from './fields.tsx'
import { chrome } from './classes.ts'
import { palette, swatch } from '#lib/palette'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.colour

export interface ColourPickerProps {
  /** The group's name, e.g. 'Background colour'. */
  label: string
  /** A palette key (lib/palette.ts). */
  value: string
  onChange: (key: string, label: string) => void
  /** With a font colour: '' follows the swatch's own font colour (the AA-safe one). */
  font?: { value: string; onChange: (font: '' | 'black' | 'white') => void }
}

/**
 * The colours picker of spec 02 §2.9: the palette's swatches (spec 01 §9) as a radio group, each
 * showing its font colour on it, plus a font-colour select. Arrow keys move between swatches.
 */
export function ColourPicker({ label, value, onChange, font }: ColourPickerProps) {
  const name = useId()
  const current = swatch(value, 'transparent')
  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className={chrome.label}>{label}</legend>
        <div className="mt-2 grid grid-cols-5 gap-2">
          {palette.map((s) => (
            <label
              key={s.key}
              className="group relative flex flex-col items-center gap-1 text-center text-[11px] leading-tight text-neutral-700"
            >
              <input
                type="radio"
                name={name}
                value={s.key}
                checked={current.key === s.key}
                onChange={() => onChange(s.key, s.label)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full text-xs font-bold ring-1 ring-neutral-300 peer-checked:ring-3 peer-checked:ring-red peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-red"
                style={{
                  background: s.value === 'transparent' ? 'repeating-conic-gradient(#e5e5e5 0 25%, #fff 0 50%) 50% / 10px 10px' : s.value,
                  color: s.font === 'white' ? '#fff' : '#000',
                }}
              >
                Aa
              </span>
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      {font ? (
        <SelectInput
          label={t.font}
          value={font.value}
          onChange={(e) => font.onChange(e.target.value as '' | 'black' | 'white')}
          options={[
            { value: '', label: `${t.fontAuto}: ${current.font === 'white' ? t.white : t.black}` },
            { value: 'black', label: t.black },
            { value: 'white', label: t.white },
          ]}
        />
      ) : null}
    </div>
  )
}
