/**
 * The public listings grid (spec 02 §2.2, §4). Server-rendered with the first page of results for
 * the address's filters (block-data.server.ts), so it is complete and filterable without
 * JavaScript: the filters are a GET form, Load More and Export to PDF are plain links. Once
 * hydrated, changes re-query at once (keywords after 300 ms) and the address follows the filters.
 *
 * Kept lean for the visitor bundle: dates through lib/dates (typed as DD/MM/YYYY, spec 02 §2.2,
 * whatever the browser's locale; under 1 kB of date-fns), no dialog library (a native <dialog>).
 */
import { clsx } from 'clsx'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useRouteLoaderData } from 'react-router'
import { formatDmy, formatIso, parseDate, parseDmy } from '#lib/dates'
import type { FetchResponse } from '#lib/listings'
import { listingTexts, mapTexts } from '#lib/texts'
import { useApiBase } from '#ui/hooks/use-api-base'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { CloseIcon } from '#ui/icons'
import {
  emptyFilters,
  fetchRequest,
  filtersFromSearch,
  filtersToSearch,
  PAGE_SIZE,
  params,
  pdfQuery,
  toggleCategory,
  withDate,
  type GridFilters,
} from '../../listings/grid-filters'
import { DownloadIcon, FilterIcon, Spinner } from './icons'
import { ListingCard } from './ListingCard'
import type { ListingsBlockData } from './data'

const t = listingTexts.grid

/** The map view (issue 19): Leaflet and its clusters load only when a visitor chooses Map. */
const ListingsMap = lazy(() => import('./ListingsMap'))
/** The address's parameter that keeps the chosen view (a shared or reloaded address opens the map again). */
const VIEW_PARAM = 'view'
type View = 'list' | 'map'

/** Spec 02 §9. */
const KEYWORD_DEBOUNCE_MS = 300
const FETCH_MIN_DELAY_MS = 200
const PDF_TIMEOUT_MS = 300_000
const SMALL_SCREEN = '(max-width: 767px)'

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function useSiteName(): string {
  const layout = useRouteLoaderData('layouts/default') as { nav?: { siteName?: string } | null } | undefined
  return layout?.nav?.siteName ?? ''
}

interface GridProps {
  categoryFilter: string
  showExport: boolean
  initial?: ListingsBlockData
}

export function ListingsGrid({ categoryFilter, showExport, initial }: GridProps) {
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
  const [result, setResult] = useState<FetchResponse | null>(initial?.result ?? null)
  const [pages, setPages] = useState(initial?.pages ?? 1)
  const [loading, setLoading] = useState(!initial?.result)
  const [loadingMore, setLoadingMore] = useState(false)
  const [panelOpen, setPanelOpen] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [view, setView] = useState<View>('list')

  const requestId = useRef(0)
  const listRef = useRef<HTMLUListElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const panelRef = useRef<HTMLDetailsElement>(null)

  const query = useCallback(
    async (next: GridFilters, page: number, append: boolean) => {
      const id = ++requestId.current
      const body = fetchRequest(next, categoryFilter, page, PAGE_SIZE)
      try {
        const [response] = await Promise.all([
          fetch(`${apiBase}/listing/fetch`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(body),
          }),
          delay(FETCH_MIN_DELAY_MS),
        ])
        if (!response.ok) throw new Error(`listing/fetch answered ${response.status}`)
        const answer = (await response.json()) as FetchResponse
        if (id !== requestId.current) return null
        setResult((previous) => (append && previous ? { ...answer, listings: [...previous.listings, ...answer.listings] } : answer))
        setPages(page)
        return answer
      } catch (error) {
        // Spec 02 §8: listing grid fetch failures are not handled visibly.
        console.error(error)
        return null
      } finally {
        if (id === requestId.current) {
          setLoading(false)
          setLoadingMore(false)
        }
      }
    },
    [apiBase, categoryFilter],
  )

  // A grid rendered without server results (an editor's working copy, a failed server fetch) loads them.
  const firstRun = useRef(true)
  useEffect(() => {
    if (!firstRun.current) return
    firstRun.current = false
    // query() sets state only once the answer arrives (after an await), never synchronously here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
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

  // The server renders the list; an address asking for the map opens it once hydrated.
  useEffect(() => {
    // Read from the address once, after hydration (the server never renders the map).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (new URLSearchParams(window.location.search).get(VIEW_PARAM) === 'map') setView('map')
  }, [])

  function chooseView(next: View) {
    setView(next)
    const url = new URL(window.location.href)
    if (next === 'map') url.searchParams.set(VIEW_PARAM, 'map')
    else url.searchParams.delete(VIEW_PARAM)
    window.history.replaceState(window.history.state, '', url)
  }

  function writeAddress(next: GridFilters, page: number) {
    const url = new URL(window.location.href)
    url.search = filtersToSearch(next, url.searchParams, page).toString()
    // The router's own history entry is kept (its state too): only the query changes.
    window.history.replaceState(window.history.state, '', url)
  }

  function applyFilters(next: GridFilters) {
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
    setPanelOpen(false)
    if (keyword.trim() !== filters.search) applyFilters({ ...filters, search: keyword.trim() })
  }

  // Opened before the scripts ran (a native <details>): the state follows what the visitor sees.
  useEffect(() => {
    if (panelRef.current?.open) setPanelOpen(true)
  }, [])

  // Escape closes the open panel and gives focus back to its summary. Listened for on the document:
  // a filter's change re-renders the panel's options, and focus may then have fallen back to <body>.
  useEffect(() => {
    if (!panelOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const active = document.activeElement
      const panel = panelRef.current
      if (!panel || (active && active !== document.body && !panel.contains(active))) return
      setPanelOpen(false)
      panel.querySelector<HTMLElement>('summary')?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [panelOpen])

  // Small screens: the open panel is a full-screen overlay; the page behind it does not scroll.
  useEffect(() => {
    if (!panelOpen || !window.matchMedia(SMALL_SCREEN).matches) return
    const root = document.documentElement
    const previous = root.style.overflow
    root.style.overflow = 'hidden'
    panelRef.current?.querySelector<HTMLElement>('[data-close]')?.focus()
    return () => {
      root.style.overflow = previous
    }
  }, [panelOpen])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (exporting && !dialog.open) dialog.showModal()
    if (!exporting && dialog.open) dialog.close()
  }, [exporting])

  async function exportPdf() {
    setExporting(true)
    try {
      const signal = AbortSignal.timeout(PDF_TIMEOUT_MS)
      const url = `${apiBase}/listingsPdf/generatePdf?${pdfQuery(filters, categoryFilter).toString()}`
      let response = await fetch(url, { signal })
      // The server is laying out other calendars (429): the generating modal stays open and the
      // request is made again when Retry-After says, within the PDF timeout.
      while (response.status === 429) {
        const seconds = Math.min(30, Math.max(1, Number(response.headers.get('retry-after')) || 2))
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, seconds * 1000)
          signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer)
              reject(signal.reason)
            },
            { once: true },
          )
        })
        response = await fetch(url, { signal })
      }
      if (!response.ok) throw new Error(`listingsPdf/generatePdf answered ${response.status}`)
      const blob = await response.blob()
      const href = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = href
      link.download = t.pdfFileName(siteName)
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(href), 60_000)
    } catch (error) {
      // Spec 02 §8: a PDF failure is logged only; the modal closes.
      console.error(error)
    } finally {
      setExporting(false)
    }
  }

  const listings = result?.listings ?? []
  const total = result?.totalListings ?? 0
  const categories = result?.listingCategories ?? []
  const locations = result?.locations ?? []
  const hasMore = listings.length < total
  const pdfHref = `${apiBase}/listingsPdf/generatePdf?${pdfQuery(filters, categoryFilter).toString()}`
  const moreHref = `?${filtersToSearch(filters, new URLSearchParams(), pages + 1).toString()}`
  const panelId = `${ids}-panel`

  return (
    <section className="container-site" aria-label={t.label} data-listings-grid="">
      <form method="get" role="search" aria-label={t.label} onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-1 flex-col gap-1.5 text-sm font-semibold text-ink">
            {t.keywords}
            <input
              type="search"
              name={params.search}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              placeholder={t.keywordsPlaceholder}
              autoComplete="off"
              maxLength={200}
              className="min-h-12 rounded-full border border-ink/25 bg-white px-5 text-base font-normal text-ink placeholder:text-ink-soft focus-visible:border-red"
            />
          </label>
        </div>

        <details ref={panelRef} open={panelOpen} onToggle={(event) => setPanelOpen(event.currentTarget.open)} className="group/filters">
          <summary
            aria-controls={panelId}
            className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border-2 border-red px-5 py-2 text-sm font-semibold text-red transition-colors select-none hover:bg-red hover:text-white [&::-webkit-details-marker]:hidden"
          >
            <FilterIcon size={18} />
            {t.filters}
          </summary>
          <div
            id={panelId}
            className="fixed inset-0 z-[60] flex flex-col gap-6 overflow-y-auto bg-white p-6 md:static md:z-auto md:mt-4 md:overflow-visible md:rounded-sm md:bg-soft-pink md:p-6 md:ring-1 md:ring-black/5"
          >
            <div className="flex items-center justify-between md:hidden">
              <p className="font-display text-2xl font-semibold text-red-darkest">{t.filters}</p>
              {/* Without JavaScript this submits the form, which applies the filters and closes the overlay. */}
              <button
                type={hydrated ? 'button' : 'submit'}
                data-close=""
                onClick={hydrated ? () => setPanelOpen(false) : undefined}
                className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold text-red ring-1 ring-red/40"
              >
                <CloseIcon size={18} />
                {t.close}
              </button>
            </div>
            <div className="grid gap-5 md:grid-cols-3">
              <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
                {t.location}
                <select
                  name={params.location}
                  value={filters.location}
                  onChange={(event) => applyFilters({ ...filters, location: event.target.value })}
                  className="min-h-12 rounded-md border border-ink/25 bg-white px-4 text-base font-normal"
                >
                  <option value="">{t.allLocations}</option>
                  {locations.map((location) => (
                    <option key={location} value={location}>
                      {location}
                    </option>
                  ))}
                  {filters.location && !locations.includes(filters.location) ? (
                    <option value={filters.location}>{filters.location}</option>
                  ) : null}
                </select>
              </label>
              {result?.hasDates ? (
                <>
                  <DateField
                    label={t.from}
                    name={params.from}
                    value={filters.from}
                    refuse={(iso) => (filters.to && iso > filters.to ? t.fromAfterTo : null)}
                    onChange={(iso) => applyFilters(withDate(filters, 'from', iso))}
                  />
                  <DateField
                    label={t.to}
                    name={params.to}
                    value={filters.to}
                    refuse={(iso) => (filters.from && iso < filters.from ? t.toBeforeFrom : null)}
                    onChange={(iso) => applyFilters(withDate(filters, 'to', iso))}
                  />
                </>
              ) : null}
            </div>
            {categories.length > 1 ? (
              <fieldset>
                <legend className="mb-3 text-sm font-semibold text-ink">{t.categories}</legend>
                <div className="flex flex-wrap gap-2">
                  {categories.map((category) => {
                    const checked = filters.categories.includes(category.key)
                    return (
                      <label
                        key={category.key}
                        className={clsx(
                          'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-red-lighter',
                          checked ? 'border-red bg-red text-white' : 'border-ink/25 bg-white text-ink hover:border-red',
                        )}
                      >
                        <input
                          type="checkbox"
                          name={params.categories}
                          value={category.key}
                          checked={checked}
                          onChange={() => applyFilters(toggleCategory(filters, category.key))}
                          className="h-4 w-4 accent-red-darker"
                        />
                        {category.name}
                      </label>
                    )
                  })}
                </div>
              </fieldset>
            ) : null}
            <div className={clsx('mt-auto md:mt-0', hydrated && 'md:hidden')}>
              <button type="submit" className="button w-full md:w-auto">
                {t.apply}
              </button>
            </div>
          </div>
        </details>
      </form>

      <div className="mt-8 mb-6 flex flex-wrap items-center justify-between gap-4">
        {/* A heading (it reads as one): the cards' h3 titles then sit under an h2, not straight after the page's h1.
            The live region holds the heading (HTML allows no status inside a heading). */}
        <div role="status" aria-live="polite">
          <h2 className="font-display text-2xl font-semibold text-red-darkest">
            {loading && !result ? t.loading : total > 0 ? t.results(total) : t.none}
          </h2>
        </div>
        {/* The map needs the scripts: until they run the toggle holds its place unseen (nothing moves when it appears). */}
        <div
          role="group"
          aria-label={mapTexts.view}
          aria-hidden={hydrated ? undefined : true}
          className={clsx('inline-flex rounded-full p-1 ring-1 ring-ink/20', !hydrated && 'invisible')}
          data-view-toggle={hydrated ? '' : undefined}
        >
          {(['list', 'map'] as const).map((option) => (
            <button
              key={option}
              type="button"
              disabled={!hydrated}
              aria-pressed={view === option}
              onClick={() => chooseView(option)}
              className={clsx(
                'min-h-10 min-w-20 rounded-full px-5 text-sm font-semibold transition-colors',
                view === option ? 'bg-red text-white' : 'text-ink hover:text-red',
              )}
            >
              {option === 'list' ? mapTexts.list : mapTexts.map}
            </button>
          ))}
        </div>
        {showExport && total > 0 ? (
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
      </div>

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
            <ListingCard listing={listing} priority={i === 0} />
          </li>
        ))}
      </ul>

      {hasMore && view === 'list' ? (
        <div className="mt-10 flex justify-center">
          {hydrated ? (
            <button
              type="button"
              onClick={() => void loadMore()}
              disabled={loadingMore}
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

      <dialog
        ref={dialogRef}
        aria-labelledby={`${ids}-pdf-title`}
        aria-describedby={`${ids}-pdf-text`}
        onCancel={(event) => event.preventDefault()}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-md bg-white p-8 text-center shadow-2xl backdrop:bg-ink/50"
      >
        <Spinner size={36} className="mx-auto text-red" />
        <h2 id={`${ids}-pdf-title`} className="mt-4 font-display text-2xl font-semibold text-red-darkest">
          {t.generatingTitle}
        </h2>
        <p id={`${ids}-pdf-text`} className="mt-2 text-ink-soft">
          {t.generatingText}
        </p>
      </dialog>
    </section>
  )
}

/**
 * A date typed as DD/MM/YYYY (spec 02 §2.2). A complete valid date (or an emptied box) applies at
 * once; until then the typed text stays as it is, marked invalid only once it is long enough to be
 * wrong. A date the other field rules out (`refuse`: a From after To, a To before From) is not
 * applied: the text stays, marked invalid, with the reason under it. Without JavaScript the form
 * sends the text and the server reads DD/MM/YYYY too.
 */
function DateField({
  label,
  name,
  value,
  refuse,
  onChange,
}: {
  label: string
  name: string
  value: string
  /** Why this date cannot be taken, or null when it can. */
  refuse: (iso: string) => string | null
  onChange: (iso: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const [refused, setRefused] = useState<string | null>(null)
  const hintId = useId()
  const errorId = useId()
  const shown = draft ?? formatDmy(parseDate(value))
  const invalid = (draft !== null && draft.trim().length >= 8 && !parseDmy(draft)) || refused !== null
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
        <span>
          {label}{' '}
          <span id={hintId} className="font-normal text-ink-soft">
            ({t.dateHint})
          </span>
        </span>
        <input
          type="text"
          name={name}
          value={shown}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.dateHint}
          maxLength={10}
          pattern="\d{1,2}/\d{1,2}/\d{4}"
          aria-describedby={`${hintId} ${errorId}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const text = event.target.value
            const iso = formatIso(parseDmy(text))
            const reason = iso ? refuse(iso) : null
            setRefused(reason)
            if (!text.trim()) {
              setDraft(null)
              if (value) onChange('')
            } else if (iso && !reason) {
              setDraft(null)
              if (iso !== value) onChange(iso)
            } else setDraft(text)
          }}
          className="min-h-12 rounded-md border border-ink/25 bg-white px-4 text-base font-normal aria-invalid:border-red-lighter"
        />
      </label>
      <p id={errorId} aria-live="polite" className="text-sm font-semibold text-red empty:hidden">
        {refused}
      </p>
    </div>
  )
}
