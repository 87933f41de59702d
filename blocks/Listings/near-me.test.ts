import { describe, expect, it } from 'vitest'
import { formatDistance, nearestFirst, type GridPoint } from './near-me'

const tanunda = { lat: -34.5236, lng: 138.9594 }
const points: GridPoint[] = [
  ['angaston', 'angaston-winery', 'Angaston Winery', -34.5003, 139.0459],
  ['nuriootpa', 'nuri-cafe', 'Nuri Cafe', -34.4693, 138.9936],
  ['tanunda', 'tanunda-bakery', 'Tanunda Bakery', -34.5236, 138.9594],
  ['twin', 'twin-bakery', 'Twin Bakery', -34.5236, 138.9594],
]

describe('"Nearest to me" in the browser', () => {
  it('orders the grid points by distance from the visitor, equals in grid order', () => {
    const near = nearestFirst(points, tanunda)
    expect(near.map((n) => n.id)).toEqual(['tanunda', 'twin', 'nuriootpa', 'angaston'])
    expect(near[0]!.km).toBe(0)
    // Tanunda to Angaston is about 8.4 km in a straight line.
    expect(near[3]!.km).toBeCloseTo(8.4, 0)
  })

  it('shows metres under a kilometre, one decimal under ten, whole kilometres beyond', () => {
    expect(formatDistance(0.43, 'en')).toBe('430 m')
    expect(formatDistance(0, 'en')).toBe('10 m')
    expect(formatDistance(8.42, 'en')).toBe('8.4 km')
    expect(formatDistance(63.7, 'en')).toBe('64 km')
    expect(formatDistance(8.42, 'de')).toBe('8,4 km')
  })
})
