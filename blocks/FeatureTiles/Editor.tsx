import { ColourPicker } from '#ui/editor/ColourPicker'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

export function Editor({ block, set }: BlockEditorProps<Props>) {
  return (
    <ColourPicker
      label={blockEditorTexts.colour.background}
      value={String(block.backgroundColour ?? '')}
      onChange={(key) => set('backgroundColour', key)}
    />
  )
}
