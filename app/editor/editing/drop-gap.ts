/**
 * Where a dragged block lands (issue 31 point 3), pure so it is tested without a browser. A list of
 * n blocks has n + 1 gaps: gap g is just above block g, gap n below the last block. A block dragged
 * from index `from` and dropped on gap g ends up at index g, or g - 1 below its own place; gaps
 * `from` and `from + 1` leave it where it was.
 */

export interface VerticalRect {
  top: number
  bottom: number
}

/** The gap nearest to `y`: the number of blocks whose middle is above it (missing rects skipped). */
export function gapAt(y: number, rects: readonly (VerticalRect | null | undefined)[]): number {
  let gap = 0
  rects.forEach((rect, index) => {
    if (rect && (rect.top + rect.bottom) / 2 < y) gap = index + 1
  })
  return gap
}

/** The index the block at `from` ends up at when dropped on `gap`. */
export const landingIndex = (gap: number, from: number) => (gap > from ? gap - 1 : gap)

/** The gap that puts the block at `from` at index `position` (the keyboard steps by positions). */
export const gapForPosition = (position: number, from: number) => (position > from ? position + 1 : position)

/** The y of a gap: the top of the block below it, or the bottom of the last block. */
export function gapY(gap: number, rects: readonly (VerticalRect | null | undefined)[]): number | undefined {
  if (gap < rects.length) return rects[gap]?.top
  return rects[rects.length - 1]?.bottom
}
