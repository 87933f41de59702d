import { texts } from '#lib/texts'
import { ColourPicker } from '#ui/editor/ColourPicker'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

export function Editor({ block, set }: BlockEditorProps<Props>) {
  return (
    <ColourPicker
      label={texts.blockEditors.colour.background}
      value={String(block.backgroundColour ?? '')}
      onChange={(key) => set('backgroundColour', key)}
    />
  )
}
