import { texts } from '#lib/texts'
import { TextInput } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import { isMapUrl, type Props } from './schema'
import { editorTexts, blockEditorTexts } from '#lib/editor-texts'

/** The region map URL editor (spec 02 §2.9): field 'Alpaca Url'; 'Value is missing' while empty (§5). */
export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  const value = b.alpacaURL ?? ''
  const error = !value.trim() ? editorTexts.valueMissing : !isMapUrl(value) ? texts.blocks.regionMap.noMap : undefined
  return (
    <TextInput
      label={blockEditorTexts.regionMap.url}
      type="url"
      spellCheck={false}
      value={value}
      error={error}
      onChange={(e) => set('alpacaURL', e.target.value)}
    />
  )
}
