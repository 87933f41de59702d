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
import { changedFields, type FieldChange, type MergeConflict, type Side } from '#lib/merge'
import { normaliseSlug } from '#lib/slug'
import { texts } from '#lib/texts'
import { ApiError, getApi, messageOf, postApi, type ApiBody } from '#ui/api.ts'
import { ConflictDialog, type ConflictState } from '../common/ConfirmDialogs.tsx'
import { normalisePage } from '../editing/blocks.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { EditorPage, EditorState } from '../state/types.ts'
import { chrome } from '#ui/editor/classes.ts'
import { toastError, toastInfo, toastSuccess } from '../toast.ts'
import { useEditedPageRef, useRouteCollection } from '../use-route-page.ts'
import {
  AUTOSAVE_DELAY_MS,
  KEEP_EVERY_MS,
  browserStorage,
  failureOf,
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
import { useDefaultLanguageName } from '../language/LanguageFieldEditor.tsx'
import type { PresenceAnswer } from '#lib/schedule'
import { suggestionsToSend, translationToSend } from '../language/language.ts'
import { changeLabels, fieldLabel, listOfChanges, valueSummary, blockTitle } from './merge-labels.ts'
import { pathOfSlug } from './slug.ts'
import { editorTexts } from '#lib/editor-texts'

/** 'publishAll': in a further language, publish the page with every language (page/publishPage allLanguages). */
export type PageWriteKind = 'save' | 'publish' | 'publishAll'

interface ConflictDetails {
  currentVersion?: number
  updatedBy?: string | null
  by?: string[]
  conflicts?: MergeConflict[]
}

/** A refused save waiting for the editor: the conflict, the kind of write, and the copy it was about. */
interface PendingConflict extends ConflictState {
  kind: PageWriteKind
}

const detailsOf = (err: unknown): ConflictDetails =>
  err instanceof ApiError && typeof err.details === 'object' && err.details ? (err.details as ConflictDetails) : {}

/** A conflict as the dialog shows it: each field in words, both values in brief. */
export function conflictStateOf(message: string, details: ConflictDetails, mine: EditorPage): ConflictState {
  const theirName = mergeNames(details.by, details.updatedBy)
  const fields = (details.conflicts ?? []).map((conflict) => {
    const block = (conflict.mine ?? conflict.theirs) as { componentType?: unknown } | undefined
    const label =
      conflict.kind === 'removed'
        ? editorTexts.merge.block(blockTitle(block?.componentType), Number(conflict.path[conflict.path.length - 1]) + 1)
        : fieldLabel(mine, conflict.path, conflict.kind)
    return {
      id: conflict.id,
      label,
      mine: valueSummary(conflict.mine, conflict.kind, mine),
      theirs: valueSummary(conflict.theirs, conflict.kind, mine),
    }
  })
  return { message, fields, theirName }
}

const mergeNames = (by: readonly string[] | undefined, fallback?: string | null) =>
  editorTexts.merge.names(by?.length ? by : [fallback || editorTexts.merge.someone])

const versionOf = (page: EditorPage | null | undefined) => (typeof page?.version === 'number' ? page.version : undefined)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The page as sent to the server (the route's PageInput): the document with its version, its slug
 * by the shared rules. The fields the route types are passed on as the editor holds them (the
 * server's page, normalised); the editor's page types them `unknown`, so each is checked here.
 */
export function pageToSend(page: EditorPage): ApiBody<'/page/save'>['page'] {
  const { version: _version, domainId, pageType, header, contents, ...rest } = page
  const version = versionOf(page)
  // Every stored page has its template; 'generic' is what the route takes when none is sent.
  const template = typeof page.template === 'string' ? page.template : 'generic'
  return {
    ...rest,
    slug: normaliseSlug(typeof page.slug === 'string' ? page.slug : ''),
    template,
    ...(version === undefined ? {} : { version }),
    ...(typeof domainId === 'string' ? { domainId } : {}),
    ...(typeof pageType === 'string' ? { pageType } : {}),
    ...(isRecord(header) ? { header } : {}),
    ...(Array.isArray(contents) ? { contents } : {}),
  }
}

interface WriteOptions {
  /** Overwrite knowingly (a save that could not be merged). */
  force?: boolean
  /** The editor's choice per conflicting field (the ids the refused save named). */
  resolutions?: Record<string, Side>
}

interface PageSaver {
  /**
   * Saves (or saves and publishes) the latest working copy once the writes before it are done;
   * answers the slug the page is stored under (the editor goes to its address).
   */
  write: (kind: PageWriteKind, options?: WriteOptions) => Promise<{ slug: string }>
  /** Save Page: at once, with the spec's toast; a field both editors changed opens the conflict dialog. */
  saveNow: () => Promise<void>
  /** Opens the conflict dialog for a refused write of a panel's (Publish Page). */
  showConflict: (err: unknown, kind: PageWriteKind) => boolean
  status: AutosaveStatus
}

const SaverContext = createContext<PageSaver | null>(null)

export function usePageSaver(): PageSaver {
  const saver = useContext(SaverContext)
  if (!saver) throw new Error('usePageSaver is used outside <PageSaverProvider>')
  return saver
}

/** "Maria changed the heading and the description." for the changes the page took in. */
function changesMessage(by: string, changes: readonly FieldChange[], after: EditorPage, before: EditorPage, yoursKept: boolean) {
  const labels = listOfChanges(changeLabels(changes, after, before))
  if (!labels.length) return null
  const said = editorTexts.merge.changed([by], labels)
  return yoursKept ? `${said} ${editorTexts.merge.yoursKept}` : said
}

export function PageSaverProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const collection = useRouteCollection()
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' })
  const [conflict, setConflict] = useState<PendingConflict | null>(null)
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
  // A save refused because a colleague changed the same fields: autosave waits until the editor
  // chooses (the dialog), saves again, or reloads theirs.
  const blocked = useRef<{ id: string; version: number | undefined } | null>(null)
  const isBlocked = (page: EditorPage | null) => !!page && blocked.current?.id === page._id && blocked.current.version === versionOf(page)
  // Writes on their way (and how many began): a heartbeat's answer that crossed one may report this
  // editor's own save as a newer draft, so it is not taken as a colleague's.
  const writes = useRef({ inFlight: 0, started: 0 })

  const write = useCallback(
    (kind: PageWriteKind, options: WriteOptions = {}): Promise<{ slug: string }> => {
      const job = queue.current.then(async () => {
        const page = latest.current.page.page
        if (!page) throw new Error(editorTexts.pagePanel.noPage)
        setStatus({ kind: 'saving' })
        writes.current.inFlight++
        writes.current.started++
        try {
          const language = latest.current.language
          if (language) {
            // A further language: its texts only, through the translation API (decision 028).
            const subject = { kind: 'page' as const, id: page._id, locale: language.locale }
            const body = {
              ...subject,
              fields: translationToSend(page, language.fields),
              suggested: suggestionsToSend(page, language.fields),
              version: versionOf(page) ?? 0,
              force: !!options.force,
              ...(options.resolutions ? { resolutions: options.resolutions } : {}),
            }
            const answer = await postApi(kind === 'publish' ? '/translation/publish' : '/translation/save', body)
            flushSync(() => dispatch({ type: 'languageSaved', sent: page, answer }))
            if (kind === 'publishAll') {
              // The structure and the default language with every language's draft, in one go.
              await postApi('/page/publishPage', { page: pageToSend(language.structure), collection, allLanguages: true })
            }
            if (answer.merge?.changes.length)
              toastInfo(editorTexts.language.merged(mergeNames(answer.merge.by), answer.merge.changes.length))
            blocked.current = null
            setStatus({ kind: 'saved', at: answer.updatedAt ?? new Date().toISOString() })
            // A language's save stores no page document: the page stays under the slug it was sent with.
            return { slug: typeof page.slug === 'string' ? page.slug : '' }
          }
          const sent = {
            page: pageToSend(page),
            collection,
            force: !!options.force,
            ...(options.resolutions ? { resolutions: options.resolutions } : {}),
          }
          const answer = await postApi(kind === 'save' ? '/page/save' : '/page/publishPage', sent)
          const { merge, ...result } = answer
          // Rendered at once, so the next write in the queue sends the new version.
          if (merge) {
            // Merged with what colleagues saved since (issue 31): their changes join the page and
            // every undo step; the editor is told whose and which.
            // The stored page (loose contents) as the editor's page; normalisePage fills each block.
            const stored: EditorPage = normalisePage(result) ?? result
            flushSync(() => dispatch({ type: 'takeMerged', from: page, result: stored }))
            const said = changesMessage(mergeNames(merge.by), merge.changes, stored, page, true)
            if (said) toastInfo(said)
          } else flushSync(() => dispatch({ type: 'markSaved', result, sent: page }))
          blocked.current = null
          setStatus({ kind: 'saved', at: typeof result.updatedAt === 'string' ? result.updatedAt : new Date().toISOString() })
          return { slug: result.slug }
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

  /** A refused write (409) opens the conflict dialog: the fields both changed, or reload/overwrite. */
  const showConflict = useCallback((err: unknown, kind: PageWriteKind): boolean => {
    if (failureOf(err) !== 'conflict') return false
    const details = detailsOf(err)
    const mine = latest.current.page.page
    if (!mine || details.currentVersion === undefined) return false
    setConflict({ ...conflictStateOf(messageOf(err), details, mine), kind })
    return true
  }, [])

  /** After a save: the page's (maybe new) address. */
  const followSlug = useCallback(
    (slug: string) => {
      const path = pathOfSlug(slug)
      if (path !== pathnameRef.current) void navigate(path, { replace: true })
    },
    [navigate],
  )

  const saveNow = useCallback(
    async (options: WriteOptions = {}) => {
      try {
        const result = await write('save', options)
        setConflict(null)
        toastSuccess(texts.toasts.pageSaved)
        followSlug(result.slug)
      } catch (err) {
        if (!options.force && showConflict(err, 'save')) return
        // A session that ended says so itself (use-team-session.ts).
        if (failureOf(err) !== 'signedOut') toastError(failureOf(err) === 'offline' ? editorTexts.autosave.offline : messageOf(err))
      }
    },
    [write, followSlug, showConflict],
  )

  /** The dialog's choices (or 'Overwrite with mine'), sent with the write that was refused. */
  const retryConflicted = useCallback(
    async (options: WriteOptions) => {
      const kind = conflict?.kind ?? 'save'
      try {
        const result = await write(kind, options)
        setConflict(null)
        toastSuccess(kind === 'save' ? texts.toasts.pageSaved : texts.toasts.pagePublished)
        followSlug(result.slug)
      } catch (err) {
        if (showConflict(err, kind)) return
        // A session that ended says so itself (use-team-session.ts).
        if (failureOf(err) !== 'signedOut') toastError(failureOf(err) === 'offline' ? editorTexts.autosave.offline : messageOf(err))
      }
    },
    [conflict?.kind, write, followSlug, showConflict],
  )

  const autosave = useCallback(async () => {
    const { page, savedPage, isDirty } = latest.current.page
    if (!page || !isDirty || isBlocked(savedPage)) return
    try {
      const result = await write('save')
      followSlug(result.slug)
    } catch (err) {
      const failure = failureOf(err)
      if (failure === 'conflict') showConflict(err, 'save')
      else if (failure === 'failed') toastError(messageOf(err))
    }
  }, [write, followSlug, showConflict])
  /**
   * The stored draft is newer than the copy being edited (a colleague saved it, issue 31): with no
   * edits of this editor's, theirs is taken in at once and the editor told what changed and by
   * whom; with edits, they are saved now, so the server merges them with the colleague's (and asks
   * only about a field both changed).
   */
  const newerDraftStored = useCallback(
    async (stored: NonNullable<PresenceAnswer['page']>) => {
      // In a further language the heartbeat's version is the default language's draft, not this copy's.
      if (latest.current.language) return
      const { savedPage: saved, isDirty } = latest.current.page
      const mine = versionOf(saved)
      if (!saved || mine === undefined || stored.version <= mine || isBlocked(saved)) return
      if (isDirty) {
        await autosave()
        return
      }
      try {
        const loaded = await getApi('/page/load', { slug: String(saved.slug ?? ''), collection })
        const theirs = normalisePage(loaded)
        const now = latest.current.page
        // Only onto the copy the draft was fetched for, unchanged meanwhile.
        if (!theirs || now.savedPage !== saved || now.isDirty || (versionOf(theirs) ?? 0) <= mine) return
        flushSync(() => dispatch({ type: 'takeMerged', from: saved, result: theirs }))
        const said = changesMessage(stored.updatedBy || editorTexts.merge.someone, changedFields(saved, theirs), theirs, saved, false)
        if (said) toastInfo(said)
      } catch {
        // The next heartbeat asks again.
      }
    },
    [collection, dispatch, autosave],
  )

  const { page, isDirty } = state.page
  // A copy kept in this browser belongs to the language it was typed in.
  const keptId = page ? (state.language ? `${page._id}:${state.language.locale}` : page._id) : ''
  const storage = useMemo(() => browserStorage(), [])

  // Who else is here, and the stored draft's version with each heartbeat (issue 17 point 8).
  const beatStarted = useRef(0)
  const edited = useEditedPageRef(page?._id)
  const editedLocale = state.language?.locale ?? null
  const defaultLanguage = useDefaultLanguageName()
  const presence = usePresence(enabled && edited ? { ...edited, locale: editedLocale } : null, (stored) => {
    const crossed = writes.current.inFlight > 0 || writes.current.started !== beatStarted.current
    beatStarted.current = writes.current.started
    if (!crossed) void newerDraftStored(stored)
  })

  // Another page (or the first): its own status, and a copy of it kept in this browser that differs
  // from the page as loaded is offered back first.
  const [shownId, setShownId] = useState<string | null>(null)
  if (enabled && page && shownId !== page._id) {
    setShownId(page._id)
    setStatus({ kind: 'idle' })
    setOffer(isDirty ? null : keptToOffer(readKept(storage, keptKey(collection, keptId)), page))
  }

  // Unsaved changes are kept in this browser until the server has them: at most every
  // KEEP_EVERY_MS, the latest copy, and at once when the tab is hidden or left. Kept on every key,
  // serialising a long page took much of the key's time before its paint (issue 32).
  const keeping = useRef<{ key: string; page: EditorPage } | null>(null)
  const keepTimer = useRef(0)
  const keepNow = useCallback(() => {
    window.clearTimeout(keepTimer.current)
    keepTimer.current = 0
    const pending = keeping.current
    keeping.current = null
    if (pending) keepChanges(storage, pending.key, pending.page)
  }, [storage])
  useEffect(() => {
    if (!enabled || !page || offer || shownId !== page._id) return
    const key = keptKey(collection, keptId)
    if (!isDirty) {
      window.clearTimeout(keepTimer.current)
      keepTimer.current = 0
      keeping.current = null
      forgetKept(storage, key)
      return
    }
    if (keeping.current && keeping.current.key !== key) keepNow()
    keeping.current = { key, page }
    if (!keepTimer.current) keepTimer.current = window.setTimeout(keepNow, KEEP_EVERY_MS)
  }, [enabled, collection, page, keptId, isDirty, offer, storage, shownId, keepNow])
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keepNow()
    }
    window.addEventListener('pagehide', keepNow)
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      window.removeEventListener('pagehide', keepNow)
      document.removeEventListener('visibilitychange', onHidden)
      keepNow()
    }
  }, [keepNow])

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

  const value = useMemo<PageSaver>(
    () => ({ write, saveNow: () => saveNow(), showConflict, status }),
    [write, saveNow, showConflict, status],
  )
  const a = editorTexts.autosave

  return (
    <SaverContext.Provider value={value}>
      {children}
      {enabled && page ? <SaveStatus status={status} isDirty={isDirty} /> : null}
      {enabled && page ? <PresenceIndicator others={presence.others} locale={editedLocale} defaultLanguage={defaultLanguage} /> : null}
      <ConflictDialog
        conflict={conflict}
        busy={status.kind === 'saving'}
        onCancel={() => setConflict(null)}
        onReload={() => {
          // Theirs: the stored draft replaces the working copy; nothing is pending any more. Autosave
          // stays blocked until it has: the copy being replaced is still dirty, and a heartbeat
          // meanwhile would save it again, be refused and open this dialog once more. Their newer
          // version, once loaded, is no longer the blocked one.
          setConflict(null)
          void revalidate().then(() => setStatus({ kind: 'idle' }))
        }}
        onOverwrite={() => void retryConflicted({ force: true })}
        onResolve={(resolutions) => void retryConflicted({ resolutions })}
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
                  if (page) forgetKept(storage, keptKey(collection, keptId))
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
  const tone =
    status.kind === 'offline' || status.kind === 'conflict' || status.kind === 'signedOut' || status.kind === 'failed'
      ? 'text-red-darker'
      : 'text-neutral-700'
  return (
    <div
      role="status"
      aria-label={editorTexts.autosave.label}
      data-autosave-status={status.kind}
      className={`pointer-events-none fixed right-2 bottom-[calc(var(--consent-banner-height,0px)+0.5rem)] ${chrome.z} rounded-md px-3 py-1.5 text-xs font-medium ${chrome.panel} ${tone} ${text ? '' : 'sr-only'}`}
    >
      {text ?? ''}
    </div>
  )
}
