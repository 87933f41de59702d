/**
 * "Nearest to me" (issue 35 point 3), the part without React: the grid's points (the map view's
 * answer, POST listing/mapPoints: every listing the filters match, with its position) ordered by
 * distance from the visitor, in the browser. The visitor's position never leaves the browser and is
 * never stored: the server is asked for the nearest page by listing id only.
 */
import { haversineKm } from '#lib/geo'

/** [listing id, page slug, name, latitude, longitude]: listing/mapPoints' point. */
export type GridPoint = [id: string, slug: string, name: string, lat: number, lng: number]

export interface Position {
  lat: number
  lng: number
}

export interface Nearby {
  id: string
  km: number
}

/** The points nearest first (the grid's order among equals); listings without a position are not among them. */
export function nearestFirst(points: readonly GridPoint[], from: Position): Nearby[] {
  return points
    .map(([id, , , lat, lng], order) => ({ id, km: haversineKm(from, { lat, lng }), order }))
    .sort((a, b) => a.km - b.km || a.order - b.order)
    .map(({ id, km }) => ({ id, km }))
}

/** A distance as a card shows it: metres under 1 km, one decimal under 10 km, whole kilometres beyond. */
export function formatDistance(km: number, locale: string): string {
  if (km < 1)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
      Math.max(10, Math.round((km * 1000) / 10) * 10),
    )
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)
}

/** Why no position came: the visitor said no, or the browser has none to give (or no geolocation at all). */
export type LocateProblem = 'denied' | 'unavailable'

/** The visitor's position, asked for only now (on their request); never kept beyond the page. */
export function locate(timeoutMs = 15_000): Promise<Position> {
  return new Promise((resolve, reject: (problem: LocateProblem) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject('unavailable')
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (error) => reject(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      // A position a few minutes old is near enough for sorting wineries; no GPS fix needed.
      { enableHighAccuracy: false, maximumAge: 300_000, timeout: timeoutMs },
    )
  })
}
