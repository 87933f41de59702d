import { Checkbox, TextArea } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-4">
      <TextArea
        label={blockEditorTexts.formattedText.label}
        hint={blockEditorTexts.formattedText.help}
        rows={12}
        value={b.text}
        onChange={(e) => set('text', e.target.value)}
      />
      <Checkbox
        label={blockEditorTexts.featureBlock.inContainer}
        checked={b.inContainer}
        onChange={(e) => set('inContainer', e.target.checked)}
      />
    </div>
  )
}
