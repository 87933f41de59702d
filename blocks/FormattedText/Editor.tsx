import { texts } from '#lib/texts'
import { Checkbox, TextArea } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-4">
      <TextArea
        label={texts.blockEditors.formattedText.label}
        hint={texts.blockEditors.formattedText.help}
        rows={12}
        value={b.text}
        onChange={(e) => set('text', e.target.value)}
      />
      <Checkbox
        label={texts.blockEditors.featureBlock.inContainer}
        checked={b.inContainer}
        onChange={(e) => set('inContainer', e.target.checked)}
      />
    </div>
  )
}
