import { clsx } from 'clsx'
import { useCallback, type FormEvent, type RefObject } from 'react'
import type { FetchResponse } from '#lib/listings'
import { useTexts } from '#ui/locale'
import { CloseIcon } from '#ui/icons'
import { params, toggleCategory, withDate, type GridFilters } from '../../listings/grid-filters'
import { DateField } from './DateField'
import { FilterIcon } from './icons'
import { ACCESS_FILTER_CODES } from '../../listings/accessibility'

/** A checkbox styled as a chip (the categories' look). */
const chip = (checked: boolean) =>
  clsx(
    'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-red-lighter',
    checked ? 'border-red bg-red text-white' : 'border-ink/25 bg-white text-ink hover:border-red',
  )

/**
 * The grid's filters (spec 02 §2.2): keywords, then a panel with the town, the dates (when the
 * results have dated listings) and the categories. A GET form whose controls are named after the
 * address's parameters, so it filters without JavaScript too; once hydrated each change applies at
 * once (keywords through `onKeyword`, debounced by the grid).
 */
export function FilterForm({
  panelId,
  filters,
  keyword,
  onKeyword,
  onSubmit,
  applyFilters,
  onImpossibleDate,
  result,
  hydrated,
  panel,
}: {
  panelId: string
  filters: GridFilters
  keyword: string
  onKeyword: (keyword: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  applyFilters: (next: GridFilters) => void
  /** Whether the From or To box holds a date that does not exist. */
  onImpossibleDate: (field: 'from' | 'to', impossible: boolean) => void
  result: FetchResponse | null
  hydrated: boolean
  panel: { panelOpen: boolean; setPanelOpen: (open: boolean) => void; panelRef: RefObject<HTMLDetailsElement | null> }
}) {
  const t = useTexts().listings.grid
  const categories = result?.listingCategories ?? []
  const locations = result?.locations ?? []
  const { panelOpen, setPanelOpen, panelRef } = panel
  const onImpossibleFrom = useCallback((impossible: boolean) => onImpossibleDate('from', impossible), [onImpossibleDate])
  const onImpossibleTo = useCallback((impossible: boolean) => onImpossibleDate('to', impossible), [onImpossibleDate])
  return (
    <form method="get" role="search" aria-label={t.label} onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1.5 text-sm font-semibold text-ink">
          {t.keywords}
          <input
            type="search"
            name={params.search}
            value={keyword}
            onChange={(event) => onKeyword(event.target.value)}
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
                  onImpossible={onImpossibleFrom}
                />
                <DateField
                  label={t.to}
                  name={params.to}
                  value={filters.to}
                  refuse={(iso) => (filters.from && iso < filters.from ? t.toBeforeFrom : null)}
                  onChange={(iso) => applyFilters(withDate(filters, 'to', iso))}
                  onImpossible={onImpossibleTo}
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
          <fieldset className="flex flex-col gap-3 sm:flex-row sm:items-end" data-opening-filters>
            <legend className="sr-only">{t.openOn}</legend>
            <label className={chip(filters.openNow)}>
              <input
                type="checkbox"
                name={params.openNow}
                value="now"
                checked={filters.openNow}
                onChange={() => applyFilters({ ...filters, openNow: !filters.openNow })}
                className="h-4 w-4 accent-red-darker"
              />
              {t.openNow}
            </label>
            <DateField
              label={t.openOn}
              name={params.openOn}
              value={filters.openOn}
              refuse={() => null}
              onChange={(iso) => applyFilters({ ...filters, openOn: iso })}
            />
          </fieldset>
          <fieldset data-access-filters>
            <legend className="mb-3 text-sm font-semibold text-ink">{t.accessibility}</legend>
            <div className="flex flex-wrap gap-2">
              {ACCESS_FILTER_CODES.map((code) => {
                const checked = filters.access.includes(code)
                return (
                  <label key={code} className={chip(checked)}>
                    <input
                      type="checkbox"
                      name={params.access}
                      value={code}
                      checked={checked}
                      onChange={() =>
                        applyFilters({ ...filters, access: checked ? filters.access.filter((c) => c !== code) : [...filters.access, code] })
                      }
                      className="h-4 w-4 accent-red-darker"
                    />
                    {t.accessFilters[code] ?? code}
                  </label>
                )
              })}
            </div>
          </fieldset>
          <div className={clsx('mt-auto md:mt-0', hydrated && 'md:hidden')}>
            <button type="submit" className="button w-full md:w-auto">
              {t.apply}
            </button>
          </div>
        </div>
      </details>
    </form>
  )
}
