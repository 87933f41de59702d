import { Checkbox } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.featureBlock

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <div className="flex flex-col gap-3">
      <Checkbox label={t.inContainer} checked={b.inContainer} onChange={(e) => set('inContainer', e.target.checked)} />
      <Checkbox label={t.hideHeaders} checked={b.hideHeaders} onChange={(e) => set('hideHeaders', e.target.checked)} />
      <Checkbox label={t.hideLists} checked={b.hideLists} onChange={(e) => set('hideLists', e.target.checked)} />
    </div>
  )
}
