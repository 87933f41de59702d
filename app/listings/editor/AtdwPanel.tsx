/**
 * Spec 02 §2.4: the 'ATDW' tab of Site Settings, with two tabs. Listing Categories: the list
 * (550 px scroll) with save, publish, unpublish and delete per category, 'Add New Category', the
 * detail (Back, Save, Name, Filters groups, Tags to Exclude, Hide Child Listings, Required
 * Attributes, Show Dates Filters?) beside the list of tags and their friendly names, and the delete
 * warning views of spec 02 §8. Listing Tags: key and friendly name per tag, Publish and Save.
 */
import { Tabs } from 'radix-ui'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { REQUIRED_ATTRIBUTES, type CategoryUsage, type ListingTags } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { getApi, messageOf, postApi } from '#ui/api.ts'
import { buttonClass, Checkbox, ErrorAlert, SelectInput, TextInput } from '#ui/editor/fields.tsx'
import { PlusIcon, PublishIcon, SaveIcon, TrashIcon } from '../../editor/icons.tsx'
import {
  addFilterGroup,
  categoryPayload,
  draftOf,
  isCategoryUnsaved,
  newDraft,
  removeFilterGroup,
  type CategoryDraft,
} from './atdw-categories.ts'
import { CloseGuardProvider, useCloseGuard, useCloseGuardScope } from '../../editor/surfaces/close-guard.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { toastError, toastSuccess } from '../../editor/toast.ts'
import { LOCALES, type LocaleCode } from '#lib/locales'
import { useLocale } from '#ui/locale'
import { useNameTranslations } from './name-translations.ts'

const t = listingTexts.atdw
const toasts = listingTexts.toasts

export default function AtdwPanel() {
  // The other tab replaces this one's lists: categories not yet saved ask first.
  const [tab, setTab] = useState('categories')
  const guard = useCloseGuardScope()
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(next) => {
        if (guard.confirmDiscard()) setTab(next)
      }}
    >
      <Tabs.List aria-label={t.tab} className="mb-4 flex gap-1 border-b border-neutral-200">
        <Tabs.Trigger value="categories" className={chrome.tab}>
          {t.categoriesTab}
        </Tabs.Trigger>
        <Tabs.Trigger value="tags" className={chrome.tab}>
          {t.tagsTab}
        </Tabs.Trigger>
      </Tabs.List>
      <CloseGuardProvider report={guard.report}>
        <Tabs.Content value="categories" className={chrome.focus}>
          <CategoriesTab />
        </Tabs.Content>
        <Tabs.Content value="tags" className={chrome.focus}>
          <TagsTab />
        </Tabs.Content>
      </CloseGuardProvider>
    </Tabs.Root>
  )
}

/** The tag keys the listings carry and their friendly names (draft copy for editors). */
function useTags() {
  const [keys, setKeys] = useState<string[] | null>(null)
  const [names, setNames] = useState<ListingTags>({})
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    Promise.all([getApi('/listing/fetchCategories', {}, { signal }), getApi('/listing/loadTags', {}, { signal })])
      .then(([tagKeys, tagNames]) => {
        setKeys([...new Set([...tagKeys, ...Object.keys(tagNames)])].sort())
        setNames(tagNames)
      })
      .catch((err: unknown) => {
        if (!signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])
  return { keys, names, setNames, error }
}

function CategoriesTab() {
  const [drafts, setDrafts] = useState<CategoryDraft[] | null>(null)
  // Each category as the server holds it (by key): what the working copies are compared with.
  const [saved, setSaved] = useState<Partial<Record<string, CategoryDraft>>>({})
  const [error, setError] = useState<string | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<{ draft: CategoryDraft; usage: CategoryUsage[] } | null>(null)
  const [busy, setBusy] = useState(false)
  const tags = useTags()
  const { languages } = useLocale()
  const current = open ? drafts?.find((d) => d.key === open) : undefined
  // The open category's name in each further language (issue 33).
  const translated = useNameTranslations('category', current?._id, languages.others)

  useEffect(() => {
    const controller = new AbortController()
    getApi('/listing/loadCategories', {}, { signal: controller.signal })
      .then((categories) => {
        const loaded = categories.filter((c) => c._id !== 'none').map(draftOf)
        setDrafts(loaded)
        setSaved(Object.fromEntries(loaded.map((d) => [d.key, d])))
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])
  // A category added or changed and not saved: closing the panel (or its tab) asks first.
  useCloseGuard(!!drafts?.some((d) => isCategoryUnsaved(d, saved[d.key])))

  if (error) return <ErrorAlert message={error} />
  if (!drafts) return <p>{listingTexts.grid.loading}</p>
  const list = drafts

  const replace = (key: string, next: CategoryDraft) => setDrafts(list.map((d) => (d.key === key ? next : d)))

  /** Saves or publishes a category, or unpublishes a saved one (by its id: the route requires it). */
  async function call(draft: CategoryDraft, action: 'save' | 'publish' | { unpublish: string }) {
    const kind = typeof action === 'string' ? action : 'unpublish'
    setBusy(true)
    try {
      const answer =
        typeof action === 'string'
          ? await postApi(action === 'save' ? '/listing/saveCategory' : '/listing/publishCategory', { category: categoryPayload(draft) })
          : await postApi('/listing/unpublishCategory', { _id: action.unpublish })
      const stored = { ...draftOf(answer.category), key: draft.key }
      setDrafts((current) => (current ?? []).map((d) => (d.key === draft.key ? stored : d)))
      setSaved((current) => ({ ...current, [draft.key]: stored }))
      // The names in further languages translate the saved (or published) name: the open category's only.
      if (kind !== 'unpublish' && draft.key === open && languages.others.length) await translated.store(kind, answer.category._id)
      toastSuccess(
        answer.message ||
          (kind === 'save' ? toasts.categorySaved : kind === 'publish' ? toasts.categoryPublished : toasts.categoryUnpublished),
      )
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  function unpublish(draft: CategoryDraft) {
    // Spec 02 §5: unpublishing an unpublished category is an error.
    if (!draft._id || !draft.published) return toastError(toasts.categoryNotPublished)
    void call(draft, { unpublish: draft._id })
  }

  async function askDelete(draft: CategoryDraft) {
    // Spec 02 §5: an unsaved category just leaves the list; a published one must be unpublished first.
    if (!draft._id) {
      setDrafts(list.filter((d) => d.key !== draft.key))
      return
    }
    if (draft.published) return toastError(toasts.categoryMustUnpublish)
    try {
      const usage = await getApi('/listing/getWarningInfo', { _id: draft._id })
      setDeleting({ draft, usage })
    } catch (err) {
      toastError(messageOf(err))
    }
  }

  async function confirmDelete(draft: CategoryDraft) {
    setBusy(true)
    try {
      // A draft never saved has nothing on the server to delete (the route requires its _id).
      if (draft._id) await postApi('/listing/deleteCategory', { _id: draft._id })
      setDrafts((current) => (current ?? []).filter((d) => d.key !== draft.key))
      setDeleting(null)
      setOpen(null)
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  function add() {
    const draft = newDraft(list.length, `new-${Date.now()}`)
    setDrafts([...list, draft])
    toastSuccess(toasts.categoryAdded)
  }

  if (deleting)
    return (
      <DeleteWarning {...deleting} busy={busy} onClose={() => setDeleting(null)} onConfirm={() => void confirmDelete(deleting.draft)} />
    )

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_14rem]">
      <div>
        {current ? (
          <CategoryDetail
            draft={current}
            busy={busy}
            onChange={(next) => replace(current.key, next)}
            onBack={() => setOpen(null)}
            onSave={() => void call(current, 'save')}
            languages={languages.others}
            translated={translated}
          />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h3 className="font-semibold">{t.categoriesTab}</h3>
              <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={add}>
                <PlusIcon width={14} height={14} />
                {t.addCategory}
              </button>
            </div>
            <ul
              className="max-h-[550px] divide-y divide-neutral-200 overflow-y-auto rounded-md ring-1 ring-neutral-200"
              aria-label={t.categoriesTab}
            >
              {list.length === 0 ? <li className="p-3 text-neutral-600">{t.noCategories}</li> : null}
              {list.map((draft) => (
                <li key={draft.key} className="flex flex-wrap items-center gap-2 px-3 py-2" data-category={draft.name}>
                  <button
                    type="button"
                    className={`min-w-[7rem] flex-1 truncate text-left font-medium hover:underline ${chrome.focus}`}
                    onClick={() => setOpen(draft.key)}
                  >
                    {draft.name || draft._id}
                  </button>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs ${draft.published ? 'bg-green-100 text-green-900' : 'bg-neutral-100 text-neutral-700'}`}
                  >
                    {draft.published ? t.published : t.unpublished}
                  </span>
                  <IconButton label={`${t.save} ${draft.name}`} disabled={busy} onClick={() => void call(draft, 'save')}>
                    <SaveIcon width={16} height={16} />
                  </IconButton>
                  <IconButton label={`${t.publish} ${draft.name}`} disabled={busy} onClick={() => void call(draft, 'publish')}>
                    <PublishIcon width={16} height={16} />
                  </IconButton>
                  <IconButton label={`${t.unpublish} ${draft.name}`} disabled={busy} onClick={() => unpublish(draft)}>
                    <UnpublishIcon />
                  </IconButton>
                  <IconButton label={`${t.delete} ${draft.name}`} disabled={busy} onClick={() => void askDelete(draft)}>
                    <TrashIcon width={16} height={16} />
                  </IconButton>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <TagList keys={tags.keys} names={tags.names} error={tags.error} />
    </div>
  )
}

function CategoryDetail({
  draft,
  busy,
  onChange,
  onBack,
  onSave,
  languages,
  translated,
}: {
  draft: CategoryDraft
  busy: boolean
  onChange: (next: CategoryDraft) => void
  onBack: () => void
  onSave: () => void
  languages: readonly LocaleCode[]
  translated: ReturnType<typeof useNameTranslations>
}) {
  const attributesId = useId()
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={draft.name}
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={onBack}>
          <BackIcon />
          {t.back}
        </button>
        <button type="submit" className={`${buttonClass.primary} ${buttonClass.small}`} disabled={busy}>
          <SaveIcon width={14} height={14} />
          {t.save}
        </button>
      </div>
      <TextInput label={t.name} value={draft.name} maxLength={200} onChange={(event) => onChange({ ...draft, name: event.target.value })} />
      {languages.length ? (
        <fieldset className="flex flex-col gap-2" data-translated-names="">
          <p className="text-xs text-neutral-600">{t.translatedNamesHint}</p>
          <ErrorAlert message={translated.error} />
          {languages.map((locale) => (
            <TextInput
              key={locale}
              label={t.nameIn(LOCALES[locale].englishName)}
              lang={locale}
              value={translated.names[locale]?.fields.name ?? ''}
              placeholder={draft.name}
              maxLength={200}
              onChange={(event) => translated.set(locale, 'name', event.target.value)}
            />
          ))}
        </fieldset>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className={chrome.label}>{t.filters}</legend>
        <p className="text-xs text-neutral-600">{t.filterHint}</p>
        {draft.filters.map((group, index) => (
          <div key={index} className="flex items-end gap-2">
            <div className="flex-1">
              <TextInput
                label={t.filterGroup(index + 1)}
                value={group}
                onChange={(event) => onChange({ ...draft, filters: draft.filters.map((g, i) => (i === index ? event.target.value : g)) })}
              />
            </div>
            <IconButton
              label={t.removeFilter(index + 1)}
              disabled={draft.filters.length <= 1}
              onClick={() => onChange(removeFilterGroup(draft, index))}
            >
              <TrashIcon width={16} height={16} />
            </IconButton>
          </div>
        ))}
        <div>
          <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={() => onChange(addFilterGroup(draft))}>
            <PlusIcon width={14} height={14} />
            {t.addFilter}
          </button>
        </div>
      </fieldset>
      <TextInput
        label={t.excludedTags}
        value={draft.excludedTags}
        maxLength={2000}
        onChange={(event) => onChange({ ...draft, excludedTags: event.target.value })}
      />
      <Checkbox
        label={t.hideServices}
        checked={draft.hideServices}
        onChange={(event) => onChange({ ...draft, hideServices: event.target.checked })}
      />
      <fieldset aria-labelledby={attributesId} className="flex flex-col gap-2">
        <legend id={attributesId} className={chrome.label}>
          {t.attributes}
        </legend>
        {REQUIRED_ATTRIBUTES.map((attribute) => (
          <Checkbox
            key={attribute}
            label={attribute}
            checked={draft.attributes.includes(attribute)}
            onChange={(event) =>
              onChange({
                ...draft,
                attributes: event.target.checked ? [...draft.attributes, attribute] : draft.attributes.filter((a) => a !== attribute),
              })
            }
          />
        ))}
      </fieldset>
      <SelectInput
        label={t.hasDates}
        value={draft.hasDates ? 'yes' : 'no'}
        options={[
          { value: 'no', label: t.no },
          { value: 'yes', label: t.yes },
        ]}
        onChange={(event) => onChange({ ...draft, hasDates: event.target.value === 'yes' })}
      />
    </form>
  )
}

function TagList({ keys, names, error }: { keys: string[] | null; names: ListingTags; error: string | null }) {
  const heading = useId()
  return (
    <div className="rounded-md bg-neutral-50 p-3 ring-1 ring-neutral-200">
      <h3 id={heading} className="mb-2 font-semibold">
        {t.tags}
      </h3>
      <ErrorAlert message={error} />
      {keys ? (
        // The list scrolls past 550 px: a named region the keyboard can reach and scroll (axe's
        // scrollable-region-focusable).
        <div role="region" aria-labelledby={heading} tabIndex={0} className={`max-h-[550px] overflow-y-auto ${chrome.focus}`}>
          <dl className="text-xs">
            {keys.map((key) => (
              <div key={key} className="flex justify-between gap-2 border-b border-neutral-200 py-1 last:border-0">
                <dt className="min-w-0 font-mono break-all">{key}</dt>
                <dd className="text-right text-neutral-700">{names[key]?.trim() || t.none}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <p>{listingTexts.grid.loading}</p>
      )}
    </div>
  )
}

function DeleteWarning({
  draft,
  usage,
  busy,
  onClose,
  onConfirm,
}: {
  draft: CategoryDraft
  usage: CategoryUsage[]
  busy: boolean
  onClose: () => void
  onConfirm: () => void
}) {
  if (usage.length) {
    return (
      <div role="alertdialog" aria-labelledby="atdw-delete-title" className="flex flex-col gap-3">
        <p id="atdw-delete-title" className="font-semibold">
          {t.deleteInUse(usage.length)}
        </p>
        <p>{t.deleteInUseHelp}</p>
        <ul className="list-disc pl-5">
          {usage.map((page) => (
            <li key={page._id}>
              <a className={chrome.link} href={`/${page.slug}`}>
                {page.title || `/${page.slug}`}
              </a>
            </li>
          ))}
        </ul>
        <div>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t.close}
          </button>
        </div>
      </div>
    )
  }
  return (
    <div role="alertdialog" aria-labelledby="atdw-delete-title" className="flex flex-col gap-3" data-category={draft.name}>
      <p id="atdw-delete-title" className="font-semibold">
        {t.deleteConfirm}
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass.danger} disabled={busy} onClick={onConfirm}>
          {t.deleteYes}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t.deleteNo}
        </button>
      </div>
    </div>
  )
}

function TagsTab() {
  const { keys, names, setNames, error } = useTags()
  const [busy, setBusy] = useState(false)
  const { languages } = useLocale()
  // The friendly names in each further language (issue 33), saved and published after the default ones.
  const translated = useNameTranslations('tags', undefined, languages.others)
  if (error || translated.error) return <ErrorAlert message={error ?? translated.error} />
  if (!keys) return <p>{listingTexts.grid.loading}</p>

  async function store(publish: boolean) {
    setBusy(true)
    try {
      const answer = await postApi(publish ? '/listing/publishTags' : '/listing/saveTags', {
        tags: names,
      })
      setNames(answer.tags)
      if (languages.others.length) await translated.store(publish ? 'publish' : 'save', undefined)
      toastSuccess(answer.message || (publish ? toasts.tagsPublished : toasts.tagsSaved))
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      aria-label={t.tagsTab}
      onSubmit={(event) => {
        event.preventDefault()
        void store(false)
      }}
    >
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-neutral-200">
            <th scope="col" className="py-2 pr-3">
              {t.tagKey}
            </th>
            <th scope="col" className="py-2">
              {t.friendlyName}
            </th>
            {languages.others.map((locale) => (
              <th key={locale} scope="col" className="py-2 pl-2">
                {t.friendlyNameIn(LOCALES[locale].englishName)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key} className="border-b border-neutral-100">
              <td className="py-1.5 pr-3">
                <input
                  readOnly
                  value={key}
                  aria-label={`${t.tagKey} ${key}`}
                  className={`${chrome.input} bg-neutral-50 font-mono text-xs`}
                />
              </td>
              <td className="py-1.5">
                <input
                  value={names[key] ?? ''}
                  maxLength={200}
                  aria-label={`${t.friendlyName} ${key}`}
                  className={`${chrome.input} ${chrome.focus}`}
                  onChange={(event) => setNames({ ...names, [key]: event.target.value })}
                />
              </td>
              {languages.others.map((locale) => (
                <td key={locale} className="py-1.5 pl-2">
                  <input
                    lang={locale}
                    value={translated.names[locale]?.fields[key] ?? ''}
                    placeholder={names[key] ?? ''}
                    maxLength={200}
                    aria-label={`${t.friendlyNameIn(LOCALES[locale].englishName)} ${key}`}
                    className={`${chrome.input} ${chrome.focus}`}
                    onChange={(event) => translated.set(locale, key, event.target.value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {languages.others.length ? <p className="text-xs text-neutral-600">{t.translatedNamesHint}</p> : null}
      <div className="flex gap-2">
        <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => void store(true)}>
          {t.publish}
        </button>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {t.save}
        </button>
      </div>
    </form>
  )
}

function IconButton({
  label,
  children,
  disabled,
  onClick,
}: {
  label: string
  children: ReactNode
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md text-neutral-700 ring-1 ring-neutral-300 hover:bg-neutral-100 disabled:opacity-40 ${chrome.focus} focus-visible:ring-offset-0`}
    >
      {children}
    </button>
  )
}

function UnpublishIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={16}
      height={16}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c5 0 9 5 9 7a11 11 0 0 1-2.2 3.2M6.6 6.6C4.4 8 3 10.4 3 12c0 2 4 7 9 7 1.8 0 3.4-.6 4.8-1.5" />
    </svg>
  )
}

function BackIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={14}
      height={14}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  )
}
