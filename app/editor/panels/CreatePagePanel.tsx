import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { normaliseSlug } from '#lib/slug'
import { isTemplateKey, pageTemplates, templateKeys, type TemplateKey } from '#lib/templates'
import { texts } from '#lib/texts'
import { messageOf, postApi } from '#ui/api.ts'
import { buttonClass, SelectInput, TextInput, ErrorAlert } from '#ui/editor/fields.tsx'
import { pathOfSlug, suggestSlug } from '../page/slug.ts'
import { useSlugCheck } from '../page/use-slug-check.ts'
import { pageTypeOptions, useNewPageType } from '../chapters/chapter-page.ts'
import { StorySelect } from '../chapters/StorySelect.tsx'
import { useEditorDispatch } from '../state/store.tsx'
import { toastSuccess } from '../toast.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.createPage
const templateOptions = templateKeys.map((key) => ({ value: key, label: pageTemplates[key].label }))

/**
 * The 'Create New Page' modal (spec 01 §2.14): a template, a title and a slug (suggested from the
 * title until the editor types one, checked live). Creating saves a draft and opens it: visitors
 * see it only once it is published.
 */
export default function CreatePagePanel() {
  const dispatch = useEditorDispatch()
  const navigate = useNavigate()
  const [template, setTemplate] = useState<TemplateKey>('generic')
  const [title, setTitle] = useState('')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)

  // A chapter page (spec 01 §2.13) lives in the 'chapters' collection under its story's slug.
  const kind = useNewPageType()
  const normalised = normaliseSlug(kind.slugFor(normaliseSlug(slug)))
  const status = useSlugCheck(normalised, {
    collection: kind.collection,
    enabled: (slugEdited || title.trim() !== '') && !kind.missingStory,
  })
  const titleError = submitted && !title.trim() ? t.titleRequired : undefined
  const taken = status === 'taken'

  function changeTitle(value: string) {
    setTitle(value)
    if (!slugEdited) setSlug(suggestSlug(value))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setServerError(null)
    if (!title.trim() || taken || status === 'checking' || busy || kind.missingStory) return
    setBusy(true)
    try {
      const saved = await postApi('/page/save', {
        page: { slug: normalised, template, header: { title: title.trim() }, ...kind.pageFields() },
        collection: kind.collection,
      })
      toastSuccess(texts.toasts.pageSaved)
      // The new page opens ready to edit: Select Component is on, so its empty list offers "Add
      // component" at once (a new page has no blocks; on the Empty template nothing else shows).
      dispatch({ type: 'toggleActiveItem', item: 'select' })
      void navigate(pathOfSlug(saved.slug))
    } catch (err) {
      setServerError(messageOf(err))
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" data-create-page="">
      <SelectInput
        label={texts.chapters.pageType}
        value={kind.pageType}
        options={pageTypeOptions}
        onChange={(event) => kind.setPageType(event.target.value === 'chapters' ? 'chapters' : 'page')}
      />
      {kind.isChapter ? (
        <StorySelect
          stories={kind.stories}
          error={kind.storiesError}
          value={kind.story?._id ?? ''}
          onChange={kind.setStory}
          invalid={submitted && kind.missingStory ? texts.chapters.storyRequired : undefined}
        />
      ) : null}
      {kind.isChapter ? null : (
        <SelectInput
          label={t.template}
          value={template}
          options={templateOptions}
          onChange={(event) => {
            if (isTemplateKey(event.target.value)) setTemplate(event.target.value)
          }}
        />
      )}
      <TextInput
        label={t.title}
        value={title}
        required
        autoComplete="off"
        error={titleError}
        onChange={(event) => changeTitle(event.target.value)}
      />
      <TextInput
        label={t.slug}
        value={slug}
        autoComplete="off"
        spellCheck={false}
        error={taken ? t.slugTaken : undefined}
        hint={t.slugPreview(normalised)}
        status={status === 'checking' ? t.slugChecking : ''}
        onChange={(event) => {
          setSlugEdited(true)
          setSlug(event.target.value)
        }}
      />
      <ErrorAlert message={serverError} />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass.primary} disabled={busy || taken || status === 'checking'} aria-busy={busy}>
          {t.submit}
        </button>
      </div>
    </form>
  )
}
