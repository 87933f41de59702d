import { lazy, Suspense, useEffect, useId, useState } from 'react'
import type { DomainDoc } from '#lib/content'
import { domainLanguagesOf, LOCALES, offeredLocales } from '#lib/locales'
import { REFERRAL_KINDS, resultsTexts as rt, type ResultRow, type ResultsSummary, type ResultTable } from '#lib/results'
import { SITE_TIME_ZONE } from '#lib/team'
import { apiUrl, getApi, messageOf } from '#ui/api.ts'
import { ErrorAlert } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'

/** The chart library (Chart.js) is its own chunk, loaded when the Results tab shows figures. */
const VisitsChart = lazy(() => import('./VisitsChart.tsx'))

const dayOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

interface Filters {
  from: string
  to: string
  domainId: string
  language: string
}

const number = (n: number) => n.toLocaleString('en-AU')

/** The dashboard's Results (issue 37 point 4): what the site counted itself, for a range, a domain and a language. */
export function ResultsPanel() {
  const [domains, setDomains] = useState<DomainDoc[]>([])
  const [filters, setFilters] = useState<Filters>(() => {
    const today = new Date()
    return { from: dayOf(new Date(today.getTime() - 29 * 86_400_000)), to: dayOf(today), domainId: '', language: '' }
  })
  const [shown, setShown] = useState<Filters | null>(null)
  const [answer, setAnswer] = useState<{ of: Filters; summary: ResultsSummary | null; error: string | null } | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const ids = useId()

  useEffect(() => {
    const controller = new AbortController()
    getApi('/config/loadDomain', undefined, { signal: controller.signal })
      .then(({ domain, domains: list }) => {
        setDomains(list)
        const first = { ...filters, domainId: domain?._id ?? list[0]?._id ?? '' }
        setFilters(first)
        setShown(first)
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(err))
      })
    return () => controller.abort()
    // Once: the domains and the first range.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!shown) return
    const controller = new AbortController()
    getApi('/results/summary', queryOf(shown), { signal: controller.signal })
      .then((figures) => setAnswer({ of: shown, summary: figures, error: null }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setAnswer({ of: shown, summary: null, error: messageOf(err) })
      })
    return () => controller.abort()
  }, [shown])
  // The answer for the filters shown; another one (older filters) means the new one is loading.
  const current = answer && answer.of === shown ? answer : null
  const summary = current?.summary ?? null
  const error = loadError ?? current?.error ?? null

  const domain = domains.find((d) => d._id === filters.domainId) ?? null
  const languages = offeredLocales(domainLanguagesOf(domain))
  const invalid = filters.from > filters.to

  return (
    <div className="flex flex-col gap-5">
      <p className="text-neutral-700">{rt.intro}</p>
      <form
        aria-label={rt.filtersLabel}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          if (!invalid) setShown({ ...filters })
        }}
      >
        <label className="flex flex-col gap-1">
          <span className={chrome.label}>{rt.from}</span>
          <input
            type="date"
            className={chrome.input}
            value={filters.from}
            max={filters.to}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${ids}-range` : undefined}
            onChange={(e) => setFilters({ ...filters, from: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className={chrome.label}>{rt.to}</span>
          <input type="date" className={chrome.input} value={filters.to} onChange={(e) => setFilters({ ...filters, to: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1">
          <span className={chrome.label}>{rt.domain}</span>
          <select
            className={chrome.input}
            value={filters.domainId}
            onChange={(e) => setFilters({ ...filters, domainId: e.target.value, language: '' })}
          >
            {domains.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className={chrome.label}>{rt.language}</span>
          <select className={chrome.input} value={filters.language} onChange={(e) => setFilters({ ...filters, language: e.target.value })}>
            <option value="">{rt.allLanguages}</option>
            {languages.map((code) => (
              <option key={code} value={code}>
                {LOCALES[code].englishName}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${chrome.button} ${chrome.primary}`} disabled={invalid}>
          {rt.show}
        </button>
        {invalid ? (
          <p id={`${ids}-range`} className={chrome.fieldError}>
            {rt.invalidRange}
          </p>
        ) : null}
      </form>

      {error ? <ErrorAlert message={error} /> : null}
      {!summary && !error ? (
        <p className="text-neutral-700" role="status">
          {rt.loading}
        </p>
      ) : null}
      {summary && shown ? <Figures summary={summary} filters={shown} /> : null}
    </div>
  )
}

const queryOf = (f: Filters) => ({ from: f.from, to: f.to, domainId: f.domainId || undefined, language: f.language || undefined })

function Figures({ summary, filters }: { summary: ResultsSummary; filters: Filters }) {
  const csv = (table: ResultTable) => apiUrl('/results/csv', { ...queryOf(filters), table })
  const c = rt.columns
  return (
    <div className="flex flex-col gap-6" data-results={`${summary.from}/${summary.to}`}>
      {summary.demo ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-300" data-demo-results>
          {rt.demoNotice}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {(Object.keys(rt.totals) as (keyof ResultsSummary['totals'])[]).map((key) => (
          <div key={key} className="rounded-md bg-neutral-50 px-3 py-2 ring-1 ring-neutral-200">
            <dt className="text-xs text-neutral-700">{rt.totals[key]}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-total={key}>
              {number(summary.totals[key])}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="results-daily" className="flex flex-col gap-2">
        <TableHeading id="results-daily" table="daily" href={csv('daily')} />
        <Suspense fallback={<p className="text-neutral-700">{rt.loading}</p>}>
          <VisitsChart daily={summary.daily} label={rt.chartLabel(summary.from, summary.to)} />
        </Suspense>
        <details>
          <summary className="cursor-pointer text-sm text-neutral-800">{rt.tables.daily}</summary>
          <SimpleTable
            caption={rt.tables.daily}
            head={[c.day, c.views, c.visitors]}
            rows={summary.daily.map((d) => [d.day, number(d.views), number(d.visitors)])}
          />
        </details>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <RowsTable table="topPages" rows={summary.topPages} head={c.page} href={csv('topPages')} />
        <RowsTable table="topListings" rows={summary.topListings} head={c.listing} href={csv('topListings')} />
        <RowsTable table="topSearches" rows={summary.topSearches} head={c.terms} href={csv('topSearches')} />
        <RowsTable table="emptySearches" rows={summary.emptySearches} head={c.terms} href={csv('emptySearches')} />
        <RowsTable table="enquiriesByMonth" rows={summary.enquiriesByMonth} head={c.month} href={csv('enquiriesByMonth')} />
        <RowsTable table="filters" rows={summary.filters} head={c.filter} href={csv('filters')} />
        <RowsTable table="referrers" rows={summary.referrers} head={c.site} href={csv('referrers')} />
        <RowsTable table="devices" rows={summary.devices} head={c.device} href={csv('devices')} />
      </div>

      <section aria-labelledby="results-referrals" className="flex flex-col gap-2">
        <TableHeading id="results-referrals" table="referrals" href={csv('referrals')} />
        {summary.referrals.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-table="referrals">
              <caption className="sr-only">{rt.tables.referrals}</caption>
              <thead>
                <tr className="border-b border-neutral-200">
                  <th scope="col" className="py-1 pr-3">
                    {c.operator}
                  </th>
                  {REFERRAL_KINDS.map((k) => (
                    <th key={k} scope="col" className="py-1 pr-3 text-right">
                      {rt.referralKinds[k]}
                    </th>
                  ))}
                  <th scope="col" className="py-1 pr-3 text-right">
                    {c.total}
                  </th>
                  <th scope="col" className="py-1">
                    <span className="sr-only">{rt.downloadCsv}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.referrals.map((r) => (
                  <tr key={r.operator} data-operator={r.operator} className="border-b border-neutral-100">
                    <th scope="row" className="py-1 pr-3 font-medium">
                      {r.name}
                    </th>
                    {REFERRAL_KINDS.map((k) => (
                      <td key={k} className="py-1 pr-3 text-right tabular-nums" data-kind={k}>
                        {number(r.counts[k])}
                      </td>
                    ))}
                    <td className="py-1 pr-3 text-right font-semibold tabular-nums">{number(r.total)}</td>
                    <td className="py-1">
                      <a
                        className={chrome.link}
                        href={apiUrl('/results/operatorCsv', { ...queryOf(filters), operator: r.operator })}
                        download
                      >
                        CSV<span className="sr-only"> {rt.operatorCsv(r.name)}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-neutral-700">{rt.empty}</p>
        )}
      </section>
    </div>
  )
}

function TableHeading({ id, table, href }: { id: string; table: ResultTable; href: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h3 id={id} className="text-base font-semibold">
        {rt.tables[table]}
      </h3>
      <a className={chrome.link} href={href} download data-csv={table}>
        {rt.downloadCsv}
        <span className="sr-only">: {rt.tables[table]}</span>
      </a>
    </div>
  )
}

function RowsTable({ table, rows, head, href }: { table: ResultTable; rows: ResultRow[]; head: string; href: string }) {
  const id = `results-${table}`
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <TableHeading id={id} table={table} href={href} />
      {rows.length ? (
        <SimpleTable
          caption={rt.tables[table]}
          head={[head, rt.columns.count]}
          rows={rows.map((r) => [r.label, number(r.count)])}
          name={table}
        />
      ) : (
        <p className="text-neutral-700">{rt.empty}</p>
      )}
    </section>
  )
}

function SimpleTable({ caption, head, rows, name }: { caption: string; head: string[]; rows: string[][]; name?: string }) {
  return (
    <table className="w-full text-left text-sm" data-table={name}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-neutral-200">
          {head.map((h, i) => (
            <th key={h} scope="col" className={`py-1 pr-3 ${i > 0 ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-b border-neutral-100">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1 pr-3 font-normal break-all">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1 pr-3 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
