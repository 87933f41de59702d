/**
 * Distances on the globe, without dependencies: the trip planner's legs (lib/trip/model.ts) and the
 * listings grid's "Nearest to me" (blocks/Listings/near-me.ts), which reaches visitors.
 */

/** The great-circle distance between two places, in kilometres (haversine, the mean Earth radius). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)))
}
