import { z } from 'zod'
import { blockObject, link, text } from '../fields'

/** An address the frame may show: http(s) only (no javascript:, data: or relative paths). */
export const isMapUrl = (value: string) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value.trim())

/** Spec 02 §3.5: alpacaURL (the maps service's embed address), title, cta. */
export const schema = blockObject('RegionMap', {
  alpacaURL: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isMapUrl(v), 'The map address must start with https://')
    .default(''),
  title: text(200),
  cta: link(),
})
export type Props = z.output<typeof schema>
