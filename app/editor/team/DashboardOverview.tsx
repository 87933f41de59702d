import { useEffect, useState } from 'react'
import { dashboardTexts as d, SYNC_COUNTS, type DashboardOverview as Overview } from '#lib/dashboard'
import { scheduleTexts as st } from '#lib/schedule'
import { formatSiteTime } from '#lib/team'
import { getApi, messageOf } from '#ui/api.ts'
import { ErrorAlert } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'

/** The dashboard's first tab (issue 17 point 9): pages with unpublished changes, recent enquiries, the last listing sync. */
export function DashboardOverview() {
  const [overview, setOverview] = useState<Overview | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getApi<Overview>('/dashboard/overview', undefined, { signal: controller.signal })
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
