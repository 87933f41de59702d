/**
 * Save Navigation and Save Footer in a further language (issue 33 points 2 and 3): the texts of the
 * navigation or footer in that language, one input per text with the default language's text
 * beside it, marked while it has no translation, and a count. Items, links and their order are the
 * shared structure, edited in the default language. Only what was written in the language is sent:
 * an emptied input falls back to the default text and is never stored as a translation. The header
 * or footer on the page shows the texts as they are typed (EditorRoot), and the working copy stays
 * in the editor's store when the panel closes, so nothing typed is lost unseen.
 */
import { useEffect, useMemo, useState } from 'react'
import { useRevalidator } from 'react-router'
import { editorTexts } from '#lib/editor-texts'
import { LOCALES } from '#lib/locales'
import type { Side } from '#lib/merge'
import { getApi, isConflict, messageOf, postApi } from '#ui/api.ts'
import { chrome } from '#ui/editor/classes.ts'
import { TextArea } from '#ui/editor/fields.tsx'
import { useLocale } from '#ui/locale'
import { ConflictDialog, type ConflictState } from '../common/ConfirmDialogs.tsx'
import { useDefaultLanguageName } from '../language/LanguageFieldEditor.tsx'
import { writtenTexts } from '../state/actions/site-translations.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { SiteDocKind } from '../state/types.ts'
import { toastError, toastInfo, toastSuccess } from '../toast.ts'
import { SiteDocActions } from './LinkEditors.tsx'
import { siteConflictState } from './site-merge.ts'
import { siteTextName, siteTextsOf } from './site-translation.ts'
import { useSiteDoc } from './use-site-doc.ts'

const t = editorTexts.language

type Store = 'save' | 'publish'

export function SiteDocTranslation({ kind }: { kind: SiteDocKind }) {
  const { locale } = useLocale()
  const language = LOCALES[locale]
  const defaultName = useDefaultLanguageName()
  const structure = useSiteDoc(kind)
  const slot = useEditorState().siteTranslations[kind]
  const dispatch = useEditorDispatch()
  const { revalidate } = useRevalidator()
  const [loadError, setLoadError] = useState<string | null>(null)
  const [busy, setBusy] = useState<Store | 'reload' | null>(null)
  const [conflict, setConflict] = useState<(ConflictState & { store: Store }) | null>(null)
  const loaded = slot !== null && slot.locale === locale
  const fields = useMemo(() => siteTextsOf(kind, structure.doc), [kind, structure.doc])
  const names = useMemo(() => new Map(fields.map((field) => [field.id, siteTextName(field.path)])), [fields])

  async function load(signal?: AbortSignal) {
    const answer = await getApi('/translation/load', { kind, locale }, { signal })
    dispatch({
      type: 'loadSiteTranslation',
      kind,
      locale,
      texts: answer.fields,
      version: answer.version,
      published: answer.published !== null,
    })
  }

  useEffect(() => {
    if (loaded) return
    const controller = new AbortController()
    load(controller.signal).catch((err: unknown) => {
      if (!controller.signal.aborted) setLoadError(messageOf(err))
    })
    return () => controller.abort()
    // Loaded once per kind and language; `load` is recreated each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, kind, locale])

  async function store(which: Store, options: { force?: boolean; resolutions?: Record<string, Side> } = {}) {
    if (!slot || busy) return
    setBusy(which)
    try {
      const answer = await postApi(which === 'save' ? '/translation/save' : '/translation/publish', {
        kind,
        locale,
        fields: writtenTexts(slot.texts),
        version: slot.version,
        force: !!options.force,
        ...(options.resolutions ? { resolutions: options.resolutions } : {}),
      })
      setConflict(null)
      dispatch({
        type: 'markSiteTranslationSaved',
        kind,
        texts: answer.fields,
        version: answer.version,
        published: answer.published !== null,
      })
      toastSuccess(which === 'save' ? t.siteTexts.saved(language.englishName) : t.published(language.englishName))
      if (answer.merge?.by.length) toastInfo(t.merged(answer.merge.by.join(', '), answer.merge.changes.length))
      // The layout's data (the header and footer once their panel closes) reads what is stored now.
      void revalidate()
    } catch (err) {
      if (isConflict(err) && !options.force) {
        const state = siteConflictState(err.message, err.details)
        const fieldsNamed = state.fields?.map((field) => ({ ...field, label: names.get(field.id) ?? field.label }))
        setConflict({ ...state, fields: fieldsNamed, store: which })
      } else toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  async function reload() {
    setBusy('reload')
    try {
      await load()
      setConflict(null)
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  const error = loadError ?? structure.loadError
  if (error)
    return (
      <p role="alert" className={chrome.alert}>
        {error}
      </p>
    )
  if (!structure.doc || !loaded || !slot) return <p>{editorTexts.siteDocs.loading}</p>

  const missing = fields.filter((field) => !slot.texts[field.id]?.trim()).length
  return (
    <div className="flex flex-col gap-4" data-site-translation={kind} lang="en">
      <p className="text-sm text-neutral-700">{t.siteTexts.intro(t.siteTexts[kind], language.englishName, defaultName)}</p>
      <p role="status" data-untranslated-count={missing} className="text-xs font-medium text-neutral-800">
        {missing ? t.untranslated(missing) : t.allTranslated}
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field) => {
          const value = slot.texts[field.id] ?? ''
          const marked = value.trim() === ''
          const name = names.get(field.id) ?? field.id
          return (
            <li key={field.id} data-untranslated-field={marked ? '' : undefined} data-field-id={field.id}>
              <TextArea
                label={marked ? t.markerName(name) : name}
                hint={
                  <>
                    {marked ? <span className="mr-1 font-semibold text-red-darker">{t.marker}.</span> : null}
                    <span lang="en">{t.siteTexts.defaultText(defaultName, field.text)}</span>
                  </>
                }
                lang={locale}
                rows={field.text.length > 60 ? 3 : 1}
                value={value}
                placeholder={field.text}
                onChange={(event) => dispatch({ type: 'editSiteTranslation', kind, id: field.id, text: event.target.value })}
              />
            </li>
          )
        })}
      </ol>
      <SiteDocActions
        isDirty={slot.isDirty}
        busy={busy}
        onSave={() => void store('save')}
        onPublish={() => void store('publish')}
        onDiscard={() => void reload()}
      />
      <ConflictDialog
        conflict={conflict}
        busy={busy !== null}
        onCancel={() => setConflict(null)}
        onReload={() => void reload()}
        onOverwrite={() => void store(conflict?.store ?? 'save', { force: true })}
        onResolve={(resolutions) => void store(conflict?.store ?? 'save', { resolutions })}
      />
    </div>
  )
}
