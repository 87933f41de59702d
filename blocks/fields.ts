/**
 * Field builders shared by the block schemas (Payload-style), so a link or an image is validated
 * the same way in every block. Server-safe: zod only, no React.
 */
import { z } from 'zod'
import { imageRefSchema, linkSchema, spacingSchema } from '#lib/content'
import { translatable } from '#lib/translatable'

/** A text visitors read: translated per language (docs/decisions/025). */
export const text = (max = 300) => translatable(z.string().max(max)).default('')
/** A rich text (HTML) visitors read: translated per language as one value. */
export const richText = (max: number) => translatable(z.string().max(max), 'rich').default('')
export const image = () => imageRefSchema.default({ imageId: '', alt: '' })
export const link = () => linkSchema.default({ text: '', href: '', type: 'page' })
export const colour = (fallback: string) => z.string().max(40).default(fallback)
export const cropMap = () => imageRefSchema.shape.crop

/** A block's schema: its type, the editor's stable key, spacing, and the block's own fields. */
export function blockObject<const T extends string, S extends z.ZodRawShape>(componentType: T, shape: S) {
  return z.object({
    componentType: z.literal(componentType),
    _key: z.string().max(60).optional(),
    spacing: spacingSchema.optional(),
    ...shape,
  })
}

/** The stored defaults of a block: what the editor inserts. */
export function defaultsOf<S extends z.ZodType>(schema: S, componentType: string): z.output<S> {
  return schema.parse({ componentType })
}
