import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { texts } from '#lib/texts'
import type { SiteDocumentKind } from '../services/site-documents.ts'
import { capabilityRoute, editorRoute } from './access.ts'
import { createRouter, domainIdOf, type ApiEnv } from './context.ts'
import { footerSchema, navSchema } from '#lib/content'
import { domainIdParam, errorResponses, errorSchema, fieldChangeSchema, json, versionNumber } from './schemas.ts'

const byDomain = { query: z.object({ domainId: domainIdParam }) }
const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such domain'),
  409: json(errorSchema, 'Saved by someone else since it was loaded'),
  ...errorResponses,
}
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })
/**
 * A site document as sent by the editor; `version` is the one it loaded (no lost updates): required
 * once the document exists (400 without it), unless `force` is sent beside the document.
 */
export const docInput = z.object({ domainId: domainIdParam, version: versionNumber.optional() }).catchall(z.unknown())
const force = z.boolean().default(false).openapi({ description: 'Overwrite knowingly, whatever version was saved since' })
/** The merge of a stale save (docs/decisions/018): the document as loaded, and the choices after a 409. */
export const mergeInput = {
  base: z
    .object({})
    .catchall(z.unknown())
    .optional()
    .openapi({ description: 'The document as you loaded it: with it, a save based on an older version is merged field by field' }),
  resolutions: z
    .record(z.string().max(2000), z.enum(['mine', 'theirs']))
    .optional()
    .openapi({ description: "After a 409 naming conflicts: each conflict's id with the side to keep" }),
}
export type MergeInput = { base?: Record<string, unknown> | undefined; resolutions?: Record<string, 'mine' | 'theirs'> | undefined }
/** What a loaded site document carries besides its fields: the version to send back, and when it was stored and published. */
const stamps = {
  domainId: z.string(),
  version: z.number().int(),
  lastPublished: z.string().nullable(),
  updatedAt: z.string().nullable(),
}
/**
 * A site document as loaded (lib/content.ts's schema with its id and the stamps). Made anew from the schema's
 * shape: lib/ builds plain zod schemas, which have no .openapi (decision 040).
 */
export const siteDocAnswer = <S extends z.ZodRawShape, I extends z.ZodType>(shape: S, name: string, id: I) =>
  z
    .object(shape)
    .extend({ _id: id, ...stamps })
    .openapi(name)
/** A stored (or published) site document: with the message to show, and `merge` when colleagues' saves since were merged in. */
export const savedDocAnswer = <S extends z.ZodObject>(doc: S) =>
  json(
    doc.extend({
      message: z.string(),
      merge: z
        .object({ by: z.array(z.string()), changes: z.array(fieldChangeSchema) })
        .optional()
        .openapi({ description: 'Who saved since the version sent, and the fields taken from their saves' }),
    }),
    'Saved; answers the stored document and a message',
  )
const navAnswer = siteDocAnswer(navSchema.shape, 'Navigation', z.string().optional())
const footerAnswer = siteDocAnswer(footerSchema.shape, 'Footer', z.string().optional())

/** Editors get the draft, visitors the published copy; version stamps come along for the editor. */
export async function loadSiteDocument<K extends SiteDocumentKind>(c: Context<ApiEnv>, kind: K, domainId?: string) {
  const loaded = await c.var.services.siteDocuments.load(kind, domainIdOf(c, domainId), c.var.user ? 'draft' : 'published')
  return { ...loaded.doc, version: loaded.version, lastPublished: loaded.lastPublished, updatedAt: loaded.updatedAt }
}

export async function saveSiteDocument(
  c: Context<ApiEnv>,
  kind: SiteDocumentKind,
  doc: z.infer<typeof docInput>,
  publish: boolean,
  force = false,
  merge: MergeInput = {},
) {
  const { siteDocuments } = c.var.services
  const domainId = domainIdOf(c, doc.domainId)
  const actor = { user: c.var.user }
  const saved = await siteDocuments.save(kind, domainId, doc, {
    baseVersion: doc.version,
    base: merge.base,
    resolutions: merge.resolutions,
    userId: c.var.user?.username ?? null,
    force,
    actor,
  })
  const result = publish ? await siteDocuments.publish(kind, domainId, actor) : saved
  return {
    ...result.doc,
    version: saved.version,
    lastPublished: result.lastPublished,
    updatedAt: result.updatedAt,
    ...(saved.merge ? { merge: saved.merge } : {}),
  }
}

const loadNav = createRoute({
  method: 'get',
  path: '/loadNav',
  summary: "The domain's navigation (an empty document when none exists yet)",
  request: byDomain,
  responses: { 200: json(navAnswer, 'Navigation'), ...errorResponses },
})

const loadFooter = createRoute({
  method: 'get',
  path: '/loadFooter',
  summary: "The domain's footer (an empty document when none exists yet)",
  request: byDomain,
  responses: { 200: json(footerAnswer, 'Footer'), ...errorResponses },
})

const navBody = body(z.object({ nav: docInput, force, ...mergeInput }))
const footerBody = body(z.object({ footer: docInput, force, ...mergeInput }))
const saveNav = editorRoute({
  method: 'post',
  path: '/saveNav',
  summary: 'Save the navigation draft',
  request: navBody,
  responses: { 200: savedDocAnswer(navAnswer), ...editorErrors },
})
const publishNav = capabilityRoute('publish', {
  method: 'post',
  path: '/publishNav',
  summary: 'Save and publish the navigation',
  request: navBody,
  responses: { 200: savedDocAnswer(navAnswer), ...editorErrors },
})
const saveFooter = editorRoute({
  method: 'post',
  path: '/saveFooter',
  summary: 'Save the footer draft',
  request: footerBody,
  responses: { 200: savedDocAnswer(footerAnswer), ...editorErrors },
})
const publishFooter = capabilityRoute('publish', {
  method: 'post',
  path: '/publishFooter',
  summary: 'Save and publish the footer',
  request: footerBody,
  responses: { 200: savedDocAnswer(footerAnswer), ...editorErrors },
})

export const siteRouter = createRouter()
  .openapi(loadNav, async (c) => c.json(await loadSiteDocument(c, 'nav', c.req.valid('query').domainId), 200))
  .openapi(loadFooter, async (c) => c.json(await loadSiteDocument(c, 'footer', c.req.valid('query').domainId), 200))
  .openapi(saveNav, async (c) => {
    const { nav, force, base, resolutions } = c.req.valid('json')
    return c.json({ ...(await saveSiteDocument(c, 'nav', nav, false, force, { base, resolutions })), message: texts.toasts.navSaved }, 200)
  })
  .openapi(publishNav, async (c) => {
    const { nav, force, base, resolutions } = c.req.valid('json')
    return c.json(
      { ...(await saveSiteDocument(c, 'nav', nav, true, force, { base, resolutions })), message: texts.toasts.navPublished },
      200,
    )
  })
  .openapi(saveFooter, async (c) => {
    const { footer, force, base, resolutions } = c.req.valid('json')
    return c.json(
      { ...(await saveSiteDocument(c, 'footer', footer, false, force, { base, resolutions })), message: texts.toasts.footerSaved },
      200,
    )
  })
  .openapi(publishFooter, async (c) => {
    const { footer, force, base, resolutions } = c.req.valid('json')
    return c.json(
      { ...(await saveSiteDocument(c, 'footer', footer, true, force, { base, resolutions })), message: texts.toasts.footerPublished },
      200,
    )
  })
