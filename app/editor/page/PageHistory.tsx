import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import type { Collection, PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { getApi, messageOf, postApi } from '../api.ts'
import { buttonClass } from '../common/fields.tsx'
import { chrome } from '../surfaces/classes.ts'
import { toastError, toastSuccess } from '../toast.ts'
import { formatWhen } from './PageStatus.tsx'
import { pathOfSlug } from './slug.ts'

const t = texts.editor.pageSettings.history

export interface PageVersion {
  id: number
  version: number
  action: string
  slug: string
  username: string | null
  createdAt: string
}

/**
 * The page's saved and published versions (who, when, what), newest first, each with Restore: the
 * restored content becomes the draft (publish to make it public).
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
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()

  // Loaded again whenever the page's version changes (a save, a restore).
  useEffect(() => {
    const controller = new AbortController()
    getApi<PageVersion[]>('/page/versions', { id: pageId, collection }, { signal: controller.signal })
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
    try {
      const restored = await postApi<PageDoc>('/page/restoreVersion', { id: pageId, versionId: version.id, collection })
      toastSuccess(texts.toasts.success)
      const path = pathOfSlug(restored.slug)
      if (path !== pathname) void navigate(path, { replace: true })
      else void revalidate()
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
  if (!versions) return <p>{texts.editor.loading}</p>
  if (!versions.length) return <p>{t.empty}</p>
  return (
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
            <td className="py-2 text-right">
              <button
                type="button"
                className={`${buttonClass.secondary} ${buttonClass.small}`}
                disabled={restoring !== null}
                aria-busy={restoring === v.id}
                aria-label={`${t.restore} ${t.version.toLowerCase()} ${v.version} (${v.action}, ${formatWhen(v.createdAt)})`}
                onClick={() => void restore(v)}
              >
                {t.restore}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
