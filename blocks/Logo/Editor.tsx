import { SelectInput } from '#ui/editor/fields'
import { RangeField } from '#ui/editor/RangeField'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.logo

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-4">
      <RangeField
        label={t.maxWidth}
        value={b.maxWidth}
        min={40}
        max={800}
        step={10}
        onChange={(v) => set('maxWidth', v)}
        describe={(v) => `${v} px`}
      />
      <SelectInput
        label={t.align}
        value={b.align}
        onChange={(e) => set('align', e.target.value)}
        options={[
          { value: 'left', label: t.left },
          { value: 'center', label: t.center },
          { value: 'right', label: t.right },
        ]}
      />
    </div>
  )
}
