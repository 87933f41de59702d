/**
 * The trip planner's routing provider (issue 35 point 1): a server speaking OSRM's HTTP API
 * (docs/http.md of Project-OSRM/osrm-backend, "Route service"). One call per day of a trip:
 *
 *   GET {OSRM_URL}/route/v1/{profile}/{lon},{lat};{lon},{lat}...?overview=false&steps=false&alternatives=false
 *
 * answers `{ code: 'Ok', routes: [{ distance, duration, legs: [{ distance, duration, ... }] }], waypoints }`
 * (metres and seconds), one leg per pair of consecutive coordinates; any other `code` (HTTP 400 for
 * errors: InvalidQuery, NoSegment, TooBig...; NoRoute) is a failure, and the planner keeps its
 * straight-line estimate. Off by default (OSRM_URL unset).
 */
import type { Leg } from '#lib/trip/model'

export interface RoutingConfig {
  osrmUrl: string
  profile: string
}

/** The public OSRM demo server allows 100 coordinates a request; a day of a trip has far fewer. */
export const MAX_ROUTE_POINTS = 25
const TIMEOUT_MS = 5000

export class RoutingFailed extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'RoutingFailed'
  }
}

interface OsrmRouteAnswer {
  code?: unknown
  message?: unknown
  routes?: { legs?: { distance?: unknown; duration?: unknown }[] }[]
}

export function createOsrmClient(config: RoutingConfig, fetchImpl: typeof fetch = fetch) {
  /** The legs between consecutive points (at least two, at most MAX_ROUTE_POINTS), in km and minutes. */
  async function legs(points: readonly { lat: number; lng: number }[]): Promise<Leg[]> {
    if (points.length < 2) return []
    if (points.length > MAX_ROUTE_POINTS) throw new RoutingFailed(`At most ${MAX_ROUTE_POINTS} points a route`, 'TooBig')
    // Longitude first, as the API takes them; six decimals are 0.1 m.
    const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';')
    const url = `${config.osrmUrl}/route/v1/${encodeURIComponent(config.profile)}/${coordinates}?overview=false&steps=false&alternatives=false`
    let res: Response
    try {
      res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } })
    } catch (err) {
      throw new RoutingFailed(`The routing service did not answer: ${(err as Error).message}`, 'Unreachable')
    }
    let body: OsrmRouteAnswer
    try {
      body = (await res.json()) as OsrmRouteAnswer
    } catch {
      throw new RoutingFailed(`The routing service answered ${res.status} without JSON`, 'InvalidAnswer')
    }
    if (!res.ok || body.code !== 'Ok') {
      const code = typeof body.code === 'string' ? body.code : `HTTP ${res.status}`
      throw new RoutingFailed(`The routing service answered ${code}${typeof body.message === 'string' ? `: ${body.message}` : ''}`, code)
    }
    const route = body.routes?.[0]
    const answer = route?.legs ?? []
    if (answer.length !== points.length - 1)
      throw new RoutingFailed('The routing service answered a route with the wrong number of legs', 'InvalidAnswer')
    return answer.map((leg) => {
      const metres = Number(leg.distance)
      const seconds = Number(leg.duration)
      if (!Number.isFinite(metres) || !Number.isFinite(seconds) || metres < 0 || seconds < 0) {
        throw new RoutingFailed('The routing service answered a leg without distance or duration', 'InvalidAnswer')
      }
      return { km: Math.round(metres / 100) / 10, minutes: Math.max(1, Math.round(seconds / 60)) }
    })
  }
  return { legs }
}

export type OsrmClient = ReturnType<typeof createOsrmClient>
