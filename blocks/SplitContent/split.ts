/**
 * Split content geometry (spec 02 §5, §9, spec 01 §9): the first column is `width` twelfths
 * (0-10; 0 means two equal halves), `gap` is 0-5 twelfths, or with usePixelGap a step of the
 * pixel scale 1-6 = 4, 16, 24, 32, 48, 64 px. React-free and zod-free: shared by the schemas,
 * the views and the sidebar editor.
 */
export const SPLIT_WIDTH_MAX = 10
export const SPLIT_GAP_MAX = 5
export const SPLIT_PIXEL_GAP_MAX = 6
export const SPLIT_PIXEL_GAPS = [0, 4, 16, 24, 32, 48, 64] as const

export interface SplitSettings {
  width: number
  gap: number
  usePixelGap: boolean
}

/** The desktop grid: three tracks (first column, gap, second column) and the gap used when stacked. */
export function splitGrid({ width, gap, usePixelGap }: SplitSettings, reversed = false) {
  const grid = tracks({ width, gap, usePixelGap })
  // Reversed on desktop, the left list still keeps its width: it just moves to the right.
  return reversed ? { ...grid, columns: [...grid.tracks].reverse().join(' ') } : { ...grid, columns: grid.tracks.join(' ') }
}

function tracks({ width, gap, usePixelGap }: SplitSettings) {
  const first = width > 0 ? Math.min(width, SPLIT_WIDTH_MAX) : 6
  if (usePixelGap) {
    const px = SPLIT_PIXEL_GAPS[Math.min(Math.max(gap, 0), SPLIT_PIXEL_GAP_MAX)]!
    return { first, second: 12 - first, tracks: [`minmax(0,${first}fr)`, `${px}px`, `minmax(0,${12 - first}fr)`], stackGap: `${px}px` }
  }
  const gapCols = Math.min(Math.max(gap, 0), SPLIT_GAP_MAX, 11 - first)
  const second = Math.max(12 - first - gapCols, 1)
  // A gutter of 1.5rem at least, so text never touches even at gap 0.
  return { first, second, tracks: [`minmax(0,${first}fr)`, `minmax(1.5rem,${gapCols}fr)`, `minmax(0,${second}fr)`], stackGap: '2rem' }
}
