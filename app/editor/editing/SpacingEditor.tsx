import type { Spacing } from '#lib/content'
import { DEFAULT_SPACING, SPACING_PX } from '#blocks/spacing'
import { buttonClass, SelectInput } from '#ui/editor/fields.tsx'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks
const sides = [
  ['marginTop', t.marginTop],
  ['marginBottom', t.marginBottom],
  ['paddingTop', t.paddingTop],
  ['paddingBottom', t.paddingBottom],
] as const
const breakpoints = ['base', 'sm', 'lg'] as const
const options = SPACING_PX.map((px, i) => ({ value: String(i), label: i === 0 ? '0 (none)' : `${i} (${px} px)` }))

/** The spacing of spec 01 §9: margins and padding, top and bottom, per breakpoint, on the 0-6 scale. */
export function SpacingEditor({ spacing, onChange }: { spacing: Spacing | undefined; onChange: (next: Spacing | undefined) => void }) {
  const valueOf = (side: keyof Spacing, bp: (typeof breakpoints)[number]) => (spacing?.[side] ?? DEFAULT_SPACING[side])[bp]
  return (
    <div className="flex flex-col gap-4">
      <p className="text-xs text-neutral-600">{t.spacingHint}</p>
      {sides.map(([side, name]) => (
        <fieldset key={side} className="rounded-md border border-neutral-200 p-3">
          <legend className="px-1 text-xs font-semibold tracking-wide text-neutral-700 uppercase">{name}</legend>
          <div className="grid grid-cols-3 gap-2">
            {breakpoints.map((bp) => (
              <SelectInput
                key={bp}
                label={t.breakpoints[bp]}
                aria-label={`${name}, ${t.breakpoints[bp]}`}
                value={String(valueOf(side, bp))}
                options={options}
                onChange={(e) => {
                  const current = spacing?.[side] ?? DEFAULT_SPACING[side]
                  onChange({ ...spacing, [side]: { ...current, [bp]: Number(e.target.value) } })
                }}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={`${buttonClass.secondary} ${buttonClass.small} self-start`}
        disabled={!spacing}
        onClick={() => onChange(undefined)}
      >
        {t.resetSpacing}
      </button>
    </div>
  )
}
