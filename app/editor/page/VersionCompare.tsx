import { useEffect, useId, useMemo, useState } from 'react'
import type { Collection } from '#lib/content'
import { getApi, messageOf } from '#ui/api.ts'
import { chrome } from '#ui/editor/classes.ts'
import { normalisePage } from '../editing/blocks.ts'
import { useEditorState } from '../state/store.tsx'
import type { EditorPage } from '../state/types.ts'
import { Modal } from '../surfaces/Modal.tsx'
import type { PageVersion } from './PageHistory.tsx'
import { formatWhen } from './PageStatus.tsx'
import { compareVersions, type BlockComparison, type FieldComparison } from './version-compare.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pageSettings.history

/** Which copy a side shows: a stored version's id, or the draft as it is on the page now. */
type Side = number | 'draft'

const statusClass: Record<BlockComparison['status'], string> = {
  added: 'bg-green-100 text-green-900',
  removed: 'bg-red-100 text-red-900',
  changed: 'bg-amber-100 text-amber-900',
  moved: 'bg-sky-100 text-sky-900',
  unchanged: 'bg-neutral-100 text-neutral-800',
}

/**
 * Two versions of the page compared block by block (issue 31 point 4): any two stored versions, or
 * one and the draft as it is on the page; each block added, removed, moved or changed, and in each
 * changed field the words taken out (struck through, red) and put in (underlined, green).
 */
export function VersionCompare({
  pageId,
  collection,
  versions,
  initialFrom,
  onClose,
}: {
  pageId: string
  collection: Collection
  versions: readonly PageVersion[]
  initialFrom: number
  onClose: () => void
}) {
  const draft = useEditorState().page.page
  const [from, setFrom] = useState<Side>(initialFrom)
  const [to, setTo] = useState<Side>('draft')
  const [loaded, setLoaded] = useState<Record<number, EditorPage>>({})
  const [error, setError] = useState<string | null>(null)
  const ids = useId()

  useEffect(() => {
    const missing = [from, to].filter((side): side is number => side !== 'draft' && !loaded[side])
    if (!missing.length) return
    const controller = new AbortController()
    Promise.all(
      missing.map((versionId) =>
        getApi('/page/version', { id: pageId, versionId, collection }, { signal: controller.signal }).then(
          (page) => [versionId, normalisePage({ ...page, _id: pageId }) ?? { ...page, _id: pageId }] as const,
        ),
      ),
    )
      .then((pages) => {
        setLoaded((before) => ({ ...before, ...Object.fromEntries(pages) }))
        setError(null)
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [from, to, loaded, pageId, collection])

  const pageOf = (side: Side) => (side === 'draft' ? draft : loaded[side])
  const before = pageOf(from)
  const after = pageOf(to)
  const comparison = useMemo(() => (before && after ? compareVersions(before, after) : null), [before, after])

  const options = (
    <>
      <option value="draft">{t.workingCopy}</option>
      {versions.map((v) => (
        <option key={v.id} value={v.id}>
          {t.versionOption(v.version, v.action, v.username ?? t.unknownUser, formatWhen(v.createdAt))}
        </option>
      ))}
    </>
  )
  const pick = (set: (side: Side) => void) => (value: string) => set(value === 'draft' ? 'draft' : Number(value))

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t.compareTitle} description={t.compareDescription}>
      <div className="grid gap-3 sm:grid-cols-2" data-version-compare="">
        <div>
          <label htmlFor={`${ids}-from`} className={chrome.label}>
            {t.from}
          </label>
          <select
            id={`${ids}-from`}
            className={`mt-1 ${chrome.input} ${chrome.focus}`}
            value={String(from)}
            onChange={(e) => pick(setFrom)(e.target.value)}
          >
            {options}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className={chrome.label}>
            {t.to}
          </label>
          <select
            id={`${ids}-to`}
            className={`mt-1 ${chrome.input} ${chrome.focus}`}
            value={String(to)}
            onChange={(e) => pick(setTo)(e.target.value)}
          >
            {options}
          </select>
        </div>
      </div>
      <div className="mt-4" aria-live="polite" aria-busy={!comparison && !error}>
        {error ? (
          <p role="alert" className={chrome.alert}>
            {error}
          </p>
        ) : !comparison ? (
          <p>{editorTexts.loading}</p>
        ) : (
          <ComparisonView comparison={comparison} />
        )}
      </div>
    </Modal>
  )
}

function ComparisonView({ comparison }: { comparison: ReturnType<typeof compareVersions> }) {
  const shown = comparison.blocks.filter((block) => block.status !== 'unchanged')
  const unchanged = comparison.blocks.length - shown.length
  if (!comparison.header.length && !comparison.page.length && !shown.length) return <p data-compare-same="">{t.same}</p>
  return (
    <div className="flex flex-col gap-5">
      {comparison.header.length ? (
        <section aria-label={t.headerSection} data-compare-section="header">
          <h3 className="text-sm font-semibold text-neutral-900">{t.headerSection}</h3>
          <Fields fields={comparison.header} />
        </section>
      ) : null}
      {comparison.page.length ? (
        <section aria-label={t.pageSection} data-compare-section="page">
          <h3 className="text-sm font-semibold text-neutral-900">{t.pageSection}</h3>
          <Fields fields={comparison.page} />
        </section>
      ) : null}
      <section aria-label={t.blocksSection} data-compare-section="blocks">
        <h3 className="text-sm font-semibold text-neutral-900">{t.blocksSection}</h3>
        <ol className="mt-2 flex flex-col gap-3">
          {shown.map((block) => (
            <li key={`${block.status}-${block.id}`} className="rounded-md p-3 ring-1 ring-neutral-200" data-compare-block={block.status}>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{block.title}</span>
                <span className="text-neutral-600">{t.position(block.from, block.to)}</span>
                <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${statusClass[block.status]}`}>{t.status[block.status]}</span>
              </p>
              {block.fields.length ? <Fields fields={block.fields} /> : null}
            </li>
          ))}
        </ol>
        {unchanged ? <p className="mt-2 text-sm text-neutral-600">{t.unchangedBlocks(unchanged)}</p> : null}
      </section>
    </div>
  )
}

/** Each changed field: its name, then its words with what was taken out and put in marked. */
function Fields({ fields }: { fields: readonly FieldComparison[] }) {
  return (
    <dl className="mt-2 grid gap-2 text-sm">
      {fields.map((field) => (
        <div key={field.label} data-compare-field={field.label}>
          <dt className="text-xs font-medium text-neutral-600">{field.label}</dt>
          <dd className="break-words whitespace-pre-wrap text-neutral-900">
            {field.parts
              ? field.parts.map((part, index) =>
                  part.kind === 'removed' ? (
                    <del key={index} className="bg-red-100 text-red-900 line-through" title={t.removedWords}>
                      <span className="sr-only">{`[${t.removedWords}: `}</span>
                      {part.text}
                      <span className="sr-only">]</span>
                    </del>
                  ) : part.kind === 'added' ? (
                    <ins key={index} className="bg-green-100 text-green-900 underline" title={t.addedWords}>
                      <span className="sr-only">{`[${t.addedWords}: `}</span>
                      {part.text}
                      <span className="sr-only">]</span>
                    </ins>
                  ) : (
                    <span key={index}>{part.text}</span>
                  ),
                )
              : t.valueChange(field.before ?? '', field.after ?? '')}
          </dd>
        </div>
      ))}
    </dl>
  )
}
