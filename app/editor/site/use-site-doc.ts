import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { texts } from '#lib/texts'
import type { FieldChange, Side } from '#lib/merge'
import { getApi, isConflict, messageOf, postApi } from '#ui/api.ts'
import type { ConflictState } from '../common/ConfirmDialogs.tsx'
import { siteConflictState, siteChangesMessage } from './site-merge.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { SiteDocKind, SiteDocPayload, SiteDocs } from '../state/types.ts'
import { toastError, toastInfo, toastSuccess } from '../toast.ts'

type Store = 'save' | 'publish'

type Answer<K extends SiteDocKind> = SiteDocs[K] & { message?: string; merge?: { by: string[]; changes: FieldChange[] } }

/** What a save or publish sends: the working copy, the copy as loaded, and the editor's choices after a conflict. */
interface Sent<K extends SiteDocKind> {
  doc: SiteDocs[K]
  base: SiteDocs[K]
  force: boolean
  resolutions?: Record<string, Side>
}

/** Each document's calls, typed by their routes' declarations (decision 040), and its toasts. */
const endpoints: {
  [K in SiteDocKind]: {
    load: (init?: { signal?: AbortSignal }) => Promise<SiteDocs[K]>
    store: (which: Store, sent: Sent<K>) => Promise<Answer<K>>
    saved: string
    published: string
  }
} = {
  nav: {
    load: (init) => getApi('/site/loadNav', {}, init),
    store: (which, { doc, ...rest }) => postApi(which === 'save' ? '/site/saveNav' : '/site/publishNav', { nav: doc, ...rest }),
    saved: texts.toasts.navSaved,
    published: texts.toasts.navPublished,
  },
  footer: {
    load: (init) => getApi('/site/loadFooter', {}, init),
    store: (which, { doc, ...rest }) => postApi(which === 'save' ? '/site/saveFooter' : '/site/publishFooter', { footer: doc, ...rest }),
    saved: texts.toasts.footerSaved,
    published: texts.toasts.footerPublished,
  },
}

/** Without the answer's message and merge report, what the server stored is the document. */
function docOfAnswer<K extends SiteDocKind>(answer: Answer<K>): SiteDocs[K] {
  const { message: _message, merge: _merge, ...doc } = answer
  return doc as SiteDocs[K]
}

/**
 * The navigation's or footer's working copy in the editor's store: loaded from the server the first
 * time its panel opens, edited in place, saved or published with the version it was loaded at and
 * the copy as loaded: a colleague's save since is merged field by field (docs/decisions/018), and a
 * field both changed opens the conflict dialog (`conflictProps`): mine or theirs per field.
 */
export function useSiteDoc<K extends SiteDocKind>(kind: K) {
  const slot = useEditorState().site[kind] as { doc: SiteDocs[K]; saved: SiteDocs[K]; isDirty: boolean } | null
  const dispatch = useEditorDispatch()
  const { revalidate } = useRevalidator()
  const [loadError, setLoadError] = useState<string | null>(null)
  const [busy, setBusy] = useState<Store | 'reload' | null>(null)
  const [conflict, setConflict] = useState<(ConflictState & { store: Store }) | null>(null)
  const endpoint = endpoints[kind]
  const loaded = slot !== null

  useEffect(() => {
    if (loaded) return
    const controller = new AbortController()
    endpoint
      .load({ signal: controller.signal })
      .then((doc) => dispatch({ type: 'loadSiteDoc', kind, doc } as { type: 'loadSiteDoc' } & SiteDocPayload))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(err))
      })
    return () => controller.abort()
  }, [loaded, kind, endpoint, dispatch])

  const edit = (doc: SiteDocs[K]) => dispatch({ type: 'editSiteDoc', kind, doc } as { type: 'editSiteDoc' } & SiteDocPayload)

  async function store(which: Store, options: { force?: boolean; resolutions?: Record<string, Side> } = {}) {
    if (!slot || busy) return
    setBusy(which)
    try {
      // Always with the version and the copy it was loaded at; `force` only after the editor chose to overwrite.
      const answer = await endpoint.store(which, {
        doc: slot.doc,
        base: slot.saved,
        force: !!options.force,
        ...(options.resolutions ? { resolutions: options.resolutions } : {}),
      })
      setConflict(null)
      const stored = docOfAnswer<K>(answer)
      dispatch({ type: 'markSiteDocSaved', kind, doc: stored } as { type: 'markSiteDocSaved' } & SiteDocPayload)
      toastSuccess(answer.message || (which === 'save' ? endpoint.saved : endpoint.published))
      const merged = answer.merge && siteChangesMessage(answer.merge.by, answer.merge.changes)
      if (merged) toastInfo(merged)
      // The layout's data (the header and footer when not being edited) shows what is stored now.
      void revalidate()
    } catch (err) {
      if (isConflict(err) && !options.force) setConflict({ ...siteConflictState(err.message, err.details), store: which })
      else toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  /** Drops the working copy and loads the stored draft afresh (theirs, after a conflict). */
  async function reload() {
    setBusy('reload')
    try {
      const doc = await endpoint.load()
      dispatch({ type: 'loadSiteDoc', kind, doc } as { type: 'loadSiteDoc' } & SiteDocPayload)
      setConflict(null)
      void revalidate()
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }

  return {
    doc: slot?.doc ?? null,
    isDirty: slot?.isDirty ?? false,
    loadError,
    busy,
    edit,
    save: () => store('save'),
    publish: () => store('publish'),
    discard: () => void reload(),
    conflictProps: {
      conflict,
      busy: busy !== null,
      onCancel: () => setConflict(null),
      onReload: () => void reload(),
      onOverwrite: () => void store(conflict?.store ?? 'save', { force: true }),
      onResolve: (resolutions: Record<string, Side>) => void store(conflict?.store ?? 'save', { resolutions }),
    },
  }
}
