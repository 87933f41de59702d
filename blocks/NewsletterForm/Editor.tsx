import { TextInput } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.newsletter

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  const actionOk = !b.formAction || /^https:\/\/\S+$/i.test(b.formAction) || /^\/[\w/-]+$/.test(b.formAction)
  return (
    <div className="flex flex-col gap-4">
      <TextInput
        label={t.action}
        hint={t.actionHint}
        type="url"
        spellCheck={false}
        value={b.formAction}
        error={actionOk ? undefined : 'The form service address must start with https://'}
        onChange={(e) => set('formAction', e.target.value.trim())}
      />
      <TextInput label={t.emailField} spellCheck={false} value={b.emailField} onChange={(e) => set('emailField', e.target.value.trim())} />
    </div>
  )
}
