/**
 * The listing page's location (issue 19 point 2): a small map drawn on the server as SVG from the
 * bundled region outline, its river and towns, with the listing's pin, and its address. No script
 * and no network: it shows offline and costs visitors nothing. A link opens the place in
 * OpenStreetMap for directions.
 */
import { useTexts } from '#ui/locale'
import { LocationIcon } from '#ui/icons'
import { REGION_OUTLINE, REGION_RIVER, REGION_TOWNS } from '#ui/map-region'

const WIDTH = 640
const PAD = 24

/** A projection fitting the region (and the place, should it lie outside) into the drawing. */
function projection(lat: number, lng: number) {
  const lngs = [...REGION_OUTLINE.map((p) => p[0]), lng]
  const lats = [...REGION_OUTLINE.map((p) => p[1]), lat]
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)]
  const [south, north] = [Math.min(...lats), Math.max(...lats)]
  // Equirectangular, with longitude shrunk by the cosine of the middle latitude.
  const k = Math.cos((((north + south) / 2) * Math.PI) / 180)
  const scale = (WIDTH - 2 * PAD) / Math.max((east - west) * k, 1e-6)
  const height = Math.round((north - south) * scale + 2 * PAD)
  const at = (pLat: number, pLng: number): [number, number] => [
    Math.round((PAD + (pLng - west) * k * scale) * 10) / 10,
    Math.round((PAD + (north - pLat) * scale) * 10) / 10,
  ]
  return { at, height }
}

export function LocationMap({ name, address, geo }: { name: string; address: string; geo: { latitude: number; longitude: number } }) {
  const t = useTexts().map
  const opensNewTab = useTexts().site.opensNewTab
  const { at, height } = projection(geo.latitude, geo.longitude)
  const path = (line: [number, number][]) => line.map(([lng, lat], i) => `${i ? 'L' : 'M'}${at(lat, lng).join(' ')}`).join(' ')
  const [x, y] = at(geo.latitude, geo.longitude)
  const nearest = REGION_TOWNS.reduce(
    (best, town) => {
      const d = (town.lat - geo.latitude) ** 2 + (town.lng - geo.longitude) ** 2
      return d < best.d ? { name: town.name, d } : best
    },
    { name: '', d: 0.0004 },
  ).name
  const osm = `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=15/${geo.latitude}/${geo.longitude}`
  return (
    <section aria-labelledby="listing-location" className="container-site mt-16" data-location-map="">
      <h2 id="listing-location" className="heading-sub">
        {t.location}
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] md:items-center">
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-label={t.locationMap(name, nearest)}
          className="mx-auto h-auto max-h-[26rem] w-full max-w-[26rem] rounded-sm bg-[#e9e4dc] ring-1 ring-black/10 md:mx-0"
        >
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
          <g transform={`translate(${x - 13} ${y - 34})`}>
            <path
              d="M13 0C5.8 0 0 5.7 0 12.9 0 22.3 13 34 13 34s13-11.7 13-21.1C26 5.7 20.2 0 13 0z"
              fill="#981a31"
              stroke="#fff"
              strokeWidth={2}
            />
            <circle cx={13} cy={13} r={5} fill="#fff" />
          </g>
        </svg>
        <div className="flex flex-col gap-3">
          {address ? (
            <p className="flex items-start gap-2 text-ink">
              <LocationIcon size={18} className="mt-1 shrink-0 text-red" />
              {address}
            </p>
          ) : null}
          <p>
            <a href={osm} target="_blank" rel="noopener noreferrer" className="link-arrow font-semibold text-red">
              {t.openInMaps}
              <span className="sr-only"> {opensNewTab}</span>
            </a>
          </p>
        </div>
      </div>
    </section>
  )
}
