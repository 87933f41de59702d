import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { isConflict, messageOf, postApi } from '#ui/api.ts'
import type { ConflictState } from '../common/ConfirmDialogs.tsx'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import { toastError, toastSuccess } from '../toast.ts'
import { useRouteCollection } from '../use-route-page.ts'
import { failureOf } from './autosave.ts'
import { usePageSaver, type PageWriteKind } from './page-saver.tsx'
import { pathOfSlug } from './slug.ts'

type Busy = 'save' | 'publish' | 'unpublish' | 'delete' | null
type Store = PageWriteKind

/** The page as sent to the server (kept here for its callers; the writer is ./page-saver.tsx). */
export { pageToSend } from './page-saver.tsx'

/**
 * Saving, publishing, unpublishing and deleting the editor's page (spec 01 §4, §7), shared by the
 * Save Page, Publish Page and Page Settings panels. A stale save (409) opens the conflict dialog
 * the panel renders with `conflictProps`.
 */
export function usePageActions() {
  const { page } = useEditorState().page
  const dispatch = useEditorDispatch()
  const collection = useRouteCollection()
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const saver = usePageSaver()
  const [busy, setBusy] = useState<Busy>(null)
  const [conflict, setConflict] = useState<(ConflictState & { store: Store }) | null>(null)

  /** Shows what is stored: the page's (maybe new) address, else the same route's data afresh. */
  function showStored(slug: string) {
    const path = pathOfSlug(slug)
    if (path !== pathname) void navigate(path, { replace: true })
    else void revalidate()
  }

  async function store(kind: Store, force = false): Promise<boolean> {
    if (!page || busy) return false
    setBusy(kind)
    try {
      // One writer: waits for an autosave on its way, then sends the latest copy and version.
      const result = await saver.write(kind, force)
      setConflict(null)
      toastSuccess(kind === 'save' ? texts.toasts.pageSaved : texts.toasts.pagePublished)
      showStored(result.slug)
      return true
    } catch (err) {
      if (isConflict(err) && !force && (err.details as { currentVersion?: unknown } | undefined)?.currentVersion !== undefined) {
        setConflict({ message: err.message, store: kind })
      } else {
        toastError(failureOf(err) === 'offline' ? texts.editor.autosave.offline : messageOf(err))
      }
      return false
    } finally {
      setBusy(null)
    }
  }

  async function unpublish(): Promise<boolean> {
    if (!page || busy) return false
    setBusy('unpublish')
    try {
      const result = await postApi<PageDoc>('/page/unpublishPage', { _id: page._id, collection })
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

  const conflictProps = {
    conflict,
    busy: busy !== null,
    onCancel: () => setConflict(null),
    /** Theirs wins: the route data is loaded again and replaces the working copy (its version is newer). */
    onReload: () => {
      setConflict(null)
      void revalidate()
    },
    /** Mine wins, knowingly. */
    onOverwrite: () => {
      const kind = conflict?.store ?? 'save'
      void store(kind, true)
    },
  }

  return {
    page,
    busy,
    save: () => store('save'),
    publish: () => store('publish'),
    unpublish,
    remove,
    conflictProps,
  }
}
