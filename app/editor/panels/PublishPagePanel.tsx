import { buttonClass } from '#ui/editor/fields.tsx'
import { PageStatus } from '../page/PageStatus.tsx'
import { ScheduleSection } from '../page/ScheduleSection.tsx'
import { UnpublishButton } from '../page/UnpublishButton.tsx'
import { isPublished } from '../page/page-fields.ts'
import { usePageActions } from '../page/use-page-actions.ts'
import { useEditorState } from '../state/store.tsx'
import { PublishBlockedNote, useCurrentUser } from '../team/current-user.tsx'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pagePanel

/**
 * The 'Publish Page' sidebar (spec 01 §4): saves and publishes in one call ('Page Published'; the
 * server indexes it for search), or takes the page off the public site ('Page Unpublished').
 */
export default function PublishPagePanel() {
  const { isDirty } = useEditorState().page
  const actions = usePageActions()
  const { mayPublish } = useCurrentUser()
  if (!actions.page) return <p>{t.noPage}</p>
  return (
    <div className="flex flex-col gap-5">
      <PageStatus page={actions.page} isDirty={isDirty} />
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={actions.busy !== null || !mayPublish}
          aria-describedby={mayPublish ? undefined : 'publish-blocked-reason'}
          aria-busy={actions.busy === 'publish'}
          onClick={() => void actions.publish()}
        >
          {t.publishPage}
        </button>
        <PublishBlockedNote id="publish-blocked-reason" />
        {isPublished(actions.page) && mayPublish ? <UnpublishButton actions={actions} label={t.unpublishPage} /> : null}
      </div>
      {mayPublish ? <ScheduleSection /> : null}
    </div>
  )
}
