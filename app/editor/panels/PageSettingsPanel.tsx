import { ImageField } from '../common/ImageField.tsx'
import { Tabs } from 'radix-ui'
import { useId, useState } from 'react'
import { normaliseSlug } from '#lib/slug'
import { palette, swatch } from '#lib/palette'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import { buttonClass, Checkbox, SelectInput, TextArea, TextInput, ErrorAlert } from '#ui/editor/fields.tsx'
import { PageHistory } from '../page/PageHistory.tsx'
import { booleanOf, isPublished, ogOf, stringOf, titleOf, versionOf, withField, withHeaderField, withOg } from '../page/page-fields.ts'
import { usePageActions } from '../page/use-page-actions.ts'
import { useSlugCheck } from '../page/use-slug-check.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { EditorPage } from '../state/types.ts'
import { chrome } from '#ui/editor/classes.ts'
import { useRouteCollection } from '../use-route-page.ts'
import { ChapterStoryField } from '../chapters/ChapterStoryField.tsx'
import { PagePermissions } from '../team/PagePermissions.tsx'
import { useCurrentUser } from '../team/current-user.tsx'
import { UnpublishButton } from '../page/UnpublishButton.tsx'
import { DraftLink } from '../page/DraftLink.tsx'
import { draftLinkTexts } from '#lib/draft-link'
import { teamTexts } from '#lib/team'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pageSettings
const headerTypeOptions = Object.entries(t.headerTypes).map(([value, label]) => ({ value, label }))
const tabClass = `-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-neutral-600 hover:text-neutral-900 data-[state=active]:border-red data-[state=active]:text-red ${chrome.focus} focus-visible:ring-offset-0`

/**
 * The 'Page Settings' modal (spec 01 §3): the page's title, address, header and background, its
 * search and sharing overrides, and its history. Changes go into the editor's page at once (so
 * closing this keeps them, unsaved, and leaving asks first); Save Page stores them.
 */
export default function PageSettingsPanel() {
  const { page, isDirty } = useEditorState().page
  const dispatch = useEditorDispatch()
  const collection = useRouteCollection()
  const actions = usePageActions()
  const { mayPublish } = useCurrentUser()
  const deleteBlockedId = useId()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const slug = stringOf(page, 'slug')
  const slugStatus = useSlugCheck(slug, { excludeId: page?._id, collection, enabled: !!page })

  if (!page) return <p>{editorTexts.pagePanel.noPage}</p>
  const current: EditorPage = page
  const edit = (next: EditorPage) => dispatch({ type: 'editPage', page: next })
  const og = ogOf(page)
  const taken = slugStatus === 'taken'
  const background = swatch(stringOf(page, 'backgroundColour') || 'backgroundLightYellow').key

  async function remove() {
    setDeleteError(null)
    const result = await actions.remove()
    setConfirmDelete(false)
    if (!result.ok) setDeleteError(result.message)
  }

  return (
    <div className="flex flex-col gap-4" data-page-settings="">
      <Tabs.Root defaultValue="general" className="min-h-[26rem]">
        <Tabs.List aria-label={editorTexts.panels.pageSettings} className="flex gap-1 border-b border-neutral-200">
          <Tabs.Trigger value="general" className={tabClass}>
            {t.tabs.general}
          </Tabs.Trigger>
          <Tabs.Trigger value="seo" className={tabClass}>
            {t.tabs.seo}
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className={tabClass}>
            {t.tabs.history}
          </Tabs.Trigger>
          <Tabs.Trigger value="permissions" className={tabClass}>
            {teamTexts.tabs.permissions}
          </Tabs.Trigger>
          {collection === 'pages' ? (
            <Tabs.Trigger value="share" className={tabClass}>
              {draftLinkTexts.tab}
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>

        <Tabs.Content value="general" className={`flex flex-col gap-4 pt-4 ${chrome.focus}`}>
          <TextInput label={t.title} value={titleOf(page)} onChange={(e) => edit(withHeaderField(current, 'title', e.target.value))} />
          {collection === 'chapters' ? <ChapterStoryField page={current} onChange={edit} /> : null}
          <TextInput
            label={t.slug}
            value={slug}
            spellCheck={false}
            autoComplete="off"
            hint={editorTexts.createPage.slugPreview(normaliseSlug(slug))}
            status={slugStatus === 'checking' ? editorTexts.createPage.slugChecking : ''}
            error={taken ? editorTexts.createPage.slugTaken : undefined}
            onChange={(e) => edit(withField(current, 'slug', e.target.value))}
          />
          <SelectInput
            label={t.headerType}
            value={stringOf(page, 'headerType') || 'HeaderThree'}
            options={headerTypeOptions}
            onChange={(e) => edit(withField(current, 'headerType', e.target.value))}
          />
          <Checkbox
            label={t.showBreadcrumb}
            checked={booleanOf(page, 'showBreadcrumb', true)}
            onChange={(e) => edit(withField(current, 'showBreadcrumb', e.target.checked))}
          />
          <fieldset>
            <legend className={chrome.label}>{t.backgroundColour}</legend>
            <div className="mt-2 grid grid-cols-5 gap-2">
              {palette.map((s) => (
                <label
                  key={s.key}
                  className="group flex cursor-pointer flex-col items-center gap-1 text-center text-[11px] leading-tight text-neutral-700"
                >
                  <input
                    type="radio"
                    name="page-background"
                    value={s.key}
                    checked={background === s.key}
                    onChange={() => edit(withField(current, 'backgroundColour', s.key))}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className="block h-8 w-full rounded-md ring-1 ring-neutral-300 peer-checked:ring-2 peer-checked:ring-red peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-red"
                    style={{
                      background:
                        s.value === 'transparent' ? 'repeating-conic-gradient(#e5e5e5 0 25%, #fff 0 50%) 50% / 12px 12px' : s.value,
                    }}
                  />
                  {s.label}
                </label>
              ))}
            </div>
          </fieldset>
        </Tabs.Content>

        <Tabs.Content value="seo" className={`flex flex-col gap-4 pt-4 ${chrome.focus}`}>
          <TextInput
            label={t.seoTitle}
            value={stringOf(page, 'title')}
            onChange={(e) => edit(withField(current, 'title', e.target.value))}
          />
          <TextArea
            label={t.seoDescription}
            value={stringOf(page, 'description')}
            onChange={(e) => edit(withField(current, 'description', e.target.value))}
          />
          <TextInput label={t.ogTitle} value={og.title} onChange={(e) => edit(withOg(current, { title: e.target.value }))} />
          <TextArea
            label={t.ogDescription}
            value={og.description}
            onChange={(e) => edit(withOg(current, { description: e.target.value }))}
          />
          <ImageField label={t.ogImage} value={og.imageId} onChange={(imageId) => edit(withOg(current, { imageId }))} />
        </Tabs.Content>

        <Tabs.Content value="history" className={`pt-4 ${chrome.focus}`}>
          <PageHistory pageId={page._id} collection={collection} currentVersion={versionOf(page)} />
        </Tabs.Content>

        <Tabs.Content value="permissions" className={`pt-4 ${chrome.focus}`}>
          <PagePermissions page={current} collection={collection} />
        </Tabs.Content>

        {collection === 'pages' ? (
          <Tabs.Content value="share" className={`pt-4 ${chrome.focus}`}>
            <DraftLink pageId={page._id} unsaved={isDirty} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>

      <ErrorAlert message={deleteError} />
      {mayPublish ? null : (
        <p id={deleteBlockedId} className="text-sm text-neutral-600">
          {t.deleteBlocked}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 pt-4">
        <p role="status" className="text-sm text-neutral-600">
          {isDirty ? editorTexts.pagePanel.unsaved : editorTexts.pagePanel.allSaved}
        </p>
        <div className="flex flex-wrap gap-2">
          {/* Deleting and unpublishing need the publish right (the server checks it too): an Editor sees why. */}
          <button
            type="button"
            className={buttonClass.danger}
            disabled={actions.busy !== null || !mayPublish}
            aria-describedby={mayPublish ? undefined : deleteBlockedId}
            title={mayPublish ? undefined : t.deleteBlocked}
            onClick={() => setConfirmDelete(true)}
          >
            {t.delete}
          </button>
          {isPublished(page) && mayPublish ? <UnpublishButton actions={actions} label={t.unpublish} /> : null}
          <button
            type="button"
            className={buttonClass.primary}
            disabled={actions.busy !== null || taken || slugStatus === 'checking'}
            aria-busy={actions.busy === 'save'}
            onClick={() => void actions.save()}
          >
            {t.savePage}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        description={t.deleteConfirm(normaliseSlug(slug))}
        confirmLabel={t.delete}
        busy={actions.busy === 'delete'}
        onConfirm={() => void remove()}
        onOpenChange={setConfirmDelete}
      />
    </div>
  )
}
