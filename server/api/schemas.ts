import { z } from '@hono/zod-openapi'
import { LOCALE_CODES } from '#lib/locales'

/** Response shapes shared by several routers; a page is an open object (its blocks carry their own props). */
export const pageSchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    pageType: z.string(),
    template: z.string(),
    header: z.object({}).catchall(z.unknown()),
    contents: z.array(z.object({ componentType: z.string() }).catchall(z.unknown())),
    published: z.boolean(),
    lastPublished: z.string().nullable(),
    updatedAt: z.string(),
    createdAt: z.string(),
    domainId: z.string(),
    version: z.number().int(),
  })
  .catchall(z.unknown())
  .openapi('Page')

export const domainSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    hostnames: z.array(z.string()),
    published: z.boolean(),
    languages: z
      .object({ default: z.enum(LOCALE_CODES), others: z.array(z.enum(LOCALE_CODES)) })
      .optional()
      .openapi({ description: 'The default language (addresses without a prefix) and the further ones (lib/locales.ts codes)' }),
    version: z.number().int().optional(),
  })
  .openapi('Domain')

/** A field a merged save took from a colleague's save (lib/merge.ts FieldChange). */
export const fieldChangeSchema = z.object({
  id: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
  kind: z.enum(['value', 'added', 'removed', 'order']),
})

export const errorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .openapi('Error')

export const errorResponses = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } },
} as const

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/** An id or slug parameter: bounded, so a huge query string is refused instead of stored or searched. */
export const idParam = z.string().min(1).max(200)
export const domainIdParam = z.string().min(1).max(100).optional()

/** Ids and version numbers are PostgreSQL `integer`s: a larger number is refused here, not by the database as a 500. */
export const INT4_MAX = 2_147_483_647
/** A serial id or version number in a JSON body. */
export const serialNumber = z.number().int().positive().max(INT4_MAX)
/** A document's version as a client last saw it (0: not saved yet). */
export const versionNumber = z.number().int().min(0).max(INT4_MAX)
/** A serial id in a query string. */
export const serialQuery = z.coerce.number().int().positive().max(INT4_MAX)
