import { useEffect, useId, useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import { normaliseSlug } from '#lib/slug'
import type { Story, StorySummary } from '#lib/stories'
import { chapterTexts } from '#lib/texts'
import { ApiError, fieldErrorsOf, messageOf } from '#ui/api.ts'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import { ImageField } from '../common/ImageField.tsx'
import { buttonClass, ErrorAlert, TextArea, TextInput } from '#ui/editor/fields.tsx'
import { PublishIcon, SaveIcon } from '../icons.tsx'
import { LinkFields } from '../site/LinkEditors.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { useCloseGuard } from '../surfaces/close-guard.tsx'
import { toastError, toastSuccess } from '../toast.ts'
import { loadStory, storeStory } from './stories-api.ts'
import { draftOf, isDirty, storyPayload, withImage, type StoryDraft } from './story-draft.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.story
const c = chapterTexts

/**
 * A story's detail in the Chapters panel (spec 01 §3 Story): title, slug, description, the header
 * image chapter pages show behind their title, and the 'up next' teaser after the last chapter,
 * with its heading, subtitle, link and image; Save keeps a draft, Publish shows it to visitors.
 * Its chapter pages are listed. A failed load shows in the panel's error state (spec 02 §8).
 */
export function StoryEditor({
  storyId,
  onBack,
  onStored,
}: {
  storyId: string
  onBack: () => void
  onStored: (story: StorySummary) => void
}) {
  const [story, setStory] = useState<Story | null>(null)
  const [saved, setSaved] = useState<StoryDraft | null>(null)
  const [draft, setDraft] = useState<StoryDraft | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)

  useEffect(() => {
    let active = true
    loadStory(storyId)
      .then((loaded) => {
        if (!active) return
        setStory(loaded)
        setSaved(draftOf(loaded))
        setDraft(draftOf(loaded))
      })
      .catch((err: unknown) => active && setLoadError(messageOf(err)))
    return () => {
      active = false
    }
  }, [storyId])

  if (loadError || !story || !saved || !draft) {
    return (
      <div className="flex flex-col gap-4">
        <BackButton onClick={onBack} />
        <ErrorAlert message={loadError} />
        {loadError ? null : <p role="status">{editorTexts.loading}</p>}
      </div>
    )
  }
  return (
    <StoryForm
      story={story}
      saved={saved}
      draft={draft}
      onChange={setDraft}
      onBack={onBack}
      onStored={(next) => {
        setStory(next)
        setSaved(draftOf(next))
        setDraft(draftOf(next))
        onStored({ _id: next._id, title: next.title, slug: next.slug, description: next.description })
      }}
    />
  )
}

function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={`${buttonClass.secondary} ${buttonClass.small} self-start`} onClick={onClick}>
      <svg
        viewBox="0 0 24 24"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M15 18l-6-6 6-6" />
      </svg>
      {t.back}
    </button>
  )
}

function statusOf(story: Story): string {
  if (!story.published) return t.status.unpublished
  return story.lastPublished && story.lastPublished < story.updatedAt ? t.status.changes : t.status.published
}

function StoryForm({
  story,
  saved,
  draft,
  onChange,
  onBack,
  onStored,
}: {
  story: Story
  saved: StoryDraft
  draft: StoryDraft
  onChange: (next: StoryDraft) => void
  onBack: () => void
  onStored: (story: Story) => void
}) {
  const { revalidate } = useRevalidator()
  const upNextId = useId()
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [leaving, setLeaving] = useState(false)
  const dirty = isDirty(saved, draft)
  useCloseGuard(dirty)

  async function store(publish: boolean) {
    if (busy) return
    setBusy(publish ? 'publish' : 'save')
    setErrors({})
    try {
      const answer = await storeStory(storyPayload(story, draft), publish)
      onStored(answer)
      toastSuccess(publish ? t.published : t.saved)
      // The chapter page the editor is on shows the story's new header and teaser.
      void revalidate()
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldErrorsOf(err.details, err.message))
      toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  const set = (patch: Partial<StoryDraft>) => onChange({ ...draft, ...patch })
  const setUpNext = (patch: Partial<StoryDraft['upNext']>) => onChange({ ...draft, upNext: { ...draft.upNext, ...patch } })

  return (
    <form
      noValidate
      aria-label={t.edit(story.title || story.slug)}
      data-story-editor=""
      className="flex flex-col gap-5"
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        void store(false)
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton onClick={() => (dirty ? setLeaving(true) : onBack())} />
        <div className="flex gap-2">
          <button
            type="submit"
            className={`${buttonClass.secondary} ${buttonClass.small}`}
            disabled={busy !== null}
            aria-busy={busy === 'save'}
          >
            <SaveIcon width={14} height={14} />
            {editorTexts.save}
          </button>
          <button
            type="button"
            className={`${buttonClass.primary} ${buttonClass.small}`}
            disabled={busy !== null}
            aria-busy={busy === 'publish'}
            onClick={() => void store(true)}
          >
            <PublishIcon width={14} height={14} />
            {editorTexts.publish}
          </button>
        </div>
      </div>
      <div>
        <h3 className={chrome.heading}>{story.title || story.slug}</h3>
        <p className="mt-1 text-xs text-neutral-700" data-story-status="">
          {statusOf(story)}
          {dirty ? ` · ${editorTexts.siteDocs.unsaved}` : ''}
        </p>
      </div>

      <TextInput
        label={c.title}
        value={draft.title}
        maxLength={200}
        autoComplete="off"
        error={errors.title}
        onChange={(e) => set({ title: e.target.value })}
      />
      <TextInput
        label={c.slug}
        value={draft.slug}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        hint={c.slugPreview(normaliseSlug(draft.slug) || story._id)}
        error={errors.slug}
        onChange={(e) => set({ slug: e.target.value })}
      />
      <TextArea
        label={c.description}
        value={draft.description}
        maxLength={2000}
        error={errors.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div>
        <ImageField
          label={t.headerImage}
          value={draft.headerImage.imageId}
          onChange={(imageId) => set({ headerImage: withImage(draft.headerImage, imageId) })}
        />
        <p className="mt-1 text-xs text-neutral-600">{t.headerImageHint}</p>
      </div>

      <fieldset aria-labelledby={upNextId} className="flex flex-col gap-3 rounded-md border border-neutral-200 p-3">
        <legend id={upNextId} className="px-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          {t.upNext}
        </legend>
        <p className="text-xs text-neutral-600">{t.upNextHint}</p>
        <TextInput
          label={t.heading}
          value={draft.upNext.heading}
          maxLength={200}
          error={errors['upNext.heading']}
          onChange={(e) => setUpNext({ heading: e.target.value })}
        />
        <TextArea
          label={t.subtitle}
          value={draft.upNext.subtitle}
          maxLength={500}
          error={errors['upNext.subtitle']}
          onChange={(e) => setUpNext({ subtitle: e.target.value })}
        />
        <LinkFields link={draft.upNext.link} onChange={(link) => setUpNext({ link })} />
        <ImageField
          label={t.upNextImage}
          value={draft.upNext.image.imageId}
          onChange={(imageId) => setUpNext({ image: withImage(draft.upNext.image, imageId) })}
        />
      </fieldset>

      <section aria-label={t.chapters(story.chapters.length)} className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-neutral-800">{t.chapters(story.chapters.length)}</h4>
        {story.chapters.length ? (
          <ol className="list-decimal pl-5 text-sm">
            {story.chapters.map((chapter) => (
              <li key={chapter._id}>
                <a className={chrome.link} href={`/${chapter.slug}`}>
                  {chapter.title || `/${chapter.slug}`}
                </a>
                {chapter.published ? null : <span className="ml-2 text-xs text-neutral-600">({t.draft})</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-neutral-600">{t.noChapters}</p>
        )}
      </section>

      <ConfirmDialog
        open={leaving}
        description={editorTexts.unsavedChanges}
        confirmLabel={editorTexts.siteDocs.discard}
        onConfirm={() => {
          setLeaving(false)
          onBack()
        }}
        onOpenChange={(open) => !open && setLeaving(false)}
      />
    </form>
  )
}
