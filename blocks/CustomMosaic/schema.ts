import { z } from 'zod'
import { linkSchema } from '#lib/content'
import { blockObject, image, text } from '../fields'
import { MOSAIC_GAP_DEFAULT, MOSAIC_GAP_MAX, mosaicCells, type MosaicCell } from './cells'

const tile = (key: MosaicCell, order: number) =>
  z
    .object({
      image: image(),
      navLink: linkSchema.default({ text: '', href: '', type: 'page' }),
      title: text(120),
      order: z.number().int().min(0).max(6).default(order),
      key: z.literal(key).default(key),
    })
    .default({ image: { imageId: '', alt: '' }, navLink: { text: '', href: '', type: 'page' }, title: '', order, key })

/** Spec 02 §3.5: items keyed by cell (image, navLink, title, order 0-6, key), gap 0-60, inContainer. */
export const schema = blockObject('CustomMosaic', {
  items: z
    .object(Object.fromEntries(mosaicCells.map((cell, i) => [cell, tile(cell, i)])) as { [C in MosaicCell]: ReturnType<typeof tile> })
    .prefault({})
    .refine((items) => new Set(mosaicCells.map((c) => items[c].order)).size === mosaicCells.length, {
      message: 'Each tile needs its own order, 0 to 6',
    }),
  gap: z.number().int().min(0).max(MOSAIC_GAP_MAX).default(MOSAIC_GAP_DEFAULT),
  inContainer: z.boolean().default(true),
})
export type Props = z.output<typeof schema>
export type MosaicTile = Props['items'][MosaicCell]
