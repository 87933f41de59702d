import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import { texts } from '#lib/texts'
import { messageOf, postApi } from '#ui/api.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import { toastError, toastSuccess } from '../toast.ts'
import { useRouteCollection } from '../use-route-page.ts'
import { failureOf } from './autosave.ts'
import { usePageSaver, type PageWriteKind } from './page-saver.tsx'
import { pathOfSlug } from './slug.ts'
import { editorTexts } from '#lib/editor-texts'
import { LOCALES } from '#lib/locales'

type Busy = 'save' | 'publish' | 'publishAll' | 'unpublish' | 'delete' | null
type Store = PageWriteKind

/** The page as sent to the server (kept here for its callers; the writer is ./page-saver.tsx). */
export { pageToSend } from './page-saver.tsx'

/**
 * Saving, publishing, unpublishing and deleting the editor's page (spec 01 §4, §7), shared by the
 * Save Page, Publish Page and Page Settings panels. A save a colleague's changes conflict with
 * opens the page saver's conflict dialog.
 */
export function usePageActions() {
  const { page: pageState, language } = useEditorState()
  const { page } = pageState
  const languageName = language ? LOCALES[language.locale].englishName : null
  const dispatch = useEditorDispatch()
  const collection = useRouteCollection()
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const saver = usePageSaver()
  const [busy, setBusy] = useState<Busy>(null)

  /** Shows what is stored: the page's (maybe new) address, else the same route's data afresh. */
  function showStored(slug: string) {
    const path = pathOfSlug(slug)
    if (path !== pathname) void navigate(path, { replace: true })
    else void revalidate()
  }

  async function store(kind: Store): Promise<boolean> {
    if (!page || busy) return false
    setBusy(kind)
    try {
      // One writer: waits for an autosave on its way, then sends the latest copy and version.
      const result = await saver.write(kind)
      toastSuccess(
        kind === 'save'
          ? texts.toasts.pageSaved
          : kind === 'publishAll'
            ? editorTexts.language.publishedAll
            : languageName
              ? editorTexts.language.published(languageName)
              : texts.toasts.pagePublished,
      )
      showStored(result.slug)
      return true
    } catch (err) {
      // A field a colleague changed too: the saver's conflict dialog asks, field by field.
      // A session that ended says so itself (use-team-session.ts).
      if (!saver.showConflict(err, kind) && failureOf(err) !== 'signedOut')
        toastError(failureOf(err) === 'offline' ? editorTexts.autosave.offline : messageOf(err))
      return false
    } finally {
      setBusy(null)
    }
  }

  async function unpublish(): Promise<boolean> {
    if (!page || busy) return false
    setBusy('unpublish')
    try {
      if (language && languageName) {
        // A further language: visitors read the default texts again; the page and its other languages stay.
        const result = await postApi('/translation/unpublish', {
          kind: 'page',
          id: page._id,
          locale: language.locale,
        })
        dispatch({ type: 'updatePageMeta', meta: { published: false, lastPublished: result.lastPublished } })
        toastSuccess(editorTexts.language.unpublished(languageName))
        void revalidate()
        return true
      }
      const result = await postApi('/page/unpublishPage', { _id: page._id, collection })
      dispatch({
        type: 'updatePageMeta',
        meta: { published: result.published, lastPublished: result.lastPublished, updatedAt: result.updatedAt },
      })
      toastSuccess(texts.toasts.pageUnpublished)
      void revalidate()
      return true
    } catch (err) {
      toastError(messageOf(err))
      return false
    } finally {
      setBusy(null)
    }
  }

  /** Deletes the page; the server refuses a published one (its message is shown). Then home. */
  async function remove(): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!page || busy) return { ok: false, message: texts.toasts.unknownError }
    setBusy('delete')
    try {
      await postApi('/page/delete', { _id: page._id, collection })
      // The page is gone: nothing unsaved is left to ask about before leaving it.
      flushSync(() => {
        dispatch({ type: 'loadPage', page: null })
        dispatch({ type: 'clearActiveItem' })
      })
      toastSuccess(texts.toasts.pageDeleted)
      void navigate('/')
      return { ok: true }
    } catch (err) {
      const message = messageOf(err)
      toastError(message)
      return { ok: false, message }
    } finally {
      setBusy(null)
    }
  }

  return {
    page,
    busy,
    save: () => store('save'),
    publish: () => store('publish'),
    /** In a further language: the page with every language at once. */
    publishAll: () => store('publishAll'),
    /** The further language being edited, by its English name; null in the default language. */
    languageName,
    unpublish,
    remove,
  }
}
