import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import type { Collection } from '#lib/content'
import { getApi, messageOf, postApi } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { normalisePage } from '../editing/blocks.ts'
import { chrome } from '#ui/editor/classes.ts'
import { toastError, toastSuccess } from '../toast.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import { usePageSaver } from './page-saver.tsx'
import { formatWhen } from './PageStatus.tsx'
import { pathOfSlug } from './slug.ts'
import { setVersionPreview } from './version-preview.ts'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import { VersionCompare } from './VersionCompare.tsx'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pageSettings.history
const p = editorTexts.versionPreview

export interface PageVersion {
  id: number
  version: number
  action: string
  slug: string
  username: string | null
  createdAt: string
}

/**
 * Restore as a new draft: unsaved changes are saved first (so they stay in the history too), then
 * the version becomes the draft and the page shows it. Answers whether it was restored.
 */
export function useRestoreVersion(pageId: string, collection: Collection) {
  const { isDirty } = useEditorState().page
  const saver = usePageSaver()
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return async ({ id: versionId, version }: { id: number; version: number }): Promise<boolean> => {
    try {
      if (isDirty) await saver.write('save')
      const restored = await postApi('/page/restoreVersion', { id: pageId, versionId, collection })
      setVersionPreview(null)
      toastSuccess(t.restored(version))
      const path = pathOfSlug(restored.slug)
      if (path !== pathname) void navigate(path, { replace: true })
      else void revalidate()
      return true
    } catch (err) {
      toastError(messageOf(err))
      return false
    }
  }
}

/** Restore's question (issue 31 point 4): which version, by whom and when, and what happens. */
export function RestoreConfirm({
  version,
  busy,
  onConfirm,
  onCancel,
}: {
  version: Pick<PageVersion, 'version' | 'action' | 'username' | 'createdAt'> | null
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const v = version
  return (
    <ConfirmDialog
      open={!!v}
      title={v ? t.restoreTitle(v.version) : ''}
      description={v ? t.restoreDescription(v.version, v.action, v.username ?? t.unknownUser, formatWhen(v.createdAt)) : ''}
      confirmLabel={v ? t.restoreConfirm(v.version) : ''}
      busy={busy}
      onConfirm={onConfirm}
      onOpenChange={(open) => !open && onCancel()}
    />
  )
}

/**
 * The page's saved and published versions (who, when, what), newest first, each with Compare (any
 * two versions, block by block), Preview and Restore: the restored content becomes the draft
 * (publish to make it public), after a question naming the version.
 */
export function PageHistory({
  pageId,
  collection,
  currentVersion,
}: {
  pageId: string
  collection: Collection
  currentVersion: number | undefined
}) {
  const [versions, setVersions] = useState<PageVersion[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [restoring, setRestoring] = useState<number | null>(null)
  const [asking, setAsking] = useState<PageVersion | null>(null)
  const [comparing, setComparing] = useState<PageVersion | null>(null)
  const restoreVersion = useRestoreVersion(pageId, collection)
  const dispatch = useEditorDispatch()

  // Loaded again whenever the page's version changes (a save, a restore).
  useEffect(() => {
    const controller = new AbortController()
    getApi('/page/versions', { id: pageId, collection }, { signal: controller.signal })
      .then((list) => {
        setVersions(list)
        setError(null)
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [pageId, collection, currentVersion])

  async function restore(version: PageVersion) {
    setRestoring(version.id)
    await restoreVersion(version)
    setRestoring(null)
    setAsking(null)
  }

  /** Shows the version on the page (the dialog closes; the bar at the top leads back or restores). */
  async function preview(version: PageVersion) {
    setRestoring(version.id)
    try {
      const page = await getApi('/page/version', { id: pageId, versionId: version.id, collection })
      // Each block with its type's defaults, as the working copy has them (views get complete props).
      const normalised = normalisePage({ ...page, _id: pageId }) ?? { ...page, _id: pageId }
      setVersionPreview({ page: normalised, versionId: version.id, ...version })
      dispatch({ type: 'clearActiveItem' })
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setRestoring(null)
    }
  }

  if (error)
    return (
      <p role="alert" className={chrome.alert}>
        {error}
      </p>
    )
  if (!versions) return <p>{editorTexts.loading}</p>
  if (!versions.length) return <p>{t.empty}</p>
  return (
    <>
      <table className="w-full border-collapse text-left text-sm" data-page-history="">
        <caption className="mb-2 text-left text-xs text-neutral-600">{t.caption}</caption>
        <thead>
          <tr className="border-b border-neutral-200 text-xs text-neutral-600 uppercase">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.version}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.action}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.who}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t.when}
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">{t.restore}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.id} className="border-b border-neutral-100" data-version-action={v.action}>
              <td className="py-2 pr-3 tabular-nums">{v.version}</td>
              <td className="py-2 pr-3 capitalize">{v.action}</td>
              <td className="py-2 pr-3">{v.username ?? t.unknownUser}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <time dateTime={v.createdAt}>{formatWhen(v.createdAt)}</time>
              </td>
              <td className="flex justify-end gap-2 py-2">
                <button
                  type="button"
                  className={`${buttonClass.secondary} ${buttonClass.small}`}
                  aria-label={`${t.compare} ${t.version.toLowerCase()} ${v.version} (${v.action}, ${formatWhen(v.createdAt)})`}
                  onClick={() => setComparing(v)}
                >
                  {t.compare}
                </button>
                <button
                  type="button"
                  className={`${buttonClass.secondary} ${buttonClass.small}`}
                  disabled={restoring !== null}
                  aria-label={`${p.preview} ${t.version.toLowerCase()} ${v.version} (${v.action}, ${formatWhen(v.createdAt)})`}
                  onClick={() => void preview(v)}
                >
                  {p.preview}
                </button>
                <button
                  type="button"
                  className={`${buttonClass.secondary} ${buttonClass.small}`}
                  disabled={restoring !== null}
                  aria-busy={restoring === v.id}
                  aria-label={`${t.restore} ${t.version.toLowerCase()} ${v.version} (${v.action}, ${formatWhen(v.createdAt)})`}
                  onClick={() => setAsking(v)}
                >
                  {t.restore}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RestoreConfirm
        version={asking}
        busy={restoring !== null}
        onConfirm={() => asking && void restore(asking)}
        onCancel={() => setAsking(null)}
      />
      {comparing ? (
        <VersionCompare
          pageId={pageId}
          collection={collection}
          versions={versions}
          initialFrom={comparing.id}
          onClose={() => setComparing(null)}
        />
      ) : null}
    </>
  )
}
