/**
 * Listing categories and tags (spec 02 §3.2, §9): the categories a Listings block filters by (and
 * the settings panel edits, saves, publishes), the friendly names of tags, and which tags the
 * domain's listings carry. No HTTP here: listings/api.ts's routes call these through the listing
 * service (service.ts), which also answers them.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  listingCategoryInputSchema,
  listingCategorySchema,
  newCategoryName,
  parseFilterGroup,
  tagKey,
  type CategoryUsage,
  type ListingCategory,
  type ListingCategoryInput,
  type ListingTags,
} from '#lib/listings'
import { listingTexts } from '#lib/texts'
import type { Db } from '../server/db/client.ts'
import { rowsOf } from '../server/db/query.ts'
import { listingCategories, listings, listingTags, pages, translations } from '../server/db/schema.ts'
import type { Actor } from '../server/services/access.ts'
import { AppError, notFound } from '../server/services/errors.ts'
import { recordActivity } from '../server/services/team/activity.ts'
import type { ListingChanges } from './changes.ts'

export function createTaxonomyService(db: Db, changes: ListingChanges) {
  /**
   * The published friendly tag names (what visitors see); in a further language each name its
   * published translation has, the default language's name for the rest (issue 33; a translation
   * is stored by the translation service, kind `tags`, never with a fallback in it).
   */
  async function friendlyNames(domainId: string, locale?: string | null): Promise<ListingTags> {
    const [row] = await db
      .select({ published: listingTags.publishedDoc })
      .from(listingTags)
      .where(eq(listingTags.domainId, domainId))
      .limit(1)
    return inLanguage(domainId, row?.published ?? {}, locale)
  }

  /** Tag names with a language's published names over them, name by name. */
  async function inLanguage(domainId: string, names: ListingTags, locale: string | null | undefined): Promise<ListingTags> {
    if (!locale) return names
    const [row] = await db
      .select({ published: translations.published })
      .from(translations)
      .where(and(eq(translations.kind, 'tags'), eq(translations.subjectId, domainId), eq(translations.locale, locale)))
      .limit(1)
    const translated = row?.published
    if (!translated) return names
    return Object.fromEntries(Object.entries(names).map(([key, name]) => [key, translated[key]?.trim() || name]))
  }

  /** The stored row of one of the domain's categories (undefined: the domain has none of that id). */
  async function categoryRow(domainId: string, id: string) {
    const [row] = await db
      .select()
      .from(listingCategories)
      .where(and(eq(listingCategories.id, id), eq(listingCategories.domainId, domainId)))
      .limit(1)
    return row
  }

  async function categoryById(domainId: string, id: string | null | undefined): Promise<ListingCategory | null> {
    if (!id || id === 'none') return null
    const row = await categoryRow(domainId, id)
    return row ? { ...row.doc, _id: row.id, published: row.published } : null
  }

  // ------------------------------------------------------------------ tags

  /** The tag names, the draft (editors) or the published (visitors, in `locale` when given). */
  async function loadTags(domainId: string, which: 'draft' | 'published', locale?: string | null): Promise<ListingTags> {
    const [row] = await db.select().from(listingTags).where(eq(listingTags.domainId, domainId)).limit(1)
    if (!row) return {}
    return which === 'draft' ? row.draft : inLanguage(domainId, row.publishedDoc ?? {}, locale)
  }

  const cleanTags = (tags: ListingTags): ListingTags =>
    Object.fromEntries(
      Object.entries(tags)
        .map(([k, v]) => [tagKey(k), v.trim()])
        .filter(([k]) => k),
    )

  async function saveTags(domainId: string, tags: ListingTags, actor?: Actor): Promise<ListingTags> {
    const draft = cleanTags(tags)
    // The change and its activity entry together (issue 21).
    await db.transaction(async (tx) => {
      await tx
        .insert(listingTags)
        .values({ domainId, draft })
        .onConflictDoUpdate({ target: listingTags.domainId, set: { draft, updatedAt: new Date() } })
      await recordActivity(tx, actor, { kind: 'tag', action: 'save', domainId })
    })
    return draft
  }

  async function publishTags(domainId: string, tags: ListingTags, actor?: Actor): Promise<ListingTags> {
    const doc = cleanTags(tags)
    const now = new Date()
    await db.transaction(async (tx) => {
      await tx
        .insert(listingTags)
        .values({ domainId, draft: doc, publishedDoc: doc, lastPublished: now })
        .onConflictDoUpdate({ target: listingTags.domainId, set: { draft: doc, publishedDoc: doc, lastPublished: now, updatedAt: now } })
      await recordActivity(tx, actor, { kind: 'tag', action: 'publish', domainId })
    })
    changes.changed(domainId, { kind: 'listing-categories' })
    return doc
  }

  /** Every tag the domain's listings carry (provider categories, classifications, custom ones). */
  async function fetchCategories(domainId: string): Promise<string[]> {
    const rows = await rowsOf<{ tag: string }>(
      db,
      sql`select distinct jsonb_array_elements_text(${listings.doc}->'taggedCategories'->'value') as tag from ${listings} where ${listings.domainId} = ${domainId} order by tag`,
    )
    return rows.map((r) => r.tag)
  }

  // ------------------------------------------------------------------ categories

  async function loadCategories(domainId: string): Promise<ListingCategory[]> {
    const rows = await db
      .select()
      .from(listingCategories)
      .where(eq(listingCategories.domainId, domainId))
      .orderBy(asc(listingCategories.createdAt), asc(listingCategories.id))
    return rows.map((r) => ({ ...r.doc, _id: r.id, published: r.published }))
  }

  function normaliseCategory(input: ListingCategoryInput, id: string, published: boolean): ListingCategory {
    const parsed = listingCategoryInputSchema.parse(input)
    const filters = parsed.filters.map((g) => parseFilterGroup(g))
    return listingCategorySchema.parse({
      ...parsed,
      _id: id,
      filters: filters.length ? filters : [[]],
      published,
      excludedTags: parseFilterGroup(parsed.excludedTags).join(', '),
    })
  }

  async function saveCategory(
    domainId: string,
    input: ListingCategoryInput,
    options: { publish?: boolean; actor?: Actor } = {},
  ): Promise<ListingCategory> {
    const id = input._id || randomUUID()
    const [existing] = await db.select().from(listingCategories).where(eq(listingCategories.id, id)).limit(1)
    if (existing && existing.domainId !== domainId) throw notFound('Category not found')
    const count = existing ? 0 : (await loadCategories(domainId)).length
    const published = options.publish ? true : (existing?.published ?? false)
    const doc = normaliseCategory({ ...input, name: input.name || (existing ? existing.doc.name : newCategoryName(count)) }, id, published)
    const now = new Date()
    await db.transaction(async (tx) => {
      await tx
        .insert(listingCategories)
        .values({ id, domainId, doc, published, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: listingCategories.id, set: { doc, published, updatedAt: now } })
      const action = options.publish ? 'publish' : 'save'
      await recordActivity(tx, options.actor, { kind: 'category', action, domainId, subjectId: id, subject: doc.name })
    })
    changes.bump()
    if (published || existing?.published) changes.changed(domainId, { kind: 'listing-categories' })
    return doc
  }

  async function publishCategory(domainId: string, input: ListingCategoryInput, actor?: Actor): Promise<ListingCategory> {
    return saveCategory(domainId, input, { publish: true, actor })
  }

  async function unpublishCategory(domainId: string, id: string, actor?: Actor): Promise<ListingCategory> {
    const existing = await categoryRow(domainId, id)
    if (!existing) throw notFound('Category not found')
    if (!existing.published) throw new AppError('conflict', listingTexts.toasts.categoryNotPublished)
    const doc = { ...existing.doc, published: false }
    await db.transaction(async (tx) => {
      await tx.update(listingCategories).set({ doc, published: false, updatedAt: new Date() }).where(eq(listingCategories.id, id))
      await recordActivity(tx, actor, { kind: 'category', action: 'unpublish', domainId, subjectId: id, subject: existing.doc.name })
    })
    changes.changed(domainId, { kind: 'listing-categories' })
    return { ...doc, _id: id }
  }

  async function deleteCategory(domainId: string, id: string, actor?: Actor): Promise<{ deleted: true }> {
    const existing = await categoryRow(domainId, id)
    if (!existing) throw notFound('Category not found')
    if (existing.published) throw new AppError('conflict', listingTexts.toasts.categoryMustUnpublish)
    await db.transaction(async (tx) => {
      await tx.delete(listingCategories).where(eq(listingCategories.id, id))
      await recordActivity(tx, actor, { kind: 'category', action: 'delete', domainId, subjectId: id, subject: existing.doc.name })
    })
    changes.bump()
    return { deleted: true }
  }

  /** Pages (any collection, draft or published) whose blocks filter by the category. */
  async function getWarningInfo(domainId: string, id: string): Promise<CategoryUsage[]> {
    const path = '$.** ? (@.categoryFilter == $id || @.categoryFilter._id == $id)'
    const vars = JSON.stringify({ id })
    const rows = await db
      .select({
        id: pages.id,
        slug: pages.slug,
        collection: pages.collection,
        title: sql<string>`coalesce(${pages.draft}->'header'->>'title', '')`,
      })
      .from(pages)
      .where(
        and(
          eq(pages.domainId, domainId),
          sql`(jsonb_path_exists(${pages.draft}, ${path}::jsonpath, ${vars}::jsonb) or jsonb_path_exists(coalesce(${pages.publishedDoc}, '{}'::jsonb), ${path}::jsonpath, ${vars}::jsonb))`,
        ),
      )
      .orderBy(asc(pages.slug))
    return rows.map((r) => ({ _id: r.id, slug: r.slug, title: r.title, collection: r.collection }))
  }

  return {
    friendlyNames,
    categoryById,
    loadTags,
    saveTags,
    publishTags,
    fetchCategories,
    loadCategories,
    saveCategory,
    publishCategory,
    unpublishCategory,
    deleteCategory,
    getWarningInfo,
  }
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>
