/**
 * What the planner reads from the site for a trip: each stop's facts (POST /api/trip/stops, once
 * per set of addresses) and, with a routing provider (OSRM_URL), each day's legs by road
 * (POST /api/trip/route); without one, or while it answers, the straight-line estimates.
 */
import { useEffect, useMemo, useState } from 'react'
import type { LocaleCode } from '#lib/locales'
import { estimateLeg, locatedStops, type Leg, type TripStopInfo } from '#lib/trip/model'
import { postJson } from '#ui/visitor-api.ts'

export function useStopInfo(apiBase: string, paths: readonly string[], locale: LocaleCode, initial: readonly TripStopInfo[] = []) {
  const [info, setInfo] = useState<Map<string, TripStopInfo>>(() => new Map(initial.map((s) => [s.path, s])))
  // One request per set of addresses (a move changes the order, not the set).
  const key = [...new Set(paths)].sort().join('\n')
  useEffect(() => {
    const wanted = key ? key.split('\n') : []
    if (!wanted.length) return
    const controller = new AbortController()
    postJson(apiBase, '/trip/stops', { paths: wanted, lang: locale }, controller.signal)
      .then(({ stops }) => setInfo(new Map(stops.map((s) => [s.path, s]))))
      .catch(() => {
        // Offline or refused: the stops keep their saved titles, without positions or warnings.
      })
    return () => controller.abort()
  }, [apiBase, key, locale])
  return info
}

export type LocatedStop = TripStopInfo & { lat: number; lng: number }

/** A day's located stops and the legs between them: routed when the provider answered for exactly these places, else estimated. */
export function useDayLegs(apiBase: string, routing: boolean, stops: readonly string[], info: Map<string, TripStopInfo>) {
  const located = useMemo(() => locatedStops(stops, (p) => info.get(p)) as LocatedStop[], [stops, info])
  const key = located.map((s) => `${s.lat},${s.lng}`).join(';')
  const [routed, setRouted] = useState<{ key: string; legs: Leg[] } | null>(null)
  useEffect(() => {
    if (!routing || located.length < 2) return
    const controller = new AbortController()
    postJson(apiBase, '/trip/route', { points: located.map(({ lat, lng }) => ({ lat, lng })) }, controller.signal)
      .then(({ legs }) => setRouted({ key, legs }))
      .catch(() => {
        // The routing service is down: the estimate stands, and says so.
      })
    return () => controller.abort()
    // `located` follows `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiBase, routing, key])
  const isRouted = routed?.key === key && routed.legs.length === located.length - 1
  const legs = isRouted ? routed.legs : located.slice(1).map((s, i) => estimateLeg(located[i]!, s))
  return { located, legs, routed: isRouted }
}
