import { Checkbox } from '#ui/editor/fields'
import { ColourPicker } from '#ui/editor/ColourPicker'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

/** Background plus font colour picker (spec 02 §2.9) and the picture's side. */
export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-5">
      <ColourPicker
        label={blockEditorTexts.colour.background}
        value={b.backgroundColour}
        onChange={(key) => set('backgroundColour', key)}
        font={{ value: b.fontColour, onChange: (f) => set('fontColour', f) }}
      />
      <Checkbox
        label={blockEditorTexts.imageNavigation.reversed}
        checked={b.reversed}
        onChange={(e) => set('reversed', e.target.checked)}
      />
    </div>
  )
}
