import { useEffect, useState } from 'react'
import type { PublishCheck } from '#lib/publish-checks'
import { messageOf, postApi } from '#ui/api.ts'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'
import { useEditorDispatch } from '../state/store.tsx'
import type { EditorPage } from '../state/types.ts'
import { renderedFindings } from './rendered-checks.ts'

const t = editorTexts.publishChecks

export interface Finding {
  check: PublishCheck
  block: (string | number)[] | null
  message: string
  blocking: boolean
}

export type ChecksState = { kind: 'running' } | { kind: 'failed'; message: string } | { kind: 'done'; findings: Finding[] }

/** Waits this long after the last edit before checking again (the checks read links and listings on the server). */
const SETTLE_MS = 600

/**
 * Runs the checks on the working copy while the Publish panel is open: the server's on the page's
 * document, the rendered ones on the page as drawn, again a moment after each edit.
 */
export function usePublishChecks(page: EditorPage | null): ChecksState {
  const [state, setState] = useState<ChecksState>({ kind: 'running' })
  useEffect(() => {
    if (!page) return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      // The editor's page is loose (EditorPage); loaded and edited, its header is an object and its contents a list.
      postApi('/publish/checks', {
        page: { header: page.header as Record<string, unknown> | undefined, contents: page.contents as unknown[] | undefined },
      })
        .then(({ findings, blocking }) => {
          if (controller.signal.aborted) return
          const blocks = (check: PublishCheck) => blocking.includes(check)
          const server: Finding[] = findings.map((f) => ({
            check: f.check,
            block: f.block,
            blocking: blocks(f.check),
            message:
              f.check === 'alt-missing'
                ? t.checks['alt-missing'].message()
                : f.check === 'link-redirected'
                  ? t.checks['link-redirected'].message(f.href ?? '', f.location)
                  : f.check === 'heading-order' || f.check === 'image-oversized'
                    ? t.checks[f.check].label
                    : t.checks[f.check].message(f.href ?? ''),
          }))
          const rendered: Finding[] = renderedFindings().map((f) => ({
            check: f.check,
            block: f.block,
            blocking: blocks(f.check),
            message: t.checks[f.check].message(f.from, f.to),
          }))
          setState({ kind: 'done', findings: [...server, ...rendered] })
        })
        .catch((err: unknown) => {
          if (!controller.signal.aborted) setState({ kind: 'failed', message: messageOf(err) })
        })
    }, SETTLE_MS)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [page])
  return state
}

/** The list of what the checks found, each leading to its block; blocking ones first. */
export function PublishChecks({ state, blockingId }: { state: ChecksState; blockingId: string }) {
  const dispatch = useEditorDispatch()
  const findings = state.kind === 'done' ? [...state.findings].sort((a, b) => Number(b.blocking) - Number(a.blocking)) : []
  const blockingCount = findings.filter((f) => f.blocking).length
  return (
    <section aria-labelledby="publish-checks-heading" className="flex flex-col gap-2" data-publish-checks="">
      <h3 id="publish-checks-heading" className="text-sm font-semibold text-neutral-900">
        {t.heading}
      </h3>
      <p role="status" className="text-sm text-neutral-700">
        {state.kind === 'running' ? t.running : state.kind === 'failed' ? t.failed : findings.length ? t.found(findings.length) : t.none}
      </p>
      {blockingCount ? (
        <p id={blockingId} className={chrome.alert}>
          {t.blockingNote(blockingCount)}
        </p>
      ) : findings.length ? (
        <p className="text-xs text-neutral-600">{t.warningsNote}</p>
      ) : null}
      {findings.length ? (
        <ul className="flex flex-col gap-2">
          {findings.map((finding, i) => (
            <li
              key={`${finding.check}-${i}`}
              className={`rounded-md px-3 py-2 text-sm ring-1 ${finding.blocking ? 'bg-red/5 ring-red/30' : 'bg-amber-50 ring-amber-300'}`}
              data-check={finding.check}
            >
              <p className="font-semibold text-neutral-900">
                <span className="sr-only">{finding.blocking ? t.blocks : t.warning}: </span>
                {t.checks[finding.check].label}
                {finding.blocking ? <span className="ml-2 text-xs font-medium text-red-darker">({t.blocks})</span> : null}
              </p>
              <p className="text-neutral-700">{finding.message}</p>
              {finding.block ? (
                <button
                  type="button"
                  className={`${chrome.link} ${chrome.focus} mt-1`}
                  onClick={() => {
                    // Select Component, with the block selected: its frame scrolls into view and takes the focus.
                    dispatch({ type: 'toggleActiveItem', item: 'select' })
                    dispatch({ type: 'selectBlock', path: finding.block })
                  }}
                >
                  {t.show}
                </button>
              ) : (
                <p className="text-xs text-neutral-600">{t.inHeader}</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
