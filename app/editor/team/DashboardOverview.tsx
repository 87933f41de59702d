import { useEffect, useState } from 'react'
import { dashboardTexts as d, SYNC_COUNTS, type DashboardOverview as Overview } from '#lib/dashboard'
import { scheduleTexts as st } from '#lib/schedule'
import { formatSiteTime } from '#lib/team'
import { getApi, messageOf } from '#ui/api.ts'
import { ErrorAlert } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'
import { BLOCK_PARAM, blockParam, radarTexts as r, type StaleFinding, type StaleReport } from '#lib/radar'
import { useEditorDispatch } from '../state/store.tsx'

/** The dashboard's first tab (issue 17 point 9): pages with unpublished changes, recent enquiries, the last listing sync. */
export function DashboardOverview() {
  const [overview, setOverview] = useState<Overview | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getApi('/dashboard/overview', undefined, { signal: controller.signal })
      .then(setOverview)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])
  if (error) return <ErrorAlert message={error} />
  if (!overview) return <p className="text-neutral-700">{d.loading}</p>
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="dash-pages" className="flex flex-col gap-2">
        <h3 id="dash-pages" className="text-base font-semibold">
          {d.pagesHeading}
        </h3>
        {overview.unpublishedPages.length ? (
          <ul className="divide-y divide-neutral-100">
            {overview.unpublishedPages.map((p) => (
              <li key={p._id} data-unpublished-page={p.slug} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <a className={chrome.link} href={`/${p.slug}`}>
                  {p.title || d.untitled}
                  <span className="ml-1 font-normal text-neutral-600">/{p.slug}</span>
                </a>
                <span className="text-xs text-neutral-700 tabular-nums">
                  {p.published && p.lastPublished ? d.changedSince(formatSiteTime(p.lastPublished)) : d.neverPublished},{' '}
                  {d.savedAt(formatSiteTime(p.updatedAt))}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-neutral-700">{d.pagesEmpty}</p>
        )}
      </section>

      <section aria-labelledby="dash-scheduled" className="flex flex-col gap-2">
        <h3 id="dash-scheduled" className="text-base font-semibold">
          {st.dashboardHeading}
        </h3>
        {overview.scheduled.length ? (
          <ul className="divide-y divide-neutral-100">
            {overview.scheduled.map((s) => (
              <li
                key={s.id}
                data-scheduled-page={s.slug}
                data-scheduled-action={s.action}
                className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5"
              >
                <span>
                  <span className="font-semibold">{st.dashboardAction[s.action]}</span>{' '}
                  <a className={chrome.link} href={`/${s.slug}`}>
                    {s.title || d.untitled}
                    <span className="ml-1 font-normal text-neutral-600">/{s.slug}</span>
                  </a>
                </span>
                <span className="text-xs text-neutral-700 tabular-nums">
                  <time dateTime={s.dueAt}>{formatSiteTime(s.dueAt)}</time>, {st.dashboardBy(s.username)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-neutral-700">{st.dashboardEmpty}</p>
        )}
      </section>

      <section aria-labelledby="dash-sync" className="flex flex-col gap-2">
        <h3 id="dash-sync" className="text-base font-semibold">
          {d.syncHeading}
        </h3>
        {overview.lastSync ? <SyncSummary sync={overview.lastSync} /> : <p className="text-neutral-700">{d.syncEmpty}</p>}
      </section>

      {overview.cdn ? <CdnPurges cdn={overview.cdn} /> : null}

      <StaleRadar report={overview.stale} />

      <section aria-labelledby="dash-enquiries" className="flex flex-col gap-2 lg:col-span-2">
        <h3 id="dash-enquiries" className="text-base font-semibold">
          {d.enquiriesHeading}
        </h3>
        {overview.enquiries.length ? (
          <table className="w-full text-left text-sm" aria-labelledby="dash-enquiries">
            <thead className="border-b border-neutral-200 text-xs text-neutral-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {d.enquiryColumns.when}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {d.enquiryColumns.who}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {d.enquiryColumns.email}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {d.enquiryColumns.mail}
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.enquiries.map((e) => (
                <tr key={e._id} className="border-b border-neutral-100 align-top">
                  <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">
                    <time dateTime={e.createdAt}>{formatSiteTime(e.createdAt)}</time>
                  </td>
                  <td className="py-1.5 pr-3 font-medium">{e.name}</td>
                  <td className="py-1.5 pr-3">
                    <a className={chrome.link} href={`mailto:${e.email}`}>
                      {e.email}
                    </a>
                  </td>
                  <td className="py-1.5">{d.mailStatus[e.mailStatus] ?? e.mailStatus}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-neutral-700">{d.enquiriesEmpty}</p>
        )}
      </section>
    </div>
  )
}

function SyncSummary({ sync }: { sync: NonNullable<Overview['lastSync']> }) {
  const failed = sync.status === 'failed'
  return (
    <div data-last-sync={sync.status} className="flex flex-col gap-1">
      <p>
        <span className={failed ? 'font-semibold text-red-darker' : 'font-semibold'}>{d.syncStatus[sync.status] ?? sync.status}</span>
        {' · '}
        {d.syncMode[sync.mode] ?? sync.mode}
        {d.syncTrigger[sync.trigger] ? `, ${d.syncTrigger[sync.trigger]}` : ''}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-neutral-600">{d.syncStarted}</dt>
        <dd className="tabular-nums">
          <time dateTime={sync.startedAt}>{formatSiteTime(sync.startedAt)}</time>
        </dd>
        {sync.finishedAt ? (
          <>
            <dt className="text-neutral-600">{d.syncFinished}</dt>
            <dd className="tabular-nums">
              <time dateTime={sync.finishedAt}>{formatSiteTime(sync.finishedAt)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {sync.counts ? (
        <p className="text-sm tabular-nums">
          {SYNC_COUNTS.filter((k) => typeof sync.counts?.[k] === 'number')
            .map((k) => `${sync.counts![k]!.toLocaleString('en-AU')} ${d.syncCounts[k]}`)
            .join(' · ')}
        </p>
      ) : null}
      {sync.error ? <p className={chrome.alert}>{sync.error}</p> : null}
    </div>
  )
}

/** Where a finding leads: the page with its block selected (or the page), or the navigation or footer editor. */
function findingAddress(finding: StaleFinding): string {
  const page = `/${finding.slug}`
  return finding.block ? `${page}?${BLOCK_PARAM}=${encodeURIComponent(blockParam(finding.block))}` : page
}

/** The stale-content radar (issue 34 point 6): newest first, each one click from its block. */
function StaleRadar({ report }: { report: StaleReport }) {
  const dispatch = useEditorDispatch()
  const checks = editorTexts.publishChecks.checks
  return (
    <section aria-labelledby="dash-stale" className="flex flex-col gap-2 lg:col-span-2" data-stale-radar="">
      <h3 id="dash-stale" className="text-base font-semibold">
        {r.heading}
        {report.total ? <span className="ml-2 text-sm font-normal text-neutral-700 tabular-nums">({report.total})</span> : null}
      </h3>
      <p className="text-sm text-neutral-700">
        {r.intro}
        {report.checkedAt ? ` ${r.checked(formatSiteTime(report.checkedAt))}.` : ''}
      </p>
      {report.findings.length ? (
        <ul className="divide-y divide-neutral-100">
          {report.findings.map((f) => (
            <li key={f.id} data-stale-finding={f.check} data-stale-href={f.href} className="flex flex-col gap-0.5 py-2">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">{checks[f.check].label}</span>
                <span className="text-xs text-neutral-700 tabular-nums">{r.found(formatSiteTime(f.foundAt))}</span>
              </p>
              <p className="text-sm text-neutral-800">
                {f.target ? `${checks[f.check].message(f.href)} (${f.target.name})` : checks[f.check].message(f.href)}
              </p>
              <p className="text-sm">
                <span className="text-neutral-700">{r.source[f.source]}: </span>
                {f.source === 'navigation' || f.source === 'footer' ? (
                  <button
                    type="button"
                    className={`${chrome.link} ${chrome.focus}`}
                    onClick={() => dispatch({ type: 'toggleActiveItem', item: f.source === 'navigation' ? 'saveNav' : 'saveFooter' })}
                  >
                    {f.source === 'navigation' ? editorTexts.menu.saveNav : editorTexts.menu.saveFooter}
                  </button>
                ) : (
                  <a className={chrome.link} href={findingAddress(f)} data-stale-open="">
                    {f.title || r.untitled}
                    <span className="ml-1 font-normal text-neutral-600">/{f.slug}</span>
                    <span className="sr-only">, {f.block ? r.show : r.openPage}</span>
                  </a>
                )}
              </p>
              {f.suggestions.length ? (
                <p className="text-sm text-neutral-700" data-stale-suggestions="">
                  {r.suggestions}{' '}
                  {f.suggestions.map((s, i) => (
                    <span key={s.id}>
                      {i ? ', ' : ''}
                      <a className={chrome.link} href={`/${s.slug}`}>
                        {s.name}
                      </a>
                    </span>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-neutral-700">{r.empty}</p>
      )}
      {report.total > report.findings.length ? (
        <p className="text-xs text-neutral-700">{r.more(report.findings.length, report.total)}</p>
      ) : null}
    </section>
  )
}

/** The CDN's purges still to run or failed (issue 34 point 2): a publish is live at the CDN once its purges are done. */
function CdnPurges({ cdn }: { cdn: NonNullable<Overview['cdn']> }) {
  return (
    <section aria-labelledby="dash-cdn" className="flex flex-col gap-1" data-cdn-purges={cdn.pending + cdn.failed}>
      <h3 id="dash-cdn" className="text-base font-semibold">
        {d.cdnHeading}
      </h3>
      <p className="text-sm text-neutral-700">{d.cdnProvider(cdn.provider)}</p>
      {cdn.pending || cdn.failed ? (
        <>
          {cdn.pending ? (
            <p className="tabular-nums">
              {d.cdnPending(cdn.pending)}
              {cdn.retrying ? ` ${d.cdnRetrying(cdn.retrying)}` : ''}
            </p>
          ) : null}
          {cdn.failed ? <p className={chrome.alert}>{d.cdnFailed(cdn.failed)}</p> : null}
          {cdn.lastError ? (
            <p className="text-sm text-neutral-700">
              {d.cdnLastError} {cdn.lastError}
            </p>
          ) : null}
        </>
      ) : (
        <p>{d.cdnAllDone}</p>
      )}
    </section>
  )
}
