/** The mosaic's seven cells (spec 02 §2.8): three on the first row, four on the second. */
export const mosaicCells = ['R1C1', 'R1C2', 'R1C3', 'R2C1', 'R2C2', 'R2C3', 'R2C4'] as const
export type MosaicCell = (typeof mosaicCells)[number]

export const MOSAIC_GAP_DEFAULT = 10
export const MOSAIC_GAP_MAX = 60

/** Cells in their phone order (by `order`, ties by cell), the order the mobile tab edits. */
export function mobileOrder<T extends { order: number }>(items: Record<MosaicCell, T>): MosaicCell[] {
  return [...mosaicCells].sort((a, b) => items[a].order - items[b].order || mosaicCells.indexOf(a) - mosaicCells.indexOf(b))
}

/** New `order` values after moving the tile at position `from` to position `to` (phone order). */
export function reorder<T extends { order: number }>(items: Record<MosaicCell, T>, from: number, to: number): Record<MosaicCell, number> {
  const order = mobileOrder(items)
  const [moved] = order.splice(from, 1)
  order.splice(to, 0, moved!)
  return Object.fromEntries(order.map((cell, index) => [cell, index])) as Record<MosaicCell, number>
}
