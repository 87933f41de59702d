import { useEffect, useState } from 'react'
import { buttonClass } from '#ui/editor/fields.tsx'
import { useEditorState } from '../state/store.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { useRouteCollection } from '../use-route-page.ts'
import { RestoreConfirm, useRestoreVersion } from './PageHistory.tsx'
import { formatWhen } from './PageStatus.tsx'
import { diffBlocks } from './version-diff.ts'
import { setVersionPreview, useVersionPreview } from './version-preview.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.versionPreview

/**
 * While a stored version shows on the page (Page Settings → History → Preview): which one it is,
 * and the two ways on: back to the working copy (unchanged), or restore it as a new draft.
 */
export function VersionPreviewBar() {
  const page = useEditorState().page.page
  const preview = useVersionPreview(page?._id)
  const collection = useRouteCollection()
  const restoreVersion = useRestoreVersion(page?._id ?? '', collection)
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  // Another page (or the editor closing): the preview ends, so coming back shows the draft.
  const pageId = page?._id
  useEffect(() => () => setVersionPreview(null), [pageId])
  if (!preview || !page) return null
  const who = preview.username ?? editorTexts.pageSettings.history.unknownUser
  return (
    <section
      aria-label={t.label}
      data-version-preview=""
      className={`fixed top-2 left-1/2 ${chrome.z} flex w-[min(720px,calc(100vw-8rem))] -translate-x-1/2 flex-wrap items-center gap-3 rounded-lg px-4 py-3 ${chrome.panel}`}
    >
      <div className="min-w-0 flex-1 text-sm">
        <p>{t.showing(preview.version, preview.action, who, formatWhen(preview.createdAt))}</p>
        <p data-version-diff="" className="text-neutral-600">
          {t.summary(diffBlocks(page, preview.page))}
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => setVersionPreview(null)}>
          {t.back}
        </button>
        <button type="button" className={buttonClass.primary} disabled={busy} aria-busy={busy} onClick={() => setAsking(true)}>
          {t.restore}
        </button>
      </div>
      <RestoreConfirm
        version={asking ? preview : null}
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true)
          void restoreVersion({ id: preview.versionId, version: preview.version }).finally(() => {
            setBusy(false)
            setAsking(false)
          })
        }}
      />
    </section>
  )
}
