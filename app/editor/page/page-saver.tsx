/**
 * One writer of the page being edited (issue 17): autosave a few seconds after the last change,
 * Save Page at once, and the panels' save and publish all go through `write`, one at a time and
 * always with the latest working copy and version, so no save of the editor's races another of
 * theirs into a 409. Unsaved changes are kept in this browser until the server has them, and
 * offered back after a reload; a network failure is retried when the browser is back online.
 */
import { AlertDialog } from 'radix-ui'
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import type { PageDoc } from '#lib/content'
import { normaliseSlug } from '#lib/slug'
import { texts } from '#lib/texts'
import { ApiError, messageOf, postApi } from '#ui/api.ts'
import { ConflictDialog, type ConflictState } from '../common/ConfirmDialogs.tsx'
import { buttonClass } from '#ui/editor/fields.tsx'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { EditorPage, EditorState } from '../state/types.ts'
import { chrome } from '#ui/editor/classes.ts'
import { toastError, toastSuccess } from '../toast.ts'
import { useRouteCollection } from '../use-route-page.ts'
import {
  AUTOSAVE_DELAY_MS,
  browserStorage,
  failureOf,
  formatSiteClock,
  forgetKept,
  keepChanges,
  keptKey,
  keptToOffer,
  OFFLINE_RETRY_MS,
  readKept,
  statusText,
  type AutosaveStatus,
  type KeptChanges,
} from './autosave.ts'
import { formatWhen } from './PageStatus.tsx'
import { PresenceIndicator, usePresence } from './presence.tsx'
import { presenceTexts, type PresenceAnswer } from '#lib/schedule'
import { pathOfSlug } from './slug.ts'

export type PageWriteKind = 'save' | 'publish'

/** The page as sent to the server: the document with its version, its slug by the shared rules. */
export function pageToSend(page: EditorPage): EditorPage {
  return { ...page, slug: normaliseSlug(typeof page.slug === 'string' ? page.slug : '') }
}

interface PageSaver {
  /** Saves (or saves and publishes) the latest working copy once the writes before it are done. */
  write: (kind: PageWriteKind, force?: boolean) => Promise<PageDoc>
  /** Save Page: at once, with the spec's toast; a 409 opens the conflict dialog. */
  saveNow: () => Promise<void>
  status: AutosaveStatus
}

const SaverContext = createContext<PageSaver | null>(null)

export function usePageSaver(): PageSaver {
  const saver = useContext(SaverContext)
  if (!saver) throw new Error('usePageSaver is used outside <PageSaverProvider>')
  return saver
}

const versionOf = (page: EditorPage | null | undefined) => (typeof page?.version === 'number' ? page.version : undefined)

export function PageSaverProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const collection = useRouteCollection()
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' })
  const [conflict, setConflict] = useState<ConflictState | null>(null)
  const [offer, setOffer] = useState<KeptChanges | null>(null)

  // The latest state, for writes that wait their turn: kept current at each commit (flushSync
  // below commits, layout effects included, before the next write reads it).
  const latest = useRef<EditorState>(state)
  const pathnameRef = useRef(pathname)
  useLayoutEffect(() => {
    latest.current = state
    pathnameRef.current = pathname
  })
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const checkStored = useRef<() => Promise<PresenceAnswer['page']>>(() => Promise.resolve(null))
  // A 409 on this page's saved version: autosave waits until the editor decides (reload, overwrite, save).
  const blocked = useRef<{ id: string; version: number | undefined; message?: string } | null>(null)
  const isBlocked = (page: EditorPage | null) => !!page && blocked.current?.id === page._id && blocked.current.version === versionOf(page)
  // Writes on their way (and how many began): a heartbeat's answer that crossed one may report this
  // editor's own save as a newer draft, so it is not taken as a colleague's.
  const writes = useRef({ inFlight: 0, started: 0 })

  const write = useCallback(
    (kind: PageWriteKind, force = false): Promise<PageDoc> => {
      const job = queue.current.then(async () => {
        const page = latest.current.page.page
        if (!page) throw new Error(texts.editor.pagePanel.noPage)
        // A colleague's newer draft is known (issue 17 point 8): nothing is sent over it unless forced.
        const saved = latest.current.page.savedPage
        if (!force && isBlocked(saved) && blocked.current?.message) {
          setStatus({ kind: 'conflict' })
          throw new ApiError(blocked.current.message, 409, { currentVersion: blocked.current.version })
        }
        setStatus({ kind: 'saving' })
        writes.current.inFlight++
        writes.current.started++
        try {
          const path = kind === 'save' ? '/page/save' : '/page/publishPage'
          const result = await postApi<PageDoc>(path, { page: pageToSend(page), collection, force })
          // Rendered at once, so the next write in the queue sends the new version.
          flushSync(() => dispatch({ type: 'markSaved', result, sent: page }))
          blocked.current = null
          setStatus({ kind: 'saved', at: typeof result.updatedAt === 'string' ? result.updatedAt : new Date().toISOString() })
          return result
        } catch (err) {
          const failure = failureOf(err)
          const saved = latest.current.page.savedPage
          if (failure === 'conflict' && saved) blocked.current = { id: saved._id, version: versionOf(saved) }
          setStatus(failure === 'failed' ? { kind: 'failed', message: messageOf(err) } : { kind: failure })
          throw err
        } finally {
          writes.current.inFlight--
        }
      })
      queue.current = job.catch(() => undefined)
      return job
    },
    [collection, dispatch],
  )

  /**
   * The stored draft is newer than the copy being edited (a colleague saved it): with no edits of
   * this editor's, theirs is loaded in its place; with edits, autosave stops and the conflict
   * dialog asks now, before anything is sent over it. Answers whether the editor was stopped.
   */
  const newerDraftStored = useCallback(
    (stored: NonNullable<PresenceAnswer['page']>): boolean => {
      const { savedPage: saved, isDirty } = latest.current.page
      const mine = versionOf(saved)
      if (!saved || mine === undefined || stored.version <= mine) return false
      if (blocked.current?.id === saved._id && blocked.current.version === mine) return true
      if (!isDirty) {
        void revalidate()
        return false
      }
      const message = presenceTexts.newerDraft(stored.updatedBy ?? presenceTexts.someone, formatSiteClock(stored.updatedAt))
      blocked.current = { id: saved._id, version: mine, message }
      setStatus({ kind: 'conflict' })
      setConflict({ message })
      return true
    },
    [revalidate],
  )

  /** After a save: the page's (maybe new) address. */
  const followSlug = useCallback(
    (slug: string) => {
      const path = pathOfSlug(slug)
      if (path !== pathnameRef.current) void navigate(path, { replace: true })
    },
    [navigate],
  )

  const saveNow = useCallback(
    async (force = false) => {
      try {
        const result = await write('save', force)
        setConflict(null)
        toastSuccess(texts.toasts.pageSaved)
        followSlug(result.slug)
      } catch (err) {
        const failure = failureOf(err)
        if (failure === 'conflict' && !force) setConflict({ message: messageOf(err) })
        else toastError(failure === 'offline' ? texts.editor.autosave.offline : messageOf(err))
      }
    },
    [write, followSlug],
  )

  const autosave = useCallback(async () => {
    const { page, savedPage, isDirty } = latest.current.page
    if (!page || !isDirty || isBlocked(savedPage)) return
    // Asked first: a colleague's newer draft stops the autosave before it is sent (issue 17 point 8).
    if (writes.current.inFlight === 0) {
      const started = writes.current.started
      const stored = await checkStored.current()
      if (stored && writes.current.inFlight === 0 && writes.current.started === started && newerDraftStored(stored)) return
    }
    try {
      const result = await write('save')
      followSlug(result.slug)
    } catch (err) {
      const failure = failureOf(err)
      if (failure === 'conflict') setConflict({ message: messageOf(err) })
      else if (failure === 'failed') toastError(messageOf(err))
    }
  }, [write, followSlug, newerDraftStored])

  const { page, isDirty } = state.page
  const storage = useMemo(() => browserStorage(), [])

  // Who else is here, and the stored draft's version with each heartbeat (issue 17 point 8).
  const beatStarted = useRef(0)
  const presence = usePresence(enabled && page ? { pageId: page._id, collection } : null, (stored) => {
    const crossed = writes.current.inFlight > 0 || writes.current.started !== beatStarted.current
    beatStarted.current = writes.current.started
    if (!crossed) newerDraftStored(stored)
  })
  useLayoutEffect(() => {
    checkStored.current = presence.check
  })

  // Another page (or the first): its own status, and a copy of it kept in this browser that differs
  // from the page as loaded is offered back first.
  const [shownId, setShownId] = useState<string | null>(null)
  if (enabled && page && shownId !== page._id) {
    setShownId(page._id)
    setStatus({ kind: 'idle' })
    setOffer(isDirty ? null : keptToOffer(readKept(storage, keptKey(collection, page._id)), page))
  }

  // Unsaved changes are kept in this browser until the server has them.
  useEffect(() => {
    if (!enabled || !page || offer || shownId !== page._id) return
    const key = keptKey(collection, page._id)
    if (isDirty) keepChanges(storage, key, page)
    else forgetKept(storage, key)
  }, [enabled, collection, page, isDirty, offer, storage, shownId])

  // The debounce: each change starts the wait again.
  useEffect(() => {
    if (!enabled || !page || !isDirty || offer) return
    let timer = 0
    // A block or tile being dragged (dnd-kit marks it aria-pressed) is not saved mid-move: the
    // save's answer would re-render the list under the editor's keys. It is saved once dropped.
    const save = () => {
      if (document.querySelector('[aria-roledescription][aria-pressed="true"]')) timer = window.setTimeout(save, 1000)
      else void autosave()
    }
    timer = window.setTimeout(save, AUTOSAVE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [enabled, page, isDirty, offer, autosave])

  // Offline: tried again when the browser says it is back, and every few seconds meanwhile.
  useEffect(() => {
    if (status.kind !== 'offline') return
    const retry = () => void autosave()
    window.addEventListener('online', retry)
    const timer = window.setInterval(retry, OFFLINE_RETRY_MS)
    return () => {
      window.removeEventListener('online', retry)
      window.clearInterval(timer)
    }
  }, [status.kind, autosave])

  const value = useMemo<PageSaver>(() => ({ write, saveNow: () => saveNow(), status }), [write, saveNow, status])
  const a = texts.editor.autosave

  return (
    <SaverContext.Provider value={value}>
      {children}
      {enabled && page ? <SaveStatus status={status} isDirty={isDirty} /> : null}
      {enabled && page ? <PresenceIndicator others={presence.others} /> : null}
      <ConflictDialog
        conflict={conflict}
        busy={status.kind === 'saving'}
        onCancel={() => setConflict(null)}
        onReload={() => {
          setConflict(null)
          void revalidate()
        }}
        onOverwrite={() => void saveNow(true)}
      />
      <AlertDialog.Root open={!!offer} onOpenChange={(open) => !open && setOffer(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/50`} />
          <AlertDialog.Content
            data-restore-kept=""
            className={`fixed top-1/2 left-1/2 ${chrome.z} w-[min(480px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg ${chrome.panel} p-5 outline-none`}
          >
            <AlertDialog.Title className={chrome.heading}>{a.restoreTitle}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-neutral-700">
              {a.restoreDescription(offer ? formatWhen(offer.at) : '')}
            </AlertDialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel
                className={buttonClass.secondary}
                onClick={() => {
                  if (page) forgetKept(storage, keptKey(collection, page._id))
                }}
              >
                {a.discard}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClass.primary}
                onClick={() => {
                  // The kept copy with the version it was based on: if someone saved since, the
                  // save answers 409 and the conflict dialog lets the editor choose.
                  if (offer && page) dispatch({ type: 'editPage', page: { ...offer.page, _id: page._id } })
                }}
              >
                {a.restore}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </SaverContext.Provider>
  )
}

/** The draft's status in the editor's chrome, bottom right; announced politely. */
function SaveStatus({ status, isDirty }: { status: AutosaveStatus; isDirty: boolean }) {
  const text = statusText(status, isDirty)
  const tone = status.kind === 'offline' || status.kind === 'conflict' || status.kind === 'failed' ? 'text-red-darker' : 'text-neutral-700'
  return (
    <div
      role="status"
      aria-label={texts.editor.autosave.label}
      data-autosave-status={status.kind}
      className={`pointer-events-none fixed right-2 bottom-2 ${chrome.z} rounded-md px-3 py-1.5 text-xs font-medium ${chrome.panel} ${tone} ${text ? '' : 'sr-only'}`}
    >
      {text ?? ''}
    </div>
  )
}
