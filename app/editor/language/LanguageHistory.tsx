/**
 * A further language's saved and published versions (decision 025: history per language), newest
 * first, each restorable as the language's draft (asked first; unsaved texts are saved before, so
 * they stay in the history). Shown in Publish Page while editing in that language.
 */
import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { getApi, messageOf, postApi } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { editorTexts } from '#lib/editor-texts'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import { usePageSaver } from '../page/page-saver.tsx'
import { formatWhen } from '../page/PageStatus.tsx'
import { useEditorState } from '../state/store.tsx'
import { toastError, toastSuccess } from '../toast.ts'

const t = editorTexts.pageSettings.history

interface LanguageVersion {
  id: number
  version: number
  action: string
  username: string | null
  createdAt: string
}

export function LanguageHistory({ name }: { name: string }) {
  const { page: pageState, language } = useEditorState()
  const { page, isDirty } = pageState
  const saver = usePageSaver()
  const { revalidate } = useRevalidator()
  const [versions, setVersions] = useState<LanguageVersion[] | null>(null)
  const [asking, setAsking] = useState<LanguageVersion | null>(null)
  const [busy, setBusy] = useState(false)
  const pageId = page?._id
  const locale = language?.locale
  // Asked for again after each save of this copy (its version changes).
  const version = page?.version

  useEffect(() => {
    if (!pageId || !locale) return
    const controller = new AbortController()
    getApi('/translation/versions', { kind: 'page', id: pageId, locale }, { signal: controller.signal })
      .then(setVersions)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) toastError(messageOf(err))
      })
    return () => controller.abort()
  }, [pageId, locale, version])

  async function restore(chosen: LanguageVersion) {
    if (!pageId || !locale) return
    setBusy(true)
    try {
      if (isDirty) await saver.write('save')
      await postApi('/translation/restoreVersion', { kind: 'page', id: pageId, locale, versionId: chosen.id })
      toastSuccess(t.restored(chosen.version))
      setAsking(null)
      void revalidate()
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  if (!language) return null
  return (
    <section aria-labelledby="language-history" className="flex flex-col gap-2">
      <h3 id="language-history" className="text-sm font-semibold text-neutral-900">
        {editorTexts.language.history(name)}
      </h3>
      {versions === null ? (
        <p className="text-sm text-neutral-600">{editorTexts.loading}</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-neutral-600">{t.empty}</p>
      ) : (
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{t.caption}</caption>
          <thead>
            <tr className="text-neutral-600">
              <th scope="col">{t.version}</th>
              <th scope="col">{t.action}</th>
              <th scope="col">{t.who}</th>
              <th scope="col">{t.when}</th>
              <th scope="col">
                <span className="sr-only">{t.restore}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.slice(0, 20).map((v) => (
              <tr key={v.id} data-language-version={v.version}>
                <td>{v.version}</td>
                <td>{v.action}</td>
                <td>{v.username ?? t.unknownUser}</td>
                <td>{formatWhen(v.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className={`${buttonClass.secondary} px-2 py-0.5 text-xs`}
                    disabled={busy}
                    aria-label={t.restoreConfirm(v.version)}
                    onClick={() => setAsking(v)}
                  >
                    {t.restore}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={!!asking}
        title={asking ? t.restoreTitle(asking.version) : ''}
        description={
          asking ? t.restoreDescription(asking.version, asking.action, asking.username ?? t.unknownUser, formatWhen(asking.createdAt)) : ''
        }
        confirmLabel={asking ? t.restoreConfirm(asking.version) : ''}
        busy={busy}
        onConfirm={() => {
          if (asking) void restore(asking)
        }}
        onOpenChange={(open) => {
          if (!open) setAsking(null)
        }}
      />
    </section>
  )
}
