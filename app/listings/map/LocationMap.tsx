/**
 * The listing page's location (issue 19 point 2): a small map drawn on the server as SVG from the
 * bundled region outline, its river and towns, with the listing's pin, and its address. No script
 * and no network: it shows offline and costs visitors nothing. A link opens the place in
 * OpenStreetMap for directions.
 */
import { useTexts } from '#ui/locale'
import { LocationIcon } from '#ui/icons'
import { MAP_WIDTH, nearestTown, RegionBackground, regionProjection } from './region.tsx'

export function LocationMap({ name, address, geo }: { name: string; address: string; geo: { latitude: number; longitude: number } }) {
  const t = useTexts().map
  const opensNewTab = useTexts().site.opensNewTab
  const projection = regionProjection([{ lat: geo.latitude, lng: geo.longitude }])
  const [x, y] = projection.at(geo.latitude, geo.longitude)
  const nearest = nearestTown(geo.latitude, geo.longitude)
  const osm = `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=15/${geo.latitude}/${geo.longitude}`
  return (
    <section aria-labelledby="listing-location" className="container-site mt-16" data-location-map="">
      <h2 id="listing-location" className="heading-sub">
        {t.location}
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] md:items-center">
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${projection.height}`}
          role="img"
          aria-label={t.locationMap(name, nearest)}
          className="mx-auto h-auto max-h-[26rem] w-full max-w-[26rem] rounded-sm bg-[#e9e4dc] ring-1 ring-black/10 md:mx-0"
        >
          <RegionBackground projection={projection} />
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
