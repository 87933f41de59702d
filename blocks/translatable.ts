/**
 * A page's translatable texts (issue 33, docs/decisions/025): its header and SEO texts, and the
 * texts each block's schema marks (blocks/fields.ts `text()`, links' labels, pictures' alt text,
 * rich text), found through the block declarations. Server-safe: zod only.
 */
import { z } from 'zod'
import { headerSchema } from '#lib/content'
import { applyTranslation, blockList, collectTranslatable, translatable, type TranslatableField, type Translation } from '#lib/translatable'
import { blockModules, isBlockType } from './schemas'

/** What of a page document is translatable: header, SEO title and description, social texts, and the blocks. */
export const pageTranslationSchema = z.object({
  header: headerSchema,
  title: translatable(z.string()).optional(),
  description: translatable(z.string()).optional(),
  og: z.object({ title: translatable(z.string()).optional(), description: translatable(z.string()).optional() }).optional(),
  contents: blockList(z.array(z.unknown())),
})

export const blockSchemaOf = (componentType: string) => (isBlockType(componentType) ? blockModules[componentType].schema : undefined)

/** Every translatable text of a page (header, SEO, blocks), in the order a reader meets them. */
export const pageFields = (page: unknown): TranslatableField[] => collectTranslatable(pageTranslationSchema, page, blockSchemaOf)

/** The page in a language: each translated field shows its translation, every other field the default text. */
export function translatePage<T>(page: T, translation: Translation | null | undefined): T {
  return applyTranslation(page, pageFields(page), translation)
}
