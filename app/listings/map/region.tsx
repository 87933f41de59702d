/**
 * The region drawn as SVG on the server (issue 19 point 2): the bundled outline, its river and
 * towns, projected to fit the region and any places that lie outside it. The listing page's
 * location map and the trip planner's day maps (issue 35) draw on it. No script and no network.
 */
import { REGION_OUTLINE, REGION_RIVER, REGION_TOWNS } from '#ui/map-region'

export const MAP_WIDTH = 640
const PAD = 24

export type Projection = { at: (lat: number, lng: number) => [number, number]; height: number }

/** A projection fitting the region (and the places, should any lie outside) into the drawing. */
export function regionProjection(places: readonly { lat: number; lng: number }[]): Projection {
  const lngs = [...REGION_OUTLINE.map((p) => p[0]), ...places.map((p) => p.lng)]
  const lats = [...REGION_OUTLINE.map((p) => p[1]), ...places.map((p) => p.lat)]
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)]
  const [south, north] = [Math.min(...lats), Math.max(...lats)]
  // Equirectangular, with longitude shrunk by the cosine of the middle latitude.
  const k = Math.cos((((north + south) / 2) * Math.PI) / 180)
  const scale = (MAP_WIDTH - 2 * PAD) / Math.max((east - west) * k, 1e-6)
  const height = Math.round((north - south) * scale + 2 * PAD)
  const at = (pLat: number, pLng: number): [number, number] => [
    Math.round((PAD + (pLng - west) * k * scale) * 10) / 10,
    Math.round((PAD + (north - pLat) * scale) * 10) / 10,
  ]
  return { at, height }
}

/** The region's outline, river and towns in a projection. */
export function RegionBackground({ projection: { at } }: { projection: Projection }) {
  const path = (line: [number, number][]) => line.map(([lng, lat], i) => `${i ? 'L' : 'M'}${at(lat, lng).join(' ')}`).join(' ')
  return (
    <>
      <path d={`${path(REGION_OUTLINE)} Z`} fill="#fffdfa" stroke="#981a31" strokeOpacity={0.5} strokeWidth={2} />
      <path d={path(REGION_RIVER)} fill="none" stroke="#8fb3c9" strokeWidth={3} strokeLinecap="round" />
      {REGION_TOWNS.map((town) => {
        const [tx, ty] = at(town.lat, town.lng)
        return (
          <g key={town.name}>
            <circle cx={tx} cy={ty} r={3} fill="#55484b" />
            <text x={tx + 6} y={ty + 4} fontSize={12} fontWeight={600} fill="#55484b" letterSpacing="0.06em">
              {town.name.toUpperCase()}
            </text>
          </g>
        )
      })}
    </>
  )
}

/** The town nearest a place (within about 2 km), or ''. */
export function nearestTown(lat: number, lng: number): string {
  return REGION_TOWNS.reduce(
    (best, town) => {
      const d = (town.lat - lat) ** 2 + (town.lng - lng) ** 2
      return d < best.d ? { name: town.name, d } : best
    },
    { name: '', d: 0.0004 },
  ).name
}
