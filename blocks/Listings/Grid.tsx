/**
 * The public listings grid (spec 02 §2.2, §4). Server-rendered with the first page of results for
 * the address's filters (its data.server.ts), so it is complete and filterable without
 * JavaScript: the filters are a GET form, Load More and Export to PDF are plain links. Once
 * hydrated, changes re-query at once (keywords after 300 ms) and the address follows the filters.
 *
 * Kept lean for the visitor bundle: dates through lib/dates (typed as DD/MM/YYYY, spec 02 §2.2,
 * whatever the browser's locale; under 1 kB of date-fns), no dialog library (a native <dialog>).
 * Its parts: FilterForm (and DateField), ViewToggle, PdfDialog; the hooks use-listings-query
 * (the requests) and use-filter-panel; pdf-export (the download).
 */
import { clsx } from 'clsx'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useRouteLoaderData } from 'react-router'
import { useLocale, useTexts } from '#ui/locale'
import { useApiBase } from '#ui/hooks/use-api-base'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { measure } from '#ui/measure'
import { emptyFilters, filtersFromSearch, filtersToSearch, pdfQuery, type GridFilters } from '../../listings/grid-filters'
import type { ListingsBlockData } from './data'
import { FilterForm } from './FilterForm'
import { DownloadIcon, Spinner } from './icons'
import { CalendarIcon, LocationIcon } from '#ui/icons'
import { ListingCard } from './ListingCard'
import { PdfDialog } from './PdfDialog'
import { downloadCalendar } from './pdf-export'
import { useFilterPanel } from './use-filter-panel'
import { useListingsQuery } from './use-listings-query'
import { formatDistance } from './near-me'
import { useNearMe } from './use-near-me'
import { useGridView, ViewToggle } from './ViewToggle'

/** The map view (issue 19): Leaflet and its clusters load only when a visitor chooses Map. */
const ListingsMap = lazy(() => import('./ListingsMap'))

/** Spec 02 §9. */
const KEYWORD_DEBOUNCE_MS = 300

function useSiteName(): string {
  const layout = useRouteLoaderData('layouts/default') as { nav?: { siteName?: string } | null } | undefined
  return layout?.nav?.siteName ?? ''
}

/** Keeps the address in step with the filters: the router's own history entry is kept (its state too), only the query changes. */
function writeAddress(next: GridFilters, page: number) {
  const url = new URL(window.location.href)
  url.search = filtersToSearch(next, url.searchParams, page).toString()
  window.history.replaceState(window.history.state, '', url)
}

interface GridProps {
  categoryFilter: string
  showExport: boolean
  initial?: ListingsBlockData
}

export function ListingsGrid({ categoryFilter, showExport, initial }: GridProps) {
  const {
    listings: { grid: t },
    map: mapTexts,
  } = useTexts()
  const pageLocale = useLocale()
  const hydrated = useHydrated()
  const apiBase = useApiBase()
  const siteName = useSiteName()
  const ids = useId()

  // Without server data (an editor's working copy, rendered in the browser only) the address has the filters.
  const [filters, setFilters] = useState<GridFilters>(
    () =>
      initial?.filters ??
      (typeof window === 'undefined' ? emptyFilters : filtersFromSearch(new URLSearchParams(window.location.search)).filters),
  )
  const [keyword, setKeyword] = useState(filters.search)
  const [exporting, setExporting] = useState(false)
  const { result, pages, loading, loadingMore, setLoading, setLoadingMore, query } = useListingsQuery(apiBase, categoryFilter, initial)
  const panel = useFilterPanel()
  const { view, chooseView } = useGridView()
  const listRef = useRef<HTMLUListElement>(null)
  const near = useNearMe(apiBase, categoryFilter, filters, pageLocale.locale)
  const nearOn = near.state.kind === 'on'

  // A grid rendered without server results (an editor's working copy, a failed server fetch) loads them.
  const firstRun = useRef(true)
  useEffect(() => {
    if (!firstRun.current) return
    firstRun.current = false
    // query() sets state only once the answer arrives (after an await), never synchronously here.
    if (!initial?.result) void query(filters, 1, false)
  }, [initial, query, filters])

  // Keywords re-query 300 ms after the last keystroke.
  useEffect(() => {
    if (keyword.trim() === filters.search) return
    const timer = setTimeout(() => applyFilters({ ...filters, search: keyword.trim() }), KEYWORD_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  })

  // Spec 02 §4: changing the block's category filter clears the checked categories and re-queries.
  const shownCategoryFilter = useRef(categoryFilter)
  useEffect(() => {
    if (shownCategoryFilter.current === categoryFilter) return
    shownCategoryFilter.current = categoryFilter
    applyFilters({ ...filters, categories: [] })
  })

  const [impossibleDates, setImpossibleDates] = useState({ from: false, to: false })
  const dateProblem = impossibleDates.from || impossibleDates.to
  const onImpossibleDate = useCallback(
    (field: 'from' | 'to', impossible: boolean) =>
      setImpossibleDates((old) => (old[field] === impossible ? old : { ...old, [field]: impossible })),
    [],
  )

  function applyFilters(next: GridFilters) {
    // Which of the grid's filters visitors use (issue 37): their names, never their values.
    const used = (Object.keys(next) as (keyof GridFilters)[]).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(emptyFilters[k]))
    if (used.length) measure({ k: 'filter', n: used })
    setFilters(next)
    setLoading(true)
    writeAddress(next, 1)
    void query(next, 1, false)
  }

  // Keyboard and screen reader users continue at the first new card once Load More's cards are on the page.
  const focusAfterLoad = useRef<number | null>(null)
  useEffect(() => {
    const index = focusAfterLoad.current
    if (index === null) return
    const link = listRef.current?.querySelectorAll<HTMLAnchorElement>('article h2 a, article h3 a')[index]
    if (!link) return
    focusAfterLoad.current = null
    link.focus()
  }, [result])

  async function loadMore() {
    if (!result) return
    focusAfterLoad.current = result.listings.length
    setLoadingMore(true)
    const answer = await query(filters, pages + 1, true)
    if (!answer) {
      focusAfterLoad.current = null
      return
    }
    writeAddress(filters, pages + 1)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    panel.setPanelOpen(false)
    if (keyword.trim() !== filters.search) applyFilters({ ...filters, search: keyword.trim() })
  }

  // The calendar in the page's language (its words, dates and font); the default language needs no parameter.
  const pdfParams = pdfQuery(filters, categoryFilter)
  if (pageLocale.locale !== pageLocale.languages.default) pdfParams.set('lang', pageLocale.locale)
  const pdfHref = `${apiBase}/listingsPdf/generatePdf?${pdfParams.toString()}`

  // The events grid's calendar feed (issue 35 point 2): exactly these filters, in the grid's address
  // parameters. A webcal: address once hydrated (calendar apps subscribe to it); before, the https one.
  const feedParams = filtersToSearch(filters)
  if (categoryFilter && categoryFilter !== 'none') feedParams.set('categoryFilterId', categoryFilter)
  if (pageLocale.locale !== pageLocale.languages.default) feedParams.set('lang', pageLocale.locale)
  const feedPath = `${apiBase}/calendar/events.ics?${feedParams.toString()}`
  const feedHref = hydrated ? new URL(feedPath, window.location.href).href.replace(/^https?:/, 'webcal:') : feedPath

  async function exportPdf() {
    setExporting(true)
    try {
      await downloadCalendar(pdfHref, t.pdfFileName(siteName))
    } catch (error) {
      // Spec 02 §8: a PDF failure is logged only; the modal closes.
      console.error(error)
    } finally {
      setExporting(false)
    }
  }

  // A From or To that does not exist (31/02/2026): the old results are not shown as if they matched it.
  // Sorted by distance: the nearest cards the browser asked for, each with its distance.
  const listings = dateProblem ? [] : near.state.kind === 'on' ? near.state.cards : (result?.listings ?? [])
  const total = near.state.kind === 'on' ? near.state.order.length : (result?.totalListings ?? 0)
  const hasMore = !dateProblem && listings.length < total
  const distances = new Map(near.state.kind === 'on' ? near.state.order.map((n) => [n.id, n.km]) : [])
  const nearMessage =
    near.state.kind === 'locating'
      ? t.locating
      : near.state.kind === 'problem'
        ? near.state.problem === 'denied'
          ? t.locationDenied
          : t.locationUnavailable
        : near.state.kind === 'on'
          ? [t.sortingByDistance, near.state.unlocated ? t.unlocatedLeftOut(near.state.unlocated) : ''].filter(Boolean).join(' ')
          : ''
  const moreHref = `?${filtersToSearch(filters, new URLSearchParams(), pages + 1).toString()}`

  return (
    <section className="container-site" aria-label={t.label} data-listings-grid="">
      <FilterForm
        panelId={`${ids}-panel`}
        filters={filters}
        keyword={keyword}
        onKeyword={setKeyword}
        onSubmit={onSubmit}
        applyFilters={applyFilters}
        onImpossibleDate={onImpossibleDate}
        result={result}
        hydrated={hydrated}
        panel={panel}
      />

      <div className="mt-8 mb-6 flex flex-wrap items-center justify-between gap-4">
        {/* A heading (it reads as one): the cards' h3 titles then sit under an h2, not straight after the page's h1.
            The live region holds the heading (HTML allows no status inside a heading). */}
        <div role="status" aria-live="polite">
          <h2 className="font-display text-2xl font-semibold text-red-darkest">
            {dateProblem ? t.dateNotApplied : loading && !result ? t.loading : total > 0 ? t.results(total) : t.none}
          </h2>
        </div>
        <ViewToggle view={view} onChoose={chooseView} hydrated={hydrated} />
        {/* Needs the browser's geolocation: offered once hydrated, and the position is asked for only on this press.
            Rendered hidden before that so its place is kept: appearing later wrapped the row in some
            languages and moved the cards (CLS 0.054 on /zh-hans/whats-on at 412 px). */}
        {view === 'list' ? (
          <button
            type="button"
            className={clsx('button button--ghost', !hydrated && 'invisible')}
            aria-pressed={nearOn}
            disabled={near.state.kind === 'locating'}
            onClick={() => (nearOn ? near.turnOff() : void near.turnOn())}
            data-near-me
          >
            <LocationIcon size={18} />
            {t.sortByDistance}
          </button>
        ) : null}
        {showExport && total > 0 && !dateProblem ? (
          hydrated ? (
            <button type="button" onClick={() => void exportPdf()} disabled={exporting} className="button button--ghost">
              <DownloadIcon size={18} />
              {t.exportPdf}
            </button>
          ) : (
            <a href={pdfHref} download={t.pdfFileName(siteName)} className="button button--ghost">
              <DownloadIcon size={18} />
              {t.exportPdf}
            </a>
          )
        ) : null}
        {result?.hasDates && !dateProblem ? (
          <a href={feedHref} className="button button--ghost" title={t.subscribeHint} data-calendar-feed>
            <CalendarIcon size={18} />
            {t.subscribe}
          </a>
        ) : null}
      </div>

      <p role="status" className={clsx('text-sm text-ink-soft', nearMessage ? 'mb-4' : 'sr-only')} data-near-status>
        {nearMessage}
      </p>

      {view === 'map' ? (
        <Suspense fallback={<p className="min-h-[420px] text-ink-soft">{mapTexts.loading}</p>}>
          <ListingsMap apiBase={apiBase} filters={filters} categoryFilter={categoryFilter} />
        </Suspense>
      ) : null}

      <ul
        hidden={view === 'map'}
        ref={listRef}
        aria-busy={loading || undefined}
        className={clsx('grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3', loading && result && 'opacity-50')}
      >
        {listings.map((listing, i) => (
          <li key={listing._id}>
            <ListingCard
              listing={listing}
              priority={i === 0}
              distance={distances.has(listing._id) ? formatDistance(distances.get(listing._id)!, pageLocale.locale) : undefined}
            />
          </li>
        ))}
      </ul>

      {hasMore && view === 'list' ? (
        <div className="mt-10 flex justify-center">
          {hydrated ? (
            <button
              type="button"
              onClick={() => void (nearOn ? near.loadMore() : loadMore())}
              disabled={nearOn ? near.state.kind === 'on' && near.state.loading : loadingMore}
              aria-busy={loadingMore || undefined}
              className="button min-w-44"
            >
              {loadingMore ? <Spinner size={18} /> : null}
              {t.loadMore}
            </button>
          ) : (
            <a href={moreHref} className="button min-w-44">
              {t.loadMore}
            </a>
          )}
        </div>
      ) : null}

      <PdfDialog open={exporting} />
    </section>
  )
}
