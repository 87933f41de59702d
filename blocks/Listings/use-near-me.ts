/**
 * The grid's "Nearest to me" (issue 35 point 3): asks for the visitor's position only when they
 * press the button (never on page load), orders the grid's points by distance in the browser
 * (near-me.ts) and loads the nearest cards a page at a time by listing id. The position lives in
 * this hook's memory only: not in the address, not in storage, not in any request; turning the
 * order off forgets it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { FetchResponse, ListingCard } from '#lib/listings'
import type { LocaleCode } from '#lib/locales'
import { postJson } from '#ui/visitor-api.ts'
import { fetchRequest, PAGE_SIZE, type GridFilters } from '../../listings/grid-filters'
import { locate, nearestFirst, type GridPoint, type LocateProblem, type Nearby, type Position } from './near-me'

export type NearState =
  | { kind: 'off' }
  | { kind: 'locating' }
  | { kind: 'problem'; problem: LocateProblem }
  | { kind: 'on'; order: Nearby[]; unlocated: number; cards: ListingCard[]; loading: boolean }

export function useNearMe(apiBase: string, categoryFilter: string, filters: GridFilters, locale: LocaleCode) {
  const [state, setState] = useState<NearState>({ kind: 'off' })
  const position = useRef<Position | null>(null)
  const run = useRef(0)

  /** The cards of these ids, in the order given (the server answers them in the grid's order). */
  const cardsOf = useCallback(
    async (ids: string[], of: GridFilters): Promise<ListingCard[]> => {
      if (!ids.length) return []
      const answer: FetchResponse = await postJson(apiBase, '/listing/fetch', {
        ...fetchRequest(of, categoryFilter, 1, PAGE_SIZE, locale),
        ids,
      })
      const byId = new Map(answer.listings.map((card) => [card._id, card]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },
    [apiBase, categoryFilter, locale],
  )

  /** Orders the grid's listings for these filters by distance from the held position, and loads the first page. */
  const sort = useCallback(
    async (of: GridFilters) => {
      const from = position.current
      if (!from) return
      const id = ++run.current
      setState((old) => (old.kind === 'on' ? { ...old, loading: true } : old))
      try {
        const { limit: _limit, currentPage: _page, ...body } = fetchRequest(of, categoryFilter)
        const answer: { points: GridPoint[]; unlocated: number } = await postJson(apiBase, '/listing/mapPoints', body)
        const order = nearestFirst(answer.points, from)
        const cards = await cardsOf(
          order.slice(0, PAGE_SIZE).map((n) => n.id),
          of,
        )
        if (id === run.current) setState({ kind: 'on', order, unlocated: answer.unlocated, cards, loading: false })
      } catch (error) {
        console.error(error)
        if (id === run.current) setState({ kind: 'problem', problem: 'unavailable' })
      }
    },
    [apiBase, categoryFilter, cardsOf],
  )

  const turnOn = useCallback(async () => {
    setState({ kind: 'locating' })
    try {
      position.current = await locate()
    } catch (problem) {
      position.current = null
      setState({ kind: 'problem', problem: problem as LocateProblem })
      return
    }
    await sort(filters)
  }, [filters, sort])

  const turnOff = useCallback(() => {
    run.current++
    position.current = null
    setState({ kind: 'off' })
  }, [])

  const loadMore = useCallback(async () => {
    if (state.kind !== 'on') return
    const id = run.current
    setState({ ...state, loading: true })
    try {
      const more = await cardsOf(
        state.order.slice(state.cards.length, state.cards.length + PAGE_SIZE).map((n) => n.id),
        filters,
      )
      if (id === run.current) setState({ ...state, cards: [...state.cards, ...more], loading: false })
    } catch (error) {
      console.error(error)
      if (id === run.current) setState({ ...state, loading: false })
    }
  }, [state, cardsOf, filters])

  // Other filters while sorted by distance: the new set, sorted again from the same position.
  const filtersKey = JSON.stringify(filters)
  const sortedFor = useRef(filtersKey)
  useEffect(() => {
    if (sortedFor.current === filtersKey) return
    sortedFor.current = filtersKey
    if (position.current) void sort(filters)
  })

  return { state, turnOn, turnOff, loadMore }
}
