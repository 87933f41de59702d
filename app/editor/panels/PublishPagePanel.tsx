import { useState } from 'react'
import { buttonClass } from '#ui/editor/fields.tsx'
import { PublishChecks, usePublishChecks } from '../publish/PublishChecks.tsx'
import { PublishReceipt, type PublishedNow } from '../publish/PublishReceipt.tsx'
import { useRouteCollection } from '../use-route-page.ts'
import { PageStatus } from '../page/PageStatus.tsx'
import { ScheduleSection } from '../page/ScheduleSection.tsx'
import { UnpublishButton } from '../page/UnpublishButton.tsx'
import { isPublished } from '../page/page-fields.ts'
import { usePageActions } from '../page/use-page-actions.ts'
import { useEditorState } from '../state/store.tsx'
import { PublishBlockedNote, useCurrentUser } from '../team/current-user.tsx'
import { editorTexts } from '#lib/editor-texts'
import { LanguageHistory } from '../language/LanguageHistory.tsx'
import { useDefaultLanguageName } from '../language/LanguageFieldEditor.tsx'

const t = editorTexts.pagePanel
const l = editorTexts.language

/**
 * The 'Publish Page' sidebar (spec 01 §4): saves and publishes in one call ('Page Published'; the
 * server indexes it for search), or takes the page off the public site ('Page Unpublished').
 */
export default function PublishPagePanel() {
  const { isDirty } = useEditorState().page
  const actions = usePageActions()
  const { mayPublish } = useCurrentUser()
  const collection = useRouteCollection()
  const checks = usePublishChecks(actions.page)
  const [published, setPublished] = useState<PublishedNow | null>(null)
  if (!actions.page) return <p>{t.noPage}</p>
  if (actions.languageName) return <LanguagePublish actions={actions} isDirty={isDirty} mayPublish={mayPublish} checks={checks} />
  const blocked = checks.kind === 'done' && checks.findings.some((f) => f.blocking)
  const page = actions.page
  async function publish() {
    const startedAt = performance.now()
    setPublished(null)
    if (await actions.publish()) setPublished({ id: page._id, collection, startedAt })
  }
  return (
    <div className="flex flex-col gap-5">
      <PageStatus page={page} isDirty={isDirty} />
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={actions.busy !== null || !mayPublish || blocked}
          aria-describedby={!mayPublish ? 'publish-blocked-reason' : blocked ? 'publish-checks-blocking' : undefined}
          aria-busy={actions.busy === 'publish'}
          onClick={() => void publish()}
        >
          {t.publishPage}
        </button>
        <PublishBlockedNote id="publish-blocked-reason" />
        {isPublished(page) && mayPublish ? <UnpublishButton actions={actions} label={t.unpublishPage} /> : null}
      </div>
      {published ? <PublishReceipt published={published} /> : null}
      <PublishChecks state={checks} blockingId="publish-checks-blocking" />
      {mayPublish ? <ScheduleSection /> : null}
    </div>
  )
}

/**
 * Publish Page in a further language (decision 028): publishes that language's texts only; "Publish
 * all languages" publishes the page with the default language and every language's draft.
 */
function LanguagePublish({
  actions,
  isDirty,
  mayPublish,
  checks,
}: {
  actions: ReturnType<typeof usePageActions>
  isDirty: boolean
  mayPublish: boolean
  checks: ReturnType<typeof usePublishChecks>
}) {
  const name = actions.languageName ?? ''
  const defaultName = useDefaultLanguageName()
  const page = actions.page
  if (!page) return null
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={l.status(name)} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-neutral-900">{l.status(name)}</h3>
        <PageStatus page={page} isDirty={isDirty} />
      </section>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          disabled={actions.busy !== null || !mayPublish}
          aria-describedby={mayPublish ? undefined : 'publish-blocked-reason'}
          aria-busy={actions.busy === 'publish'}
          onClick={() => void actions.publish()}
        >
          {l.publish(name)}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={actions.busy !== null || !mayPublish}
          aria-describedby={mayPublish ? 'publish-all-hint' : 'publish-blocked-reason'}
          aria-busy={actions.busy === 'publishAll'}
          onClick={() => void actions.publishAll()}
        >
          {l.publishAll}
        </button>
        <p id="publish-all-hint" className="text-xs text-neutral-600">
          {l.publishAllHint(defaultName, name)}
        </p>
        <PublishBlockedNote id="publish-blocked-reason" />
        {isPublished(page) && mayPublish ? (
          <UnpublishButton
            actions={actions}
            label={l.unpublish(name)}
            ask={{ title: l.unpublishTitle(name), description: l.unpublishDescription(name, defaultName), confirm: l.unpublish(name) }}
          />
        ) : null}
      </div>
      <PublishChecks state={checks} blockingId="publish-checks-blocking" />
      {mayPublish ? <ScheduleSection /> : null}
      <LanguageHistory name={name} />
    </div>
  )
}
