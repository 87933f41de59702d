import { texts } from '#lib/texts'
import { ColourPicker } from '~/editor/fields/ColourPicker'
import { SplitSettings, type SplitValues } from '~/editor/fields/SplitSettings'
import type { BlockEditorProps } from '../editors'

export function Editor({ block, set }: BlockEditorProps) {
  const b = block as unknown as SplitValues & { backgroundColour: string; fontColour: string }
  return (
    <div className="flex flex-col gap-6">
      <SplitSettings block={b} set={set} />
      <ColourPicker
        label={texts.blockEditors.colour.background}
        value={b.backgroundColour}
        onChange={(key) => set('backgroundColour', key)}
        font={{ value: b.fontColour, onChange: (f) => set('fontColour', f) }}
      />
    </div>
  )
}
