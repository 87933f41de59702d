/**
 * What the grid's opening filters test on a listing's opening window (opening-window.ts): day
 * numbers and sorted arrays. Tiny and dependency-free: the browser reads filters.ts.
 */

const DAY_MS = 86_400_000

/** Days since 1970-01-01 of a calendar day 'YYYY-MM-DD'. */
export const dayNumberOf = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS

/** Binary search: whether a sorted array holds `value`. */
export function sortedHas(values: ArrayLike<number>, value: number): boolean {
  let lo = 0
  let hi = values.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = values[mid]!
    if (v === value) return true
    if (v < value) lo = mid + 1
    else hi = mid - 1
  }
  return false
}

/** Whether [start, end) pairs (ascending) hold a minute. */
export function spansHold(pairs: ArrayLike<number>, minute: number): boolean {
  let lo = 0
  let hi = pairs.length / 2 - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const start = pairs[mid * 2]!
    const end = pairs[mid * 2 + 1]!
    if (minute < start) hi = mid - 1
    else if (minute >= end) lo = mid + 1
    else return true
  }
  return false
}
