/**
 * A day's map (issue 35 point 1): the region drawn as the listing page's location map is
 * (app/listings/map/region.tsx), the day's stops numbered in visiting order and joined by a line.
 * Plain SVG: no script of its own, prints as it shows, works offline.
 */
import { MAP_WIDTH, RegionBackground, regionProjection } from '~/listings/map/region'
import type { LocatedStop } from './use-trip-data'

export function DayMap({ label, stops, numberOf }: { label: string; stops: readonly LocatedStop[]; numberOf: (path: string) => number }) {
  const projection = regionProjection(stops)
  const points = stops.map((s) => projection.at(s.lat, s.lng))
  return (
    <svg
      viewBox={`0 0 ${MAP_WIDTH} ${projection.height}`}
      role="img"
      aria-label={label}
      data-day-map=""
      className="h-auto w-full max-w-[28rem] rounded-sm bg-[#e9e4dc] ring-1 ring-black/10 print:max-w-[18rem]"
    >
      <RegionBackground projection={projection} />
      {points.length > 1 ? (
        <polyline
          points={points.map((p) => p.join(',')).join(' ')}
          fill="none"
          stroke="#981a31"
          strokeWidth={3}
          strokeDasharray="8 6"
          strokeLinejoin="round"
        />
      ) : null}
      {stops.map((stop, i) => {
        const [x, y] = points[i]!
        return (
          <g key={stop.path} data-map-stop={stop.path}>
            <circle cx={x} cy={y} r={13} fill="#981a31" stroke="#fff" strokeWidth={2} />
            <text x={x} y={y + 5} textAnchor="middle" fontSize={14} fontWeight={700} fill="#fff">
              {numberOf(stop.path)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
