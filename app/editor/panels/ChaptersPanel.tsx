import { Dialog, Tooltip } from 'radix-ui'
import { useEffect, useState, type FormEvent } from 'react'
import { normaliseSlug } from '#lib/slug'
import type { StorySummary } from '#lib/stories'
import { texts } from '#lib/texts'
import { useApiBase } from '#ui/hooks/use-api-base'
import { messageOf } from '#ui/api.ts'
import { createStory, deleteStory, listStories } from '../chapters/stories-api.ts'
import { StoryEditor } from '../chapters/StoryEditor.tsx'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import { buttonClass, ErrorAlert, TextArea, TextInput } from '#ui/editor/fields.tsx'
import { PlusIcon, TrashIcon } from '../icons.tsx'
import { suggestSlug } from '../page/slug.ts'
import { toastSuccess } from '../toast.ts'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'

const t = texts.chapters
const s = editorTexts.story
const emptyForm = { title: '', slug: '', description: '', slugEdited: false }

/**
 * The 'Chapters' settings panel (spec 01 §2.11, §4): the Stories table (Title, Slug, Actions),
 * 'Create story' opening the 'New Story' modal, and a delete icon per row ('Delete Story', after
 * a confirmation). A story's title or its edit icon opens its detail (StoryEditor: header image,
 * up next, Save and Publish). Failures of the list, create and delete calls show in the panel's
 * error state.
 */
export default function ChaptersPanel() {
  const apiBase = useApiBase()
  const [stories, setStories] = useState<StorySummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const [form, setForm] = useState(emptyForm)
  const [busy, setBusy] = useState<'create' | 'delete' | null>(null)
  const [confirm, setConfirm] = useState<StorySummary | null>(null)
  const [editing, setEditing] = useState<string | null>(null)

  useEffect(() => {
    listStories()
      .then(setStories)
      .catch((err: unknown) => setError(messageOf(err)))
  }, [])

  async function create(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setBusy('create')
    setError(null)
    try {
      const story = await createStory({ title: form.title, slug: form.slug, description: form.description })
      // Spec 01 §4: the story joins the list and the form is reset.
      setStories((list) => [...(list ?? []), story])
      setForm(emptyForm)
      setCreating(false)
      toastSuccess(editorTexts.story.created(story.title || story.slug))
    } catch (err) {
      setError(messageOf(err))
      setCreating(false)
    } finally {
      setBusy(null)
    }
  }

  async function remove(story: StorySummary) {
    setBusy('delete')
    setError(null)
    try {
      await deleteStory(apiBase, story._id)
      setStories((list) => (list ?? []).filter((s) => s._id !== story._id))
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(null)
      setConfirm(null)
    }
  }

  const preview = normaliseSlug(form.slug)
  if (editing) {
    return (
      <StoryEditor
        storyId={editing}
        onBack={() => setEditing(null)}
        onStored={(story) => setStories((list) => (list ?? []).map((item) => (item._id === story._id ? story : item)))}
      />
    )
  }
  return (
    <div className="flex flex-col gap-4" data-chapters-panel="">
      <div className="flex items-center justify-between gap-4">
        <h3 className={chrome.heading}>{t.stories}</h3>
        <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
          <PlusIcon width={16} height={16} aria-hidden="true" />
          {t.createStory}
        </button>
      </div>
      <ErrorAlert message={error} />
      {stories === null && !error ? <p role="status">{editorTexts.loading}</p> : null}
      {stories ? (
        <Tooltip.Provider delayDuration={150}>
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t.title}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t.slug}
                </th>
                <th scope="col" className="w-24 py-2 font-medium">
                  {t.actions}
                </th>
              </tr>
            </thead>
            <tbody>
              {stories.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-4 text-neutral-600">
                    {t.noStories}
                  </td>
                </tr>
              ) : null}
              {stories.map((story) => (
                <tr key={story._id} className="border-b border-neutral-100">
                  <td className="py-2 pr-4 font-medium text-neutral-900">
                    <button type="button" className={`text-left hover:underline ${chrome.focus}`} onClick={() => setEditing(story._id)}>
                      {story.title || story.slug}
                    </button>
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs text-neutral-700">{story.slug}</td>
                  <td className="flex gap-2 py-2">
                    <Tooltip.Root>
                      <Tooltip.Trigger asChild>
                        <button
                          type="button"
                          aria-label={s.edit(story.title || story.slug)}
                          disabled={busy !== null}
                          onClick={() => setEditing(story._id)}
                          className={`inline-flex size-8 items-center justify-center rounded-md text-neutral-800 ring-1 ring-neutral-300 hover:bg-neutral-100 disabled:opacity-40 ${chrome.focus} focus-visible:ring-offset-0`}
                        >
                          <EditIcon />
                        </button>
                      </Tooltip.Trigger>
                      <Tooltip.Portal>
                        <Tooltip.Content
                          side="left"
                          sideOffset={6}
                          className={`${chrome.z} rounded-md bg-neutral-900 px-2 py-1 text-xs font-medium text-white shadow-md`}
                        >
                          {s.editStory}
                        </Tooltip.Content>
                      </Tooltip.Portal>
                    </Tooltip.Root>
                    <Tooltip.Root>
                      <Tooltip.Trigger asChild>
                        <button
                          type="button"
                          aria-label={`${t.deleteStory}: ${story.title || story.slug}`}
                          disabled={busy !== null}
                          onClick={() => setConfirm(story)}
                          className={`inline-flex size-8 items-center justify-center rounded-md text-red-darker ring-1 ring-neutral-300 hover:bg-red/5 disabled:opacity-40 ${chrome.focus} focus-visible:ring-offset-0`}
                        >
                          <TrashIcon width={16} height={16} aria-hidden="true" />
                        </button>
                      </Tooltip.Trigger>
                      <Tooltip.Portal>
                        <Tooltip.Content
                          side="left"
                          sideOffset={6}
                          className={`${chrome.z} rounded-md bg-neutral-900 px-2 py-1 text-xs font-medium text-white shadow-md`}
                        >
                          {t.deleteStory}
                        </Tooltip.Content>
                      </Tooltip.Portal>
                    </Tooltip.Root>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Tooltip.Provider>
      ) : null}

      <Dialog.Root open={creating} onOpenChange={(open) => !busy && setCreating(open)}>
        <Dialog.Portal>
          <Dialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/50`} />
          <Dialog.Content
            aria-describedby={undefined}
            className={`fixed top-1/2 left-1/2 ${chrome.z} max-h-[80vh] w-[min(520px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg ${chrome.panel} p-5 outline-none`}
          >
            <Dialog.Title className={chrome.heading}>{t.newStory}</Dialog.Title>
            <form noValidate onSubmit={(e) => void create(e)} className="mt-4 flex flex-col gap-4">
              <TextInput
                label={t.title}
                value={form.title}
                autoComplete="off"
                // The slug follows the title until the editor types one, as a new page's does.
                onChange={(e) =>
                  setForm({ ...form, title: e.target.value, slug: form.slugEdited ? form.slug : suggestSlug(e.target.value) })
                }
              />
              <TextInput
                label={t.slug}
                value={form.slug}
                autoComplete="off"
                spellCheck={false}
                hint={t.slugPreview(preview)}
                onChange={(e) => setForm({ ...form, slug: e.target.value, slugEdited: true })}
              />
              <TextArea
                label={t.description}
                value={form.description}
                onChange={(e) => setForm({ ...form, description: e.target.value })}
              />
              <div className="flex justify-end gap-2">
                <Dialog.Close className={buttonClass.secondary}>{editorTexts.cancel}</Dialog.Close>
                <button type="submit" className={buttonClass.primary} disabled={busy === 'create'} aria-busy={busy === 'create'}>
                  {t.create}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={!!confirm}
        description={confirm ? t.deleteConfirm(confirm.title || confirm.slug) : ''}
        confirmLabel={t.deleteStory}
        busy={busy === 'delete'}
        onConfirm={() => confirm && void remove(confirm)}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
    </div>
  )
}

/** A pencil: opens a story's detail. */
function EditIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />
    </svg>
  )
}
