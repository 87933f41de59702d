/**
 * The publish panel's calls (issue 34 points 4 and 5): the checks of a page about to be published,
 * and the receipt of one just published. Editors only; a page's checks need nothing more than the
 * right to open it, since they only read.
 */
import { z } from '@hono/zod-openapi'
import { collectionSchema } from '#lib/content'
import { ALWAYS_BLOCKING, PUBLISH_CHECKS, type PublishCheck } from '#lib/publish-checks'
import { ADMIN_ROLE, editorRoute } from '../api/access.ts'
import { AppError, invalidInput } from '../services/errors.ts'
import { editorTexts } from '#lib/editor-texts'
import { createRouter, domainIdOf } from '../api/context.ts'
import { domainIdParam, errorResponses, errorSchema, idParam, json } from '../api/schemas.ts'
import type { Services } from '../services/index.ts'

const editorErrors = {
  401: json(errorSchema, 'Not signed in'),
  404: json(errorSchema, 'No such page or domain'),
  ...errorResponses,
}

const finding = z
  .object({
    check: z.enum(PUBLISH_CHECKS),
    block: z.array(z.union([z.string(), z.number()])).nullable(),
    path: z.string(),
    href: z.string().optional(),
    location: z.string().optional(),
  })
  .openapi('PublishFinding')

const checksAnswer = z
  .object({
    findings: z.array(finding),
    blocking: z.array(z.enum(PUBLISH_CHECKS)).openapi({ description: 'The checks that refuse a publish while they find something' }),
  })
  .openapi('PublishChecks')

const receiptAnswer = z
  .object({
    publishedAt: z.string().nullable(),
    addresses: z.array(
      z.object({
        kind: z.enum(['page', 'language', 'shows', 'navigation', 'footer', 'story', 'search', 'sitemap']),
        path: z.string(),
        title: z.string().optional(),
        locale: z.string().optional(),
      }),
    ),
    cdn: z.object({ provider: z.string(), queued: z.number(), done: z.number(), failed: z.number() }).nullable(),
  })
  .openapi('PublishReceipt')

const checks = editorRoute({
  method: 'post',
  path: '/checks',
  summary: 'Check a page before publishing it: links, listings and events it points at, pictures without alt text',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            page: z
              .object({
                slug: z.string().max(500).optional(),
                header: z.object({}).catchall(z.unknown()).optional(),
                contents: z.array(z.unknown()).max(500).optional(),
              })
              .catchall(z.unknown()),
            domainId: domainIdParam,
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: json(checksAnswer, 'What the checks found, and which checks block'), ...editorErrors },
})

const receipt = editorRoute({
  method: 'get',
  path: '/receipt',
  summary: 'Where a published page is live now, and whether the CDN in front has dropped its old copies',
  request: { query: z.object({ id: idParam, collection: collectionSchema.default('pages'), domainId: domainIdParam }) },
  responses: { 200: json(receiptAnswer, 'The receipt'), ...editorErrors },
})

/** The checks that block publishing on a domain: those an admin chose in the published site settings, and alt text. */
export async function blockingChecks(services: Pick<Services, 'siteDocuments'>, domainId: string): Promise<PublishCheck[]> {
  const { doc } = await services.siteDocuments.load('siteSettings', domainId, 'published')
  return [...new Set<PublishCheck>([...ALWAYS_BLOCKING, ...(doc.publishChecks ?? [])])]
}

/**
 * Refuses a publish while a check an admin made blocking finds something (400, each finding an
 * issue with the check as its code). Alt text is refused before this, with its own message.
 */
export async function refuseBlockedPublish(
  services: Pick<Services, 'siteDocuments' | 'publishChecks'>,
  domainId: string,
  page: { header?: unknown; contents?: unknown },
): Promise<void> {
  const blocking = (await blockingChecks(services, domainId)).filter((check) => !ALWAYS_BLOCKING.includes(check))
  if (!blocking.length) return
  const found = services.publishChecks.blocking(await services.publishChecks.check(domainId, page), blocking)
  if (!found.length) return
  throw invalidInput(
    editorTexts.publishChecks.blockingNote(found.length),
    found.map((f) => ({
      path: f.path,
      code: f.check,
      message: editorTexts.publishChecks.checks[f.check].label,
      ...(f.href ? { href: f.href } : {}),
    })),
  )
}

/**
 * Which checks block publishing is an admin's choice (issue 34): a site settings save by anyone
 * else that changes them is refused, whatever else it changes. A change is measured against the
 * copy the editor loaded (`base`) when it is sent: a publisher saving an older copy after an admin
 * changed the list does not change it (the merge keeps the admin's); without it, against the draft.
 */
export async function refuseBlockingChange(
  services: Pick<Services, 'siteDocuments'>,
  domainId: string,
  user: { roles: readonly string[] } | null,
  incoming: unknown,
  base?: { publishChecks?: unknown },
): Promise<void> {
  if (user && user.roles.includes(ADMIN_ROLE)) return
  if (!Array.isArray(incoming)) return
  const from =
    base && 'publishChecks' in base
      ? base.publishChecks
      : (await services.siteDocuments.load('siteSettings', domainId, 'draft')).doc.publishChecks
  const before = new Set(Array.isArray(from) ? from : [])
  const wanted = new Set(incoming)
  if (before.size === wanted.size && [...wanted].every((check) => before.has(check))) return
  throw new AppError('forbidden', editorTexts.publishChecks.adminOnly)
}

export const publishRouter = createRouter()
  .openapi(checks, async (c) => {
    const { page, domainId } = c.req.valid('json')
    const scope = domainIdOf(c, domainId)
    const [findings, blocking] = await Promise.all([c.var.services.publishChecks.check(scope, page), blockingChecks(c.var.services, scope)])
    return c.json({ findings, blocking }, 200)
  })
  .openapi(receipt, async (c) => {
    const { id, collection, domainId } = c.req.valid('query')
    return c.json(await c.var.services.publishReceipts.receipt(domainIdOf(c, domainId), collection, id), 200)
  })
