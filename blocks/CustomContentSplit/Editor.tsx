import { ColourPicker } from '#ui/editor/ColourPicker'
import { SplitSettings } from '../SplitContent/SplitSettingsEditor'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-6">
      <SplitSettings block={b} set={set} />
      <ColourPicker
        label={blockEditorTexts.colour.background}
        value={b.backgroundColour}
        onChange={(key) => set('backgroundColour', key)}
        font={{ value: b.fontColour, onChange: (f) => set('fontColour', f) }}
      />
    </div>
  )
}
