import { describe, expect, it } from 'vitest'
import { fetchRequestSchema } from '#lib/listings'
import { FETCH_FILTERS } from './filters'
import {
  emptyFilters,
  fetchRequest,
  filtersFromSearch,
  filtersToSearch,
  params,
  pdfQuery,
  tagLabel,
  toggleCategory,
  withDate,
  type GridFilters,
} from './grid-filters'

describe('filters in the address', () => {
  it('round-trips every filter through the query', () => {
    const filters = {
      search: 'shiraz',
      location: 'Tanunda',
      from: '2026-03-01',
      to: '2026-03-31',
      categories: ['EVENT', 'WINERY'],
      openNow: true,
      openOn: '2026-03-14',
      access: ['AMBULANT', 'HEARING'],
    }
    const query = filtersToSearch(filters, new URLSearchParams('utm=1'), 2)
    expect(query.toString()).toBe(
      'utm=1&name=shiraz&location=Tanunda&from=2026-03-01&to=2026-03-31&category=EVENT&category=WINERY&open=now&openOn=2026-03-14&access=AMBULANT&access=HEARING&page=2',
    )
    expect(filtersFromSearch(query)).toEqual({ filters, page: 2 })
  })

  it('leaves a clean address without filters', () => {
    expect(filtersToSearch(emptyFilters).toString()).toBe('')
  })

  it('drops bad values and orders the dates', () => {
    const { filters, page } = filtersFromSearch(
      new URLSearchParams('from=2026-05-01&to=2026-04-01&category=<b>&category=event,tour&page=-3'),
    )
    expect(filters).toMatchObject({ from: '2026-04-01', to: '2026-05-01', categories: ['EVENT', 'TOUR'] })
    expect(page).toBe(1)
    expect(filtersFromSearch(new URLSearchParams('page=40')).page).toBe(6)
    expect(filtersFromSearch(new URLSearchParams('from=soon')).filters.from).toBe('')
    // Only known accessibility codes; 'open' means now or nothing.
    expect(filtersFromSearch(new URLSearchParams('access=hearing,<x>&access=NOSUCH&open=later&openOn=31/02/2026')).filters).toMatchObject({
      access: ['HEARING'],
      openNow: false,
      openOn: '',
    })
  })

  it('reads DD/MM/YYYY, as a form sent without JavaScript carries the typed dates', () => {
    const { filters } = filtersFromSearch(new URLSearchParams('from=05%2F03%2F2026&to=31/3/2026'))
    expect(filters).toMatchObject({ from: '2026-03-05', to: '2026-03-31' })
    expect(filtersFromSearch(new URLSearchParams('from=31/02/2026')).filters.from).toBe('')
  })
})

describe('changing filters', () => {
  it('From may not pass To and To may not precede From', () => {
    const base = { ...emptyFilters, from: '2026-03-10', to: '2026-03-20' }
    expect(withDate(base, 'from', '2026-03-25')).toMatchObject({ from: '2026-03-25', to: '2026-03-25' })
    expect(withDate(base, 'to', '2026-03-01')).toMatchObject({ from: '2026-03-01', to: '2026-03-01' })
    expect(withDate(base, 'to', '')).toMatchObject({ from: '2026-03-10', to: '' })
  })

  it('toggles a category on and off', () => {
    const on = toggleCategory(emptyFilters, 'EVENT')
    expect(on.categories).toEqual(['EVENT'])
    expect(toggleCategory(on, 'EVENT').categories).toEqual([])
  })
})

describe('requests', () => {
  it('builds the fetch body of spec 02 §7', () => {
    expect(
      fetchRequest(
        { ...emptyFilters, search: ' wine ', location: 'Tanunda', from: '2026-03-01', to: '', categories: ['EVENT'] },
        'cat-1',
        3,
      ),
    ).toEqual({
      categoryFilterId: 'cat-1',
      search: 'wine',
      hideTours: true,
      filters: { from: '2026-03-01' },
      limit: 15,
      currentPage: 3,
      checkedCategories: ['EVENT'],
      location: 'Tanunda',
    })
    expect(fetchRequest(emptyFilters, 'none')).not.toHaveProperty('categoryFilterId')
  })

  it("asks for 'Open now' at the asking clock's minute, and for a chosen day and accessibility as given", () => {
    const now = Date.UTC(2026, 2, 11, 0, 30, 42)
    const realNow = Date.now
    Date.now = () => now
    try {
      expect(fetchRequest({ ...emptyFilters, openNow: true, openOn: '2026-03-14', access: ['HEARING'] }, 'none')).toMatchObject({
        openAt: '2026-03-11T00:30:00.000Z',
        openOn: '2026-03-14',
        accessibility: ['HEARING'],
      })
    } finally {
      Date.now = realNow
    }
  })

  it('builds the PDF query with the dates as JSON', () => {
    const query = pdfQuery({ ...emptyFilters, from: '2026-03-01', categories: ['EVENT'] }, 'cat-1')
    expect(Object.fromEntries(query)).toEqual({
      categoryFilterId: 'cat-1',
      checkedCategories: '["EVENT"]',
      filters: '{"from":"2026-03-01"}',
    })
  })

  it('labels a tag with its friendly name, else a readable form of the key', () => {
    expect(tagLabel('WINERY', { WINERY: 'Cellar Doors' })).toBe('Cellar Doors')
    expect(tagLabel('BED_AND_BREAKFAST', {})).toBe('Bed And Breakfast')
  })
})

describe('the grid and the server read one filter table', () => {
  /** Every field set (a new visitor-facing filter adds its field to GridFilters, and here). */
  const everything: GridFilters = {
    search: 'shiraz',
    location: 'Tanunda',
    from: '2026-03-01',
    to: '2026-03-31',
    categories: ['EVENT'],
    openNow: true,
    openOn: '2026-03-14',
    access: ['AMBULANT'],
  }

  it('sends each visitor-facing filter so that the server applies that filter, and only it', () => {
    const visitorFilters = FETCH_FILTERS.filter((filter) => filter.visitor)
    expect(visitorFilters.map((filter) => filter.name).sort()).toEqual([
      'accessibility',
      'checkedCategories',
      'dates',
      'location',
      'openAt',
      'openOn',
      'search',
    ])
    for (const filter of visitorFilters) {
      const fields = Object.keys(filter.visitor?.empty ?? {}) as (keyof GridFilters)[]
      const filters = { ...emptyFilters, ...Object.fromEntries(fields.map((field) => [field, everything[field]])) }
      const q = fetchRequestSchema.parse(fetchRequest(filters, 'none'))
      const applied = visitorFilters.filter((other) => other.parse({ q, category: null }) !== null).map((other) => other.name)
      expect(applied, filter.name).toEqual([filter.name])
    }
  })

  it('gives every field its own address parameter, also the name of its control', () => {
    expect(params).toEqual({
      search: 'name',
      location: 'location',
      from: 'from',
      to: 'to',
      categories: 'category',
      openNow: 'open',
      openOn: 'openOn',
      access: 'access',
    })
    expect(Object.keys(params).sort()).toEqual(Object.keys(emptyFilters).sort())
    expect(filtersFromSearch(filtersToSearch(everything)).filters).toEqual(everything)
  })
})
