import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Collection, PageDoc } from '#lib/content'
import { normaliseSlug } from '#lib/slug'
import type { Db } from '../db/client.ts'
import { pages } from '../db/schema.ts'
import { conflict, notFound } from './errors.ts'
import type { ContentEventBus } from './events.ts'

type PageRow = typeof pages.$inferSelect

/** Fields kept in columns; the rest of the document lives in the JSONB body. */
const COLUMN_FIELDS = ['_id', 'slug', 'pageType', 'template', 'published', 'lastPublished', 'updatedAt', 'createdAt', 'domainId', 'version'] as const

function toDoc(row: PageRow, body: Record<string, unknown>, slug: string): PageDoc {
  return {
    header: { title: '' },
    contents: [],
    ...body,
    _id: row.id,
    slug,
    pageType: row.pageType,
    template: row.template,
    published: row.published,
    lastPublished: row.lastPublished?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    domainId: row.domainId,
    version: row.version,
  } as PageDoc
}

function bodyOf(page: Partial<PageDoc>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...page }
  for (const field of COLUMN_FIELDS) delete body[field]
  return body
}

export interface PageInput extends Partial<PageDoc> {
  slug: string
  template: string
}

export function createPageService(db: Db, events: ContentEventBus) {
  const where = (domainId: string, collection: Collection) =>
    and(eq(pages.domainId, domainId), eq(pages.collection, collection))

  /** The copy a visitor may see, or null. */
  async function loadPublished(domainId: string, collection: Collection, slug: string): Promise<PageDoc | null> {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(where(domainId, collection), eq(pages.publishedSlug, normaliseSlug(slug)), eq(pages.published, true)))
      .limit(1)
    if (!row?.publishedDoc || row.publishedSlug === null) return null
    return toDoc(row, row.publishedDoc, row.publishedSlug)
  }

  /** The editor's working copy, or null. */
  async function loadDraft(domainId: string, collection: Collection, slug: string): Promise<PageDoc | null> {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(where(domainId, collection), eq(pages.slug, normaliseSlug(slug))))
      .limit(1)
    return row ? toDoc(row, row.draft, row.slug) : null
  }

  /**
   * Saves the draft. A page that already exists must name the version it was based on; a stale
   * version is refused so that nobody's work is silently overwritten.
   */
  async function save(
    domainId: string,
    collection: Collection,
    input: PageInput,
    options: { userId?: string | null } = {},
  ): Promise<PageDoc> {
    const slug = normaliseSlug(input.slug)
    const now = new Date()
    const id = input._id || randomUUID()
    const [existing] = await db.select().from(pages).where(eq(pages.id, id)).limit(1)
    if (existing) {
      if (existing.domainId !== domainId || existing.collection !== collection) throw notFound('Page not found')
      if (input.version !== undefined && input.version !== existing.version) {
        throw conflict(
          `This page was saved by ${existing.updatedBy ?? 'someone else'} at ${existing.updatedAt.toISOString()} after you opened it.`,
          { currentVersion: existing.version, updatedBy: existing.updatedBy, updatedAt: existing.updatedAt.toISOString() },
        )
      }
      const [row] = await db
        .update(pages)
        .set({
          slug,
          pageType: input.pageType ?? existing.pageType,
          template: input.template,
          draft: bodyOf(input),
          version: sql`${pages.version} + 1`,
          updatedBy: options.userId ?? null,
          updatedAt: now,
        })
        .where(and(eq(pages.id, id), eq(pages.version, existing.version)))
        .returning()
      if (!row) throw conflict('This page was saved by someone else at the same moment; reload to see their changes.')
      return toDoc(row, row.draft, row.slug)
    }
    const [row] = await db
      .insert(pages)
      .values({
        id,
        domainId,
        collection,
        slug,
        pageType: input.pageType ?? 'page',
        template: input.template,
        draft: bodyOf(input),
        updatedBy: options.userId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return toDoc(row!, row!.draft, row!.slug)
  }

  /** Copies the draft to the published copy that visitors see. */
  async function publish(domainId: string, collection: Collection, id: string): Promise<PageDoc> {
    const now = new Date()
    const [row] = await db
      .update(pages)
      .set({ published: true, publishedDoc: sql`${pages.draft}`, publishedSlug: sql`${pages.slug}`, lastPublished: now, updatedAt: now })
      .where(and(eq(pages.id, id), where(domainId, collection)))
      .returning()
    if (!row) throw notFound('Page not found')
    events.emit('published', domainId)
    return toDoc(row, row.draft, row.slug)
  }

  return { loadPublished, loadDraft, save, publish }
}

export type PageService = ReturnType<typeof createPageService>
