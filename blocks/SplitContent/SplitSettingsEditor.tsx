import { SPLIT_GAP_MAX, SPLIT_PIXEL_GAP_MAX, SPLIT_PIXEL_GAPS, SPLIT_WIDTH_MAX } from './split'
import { Checkbox } from '#ui/editor/fields.tsx'
import { RangeField } from '#ui/editor/RangeField.tsx'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.split

export interface SplitValues {
  width: number
  gap: number
  usePixelGap: boolean
  reverse: { desktop: boolean; mobile: boolean }
  matchHeight: boolean
}

/**
 * 'Split Content settings' (spec 02 §2.9): first column width 0-10 twelfths, gap 0-5 twelfths or
 * the pixel scale 1-6 (4, 16, 24, 32, 48, 64 px), reverse per screen size, match heights.
 */
export function SplitSettings({ block, set }: { block: SplitValues; set: (path: string, value: unknown) => void }) {
  const gapMax = block.usePixelGap ? SPLIT_PIXEL_GAP_MAX : SPLIT_GAP_MAX
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-sm font-semibold text-neutral-900">{t.title}</h3>
      <RangeField
        label={t.width}
        value={block.width}
        min={0}
        max={SPLIT_WIDTH_MAX}
        onChange={(v) => set('width', v)}
        describe={(v) => (v === 0 ? '6 / 12 and 6 / 12' : `${v} / 12 and ${12 - v} / 12`)}
      />
      <RangeField
        label={t.gap}
        value={Math.min(block.gap, gapMax)}
        min={0}
        max={gapMax}
        onChange={(v) => set('gap', v)}
        describe={(v) => (block.usePixelGap ? `${SPLIT_PIXEL_GAPS[v]} px` : `${v} / 12`)}
      />
      <Checkbox
        label={t.usePixelGap}
        checked={block.usePixelGap}
        onChange={(e) => {
          set('usePixelGap', e.target.checked)
          // Leaving the pixel scale, a gap of 6 is out of the twelfths' range (0-5).
          if (!e.target.checked && block.gap > SPLIT_GAP_MAX) set('gap', SPLIT_GAP_MAX)
        }}
      />
      <Checkbox
        label={t.reverseDesktop}
        checked={block.reverse.desktop}
        onChange={(e) => set('reverse', { ...block.reverse, desktop: e.target.checked })}
      />
      <Checkbox
        label={t.reverseMobile}
        checked={block.reverse.mobile}
        onChange={(e) => set('reverse', { ...block.reverse, mobile: e.target.checked })}
      />
      <Checkbox label={t.matchHeight} checked={block.matchHeight} onChange={(e) => set('matchHeight', e.target.checked)} />
    </div>
  )
}
