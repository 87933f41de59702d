import { buttonClass } from '#ui/editor/fields.tsx'
import { PageStatus } from '../page/PageStatus.tsx'
import { usePageActions } from '../page/use-page-actions.ts'
import { useEditorState } from '../state/store.tsx'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pagePanel

/** The 'Save Page' sidebar (spec 01 §4): saves the draft with the version it was loaded at ('Page Saved'). */
export default function SavePagePanel() {
  const { isDirty } = useEditorState().page
  const actions = usePageActions()
  if (!actions.page) return <p>{t.noPage}</p>
  return (
    <div className="flex flex-col gap-5">
      <PageStatus page={actions.page} isDirty={isDirty} />
      <button
        type="button"
        className={buttonClass.primary}
        disabled={actions.busy !== null}
        aria-busy={actions.busy === 'save'}
        onClick={() => void actions.save()}
      >
        {t.savePage}
      </button>
    </div>
  )
}
