/**
 * Where a key moves the focus in the library's thumbnail grid (WAI-ARIA grid pattern): by the
 * rows and columns as laid out, the last row possibly short. Null: the key is not the grid's (or
 * there is nowhere to go), so the browser keeps its own meaning.
 */
export interface GridPlace {
  index: number
  columns: number
  total: number
  /** How many rows a page of the scroller shows (PageUp, PageDown). */
  pageRows: number
}

export interface GridKey {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
}

export function nextGridIndex({ key, ctrlKey, metaKey }: GridKey, { index, columns, total, pageRows }: GridPlace): number | null {
  if (total <= 0 || columns <= 0) return null
  const last = total - 1
  const rowStart = index - (index % columns)
  const lastRow = Math.floor(last / columns)
  const row = Math.floor(index / columns)
  const down = (rows: number) => {
    if (row >= lastRow) return null
    const target = Math.min(row + rows, lastRow) * columns + (index % columns)
    // Below a short last row: its last picture.
    return Math.min(target, last)
  }
  const up = (rows: number) => (row === 0 ? null : Math.max(row - rows, 0) * columns + (index % columns))
  let next: number | null
  switch (key) {
    case 'ArrowRight':
      next = index < last ? index + 1 : null
      break
    case 'ArrowLeft':
      next = index > 0 ? index - 1 : null
      break
    case 'ArrowDown':
      next = down(1)
      break
    case 'ArrowUp':
      next = up(1)
      break
    case 'PageDown':
      next = down(Math.max(1, pageRows))
      break
    case 'PageUp':
      next = up(Math.max(1, pageRows))
      break
    case 'Home':
      next = ctrlKey || metaKey ? 0 : rowStart
      break
    case 'End':
      next = ctrlKey || metaKey ? last : Math.min(rowStart + columns - 1, last)
      break
    default:
      return null
  }
  return next === null ? null : Math.min(Math.max(next, 0), last)
}
