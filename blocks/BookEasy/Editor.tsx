/**
 * Sidebar of the BookEasy block (spec 02 §2.9 "BookEasy background colour picker"): background
 * colour, the provider's product id, the booking type and the first date offered. Editor chunk only.
 */
import { SelectInput, TextInput } from '#ui/editor/fields'
import { ColourPicker } from '#ui/editor/ColourPicker'
import { gadgetTypes } from '#lib/gadget-types'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

export const typeOptions = gadgetTypes.map((t) => ({ value: String(t.id), label: `${t.label} (${t.id})` }))

export function Editor({ block, set }: BlockEditorProps<Props>) {
  const { productID, type, defaultDate, backgroundColour } = block
  return (
    <div className="flex flex-col gap-4">
      <ColourPicker label="Background colour" value={backgroundColour} onChange={(key) => set('backgroundColour', key)} />
      <TextInput
        label="Product id"
        hint="The booking provider's product (operator) id. Empty: the region's products of the type."
        inputMode="numeric"
        value={productID}
        onChange={(e) => set('productID', e.target.value.replace(/[^0-9]/g, ''))}
      />
      <SelectInput label="Booking type" value={String(type)} options={typeOptions} onChange={(e) => set('type', Number(e.target.value))} />
      <TextInput
        label="First date offered"
        hint="DD/MM/YYYY, optional"
        placeholder="DD/MM/YYYY"
        value={defaultDate}
        onChange={(e) => set('defaultDate', e.target.value)}
      />
    </div>
  )
}
