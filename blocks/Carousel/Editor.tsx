import { Checkbox } from '#ui/editor/fields'
import { ColourPicker } from '#ui/editor/ColourPicker'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-5">
      <ColourPicker
        label={t.colour.background}
        value={b.background.value}
        onChange={(value, label) => set('background', { value, label })}
      />
      <Checkbox label={t.carousel.reversed} checked={b.reversed} onChange={(e) => set('reversed', e.target.checked)} />
      <p className="text-xs text-neutral-600" aria-live="polite">
        {b.items.length >= 5 ? t.carousel.full : `${b.items.length} / 5`}
      </p>
    </div>
  )
}
