/** Sidebar of the BookEasySearch block: background colour and booking type. Editor chunk only. */
import { SelectInput } from '#ui/editor/fields'
import { ColourPicker } from '#ui/editor/ColourPicker'
import { typeOptions } from '../BookEasy/Editor'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

export function Editor({ block, set }: BlockEditorProps<Props>) {
  const { type, backgroundColour } = block
  return (
    <div className="flex flex-col gap-4">
      <ColourPicker label="Background colour" value={backgroundColour} onChange={(key) => set('backgroundColour', key)} />
      <SelectInput label="Booking type" value={String(type)} options={typeOptions} onChange={(e) => set('type', Number(e.target.value))} />
    </div>
  )
}
