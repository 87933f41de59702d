/**
 * Tourism listings, categories and tags (spec 02 §3.1, §3.2, §4, §7; BEHAVIOUR-NOTES "Listings").
 * No HTTP here: the listing router, the page loaders, the sync and the PDF call these.
 *
 * A listing row keeps the editor's copy (`doc`) and the copy visitors see (`public_doc`); the
 * public copy's filtered fields are columns with indexes, so `fetch` never scans every listing.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm'
import { toIsoDate } from '#lib/dates'
import {
  isLinked,
  listingCategoryInputSchema,
  listingCategorySchema,
  listingSaveSchema,
  listingSchema,
  listingSlug,
  newCategoryName,
  parseFilterGroup,
  productCategoryIds,
  tagKey,
  wrappedFieldKeys,
  type BookEasyListings,
  type CategoryOption,
  type CategoryUsage,
  type FetchQuery,
  type FetchResponse,
  type Listing,
  type ListingCard,
  type ListingCategory,
  type ListingCategoryInput,
  type ListingTags,
  type ServiceSummary,
  type WrappedFieldKey,
} from '#lib/listings'
import { normaliseSlug } from '#lib/slug'
import { listingTexts } from '#lib/texts'
import type { Db } from '../server/db/client.ts'
import { listingCategories, listings, listingTags, pages } from '../server/db/schema.ts'
import { AppError, conflict, invalidInput, notFound } from '../server/services/errors.ts'
import type { ContentEventBus } from '../server/services/events.ts'
import { projectionOf, providerValues, relink, taggedCategoriesOf, toCard } from './mapping.ts'
import { versionRequired, type PageService } from '../server/services/pages.ts'
import type { ListingIndex } from './memory-index.ts'
import { actorCanEdit, actorIsSignedIn, type Actor } from '../server/services/access.ts'
import { requireDomain } from '../server/services/domains.ts'
import { recordActivity } from '../server/services/team/activity.ts'

type ListingRow = typeof listings.$inferSelect

export interface ListingDeps {
  pages: PageService
  events: ContentEventBus
  /** The in-memory index `fetch` answers from when it is ready (listings-index.ts); else SQL. */
  index?: ListingIndex
}

/** Words a visitor typed, as a prefix tsquery (all words, the last one as a prefix). */
function tsQueryOf(search: string): string | null {
  const terms = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  if (!terms.length) return null
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
}

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`

/** A short-lived memo for the parts of a fetch answer that change only when listings change. */
class Memo<T> {
  private entries = new Map<string, { at: number; generation: number; value: T }>()
  constructor(private ttlMs: number) {}
  async get(key: string, generation: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (hit && hit.generation === generation && Date.now() - hit.at < this.ttlMs) return hit.value
    const value = await load()
    if (this.entries.size > 500) this.entries.clear()
    this.entries.set(key, { at: Date.now(), generation, value })
    return value
  }
}

export function createListingService(db: Db, deps: ListingDeps) {
  /** Bumped on every write in this process; memoised facets older than it are reloaded. */
  let generation = 0
  const facetMemo = new Memo<{ locations: string[]; hasDates: boolean; productCategories: string[] }>(60_000)
  const changed = (domainId: string) => {
    generation++
    deps.events.emit('published', domainId)
  }

  // ------------------------------------------------------------------ rows and documents

  async function rowById(id: string, domainId?: string): Promise<ListingRow | null> {
    const [row] = await db
      .select()
      .from(listings)
      .where(and(eq(listings.id, id), domainId ? eq(listings.domainId, domainId) : undefined))
      .limit(1)
    return row ?? null
  }

  const docOf = (row: ListingRow): Listing => ({
    ...row.doc,
    _id: row.id,
    domainId: row.domainId,
    published: row.published,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  })
  const publicOf = (row: ListingRow): Listing | null =>
    row.published && row.publicDoc ? { ...row.publicDoc, _id: row.id, domainId: row.domainId, published: true } : null

  /** A listing's stored columns, and its publication's (see write). */
  function rowValues(domainId: string, doc: Listing, now: Date, options: { publish?: boolean; synced?: boolean }) {
    const stored: Listing = { ...doc, domainId }
    delete stored.createdAt
    delete stored.updatedAt
    delete stored.version
    const base = {
      listingType: doc.listingType,
      parentId: doc.parentId,
      isCustom: doc.isCustom,
      activeStatus: doc.activeStatus.value,
      doc: stored,
      updatedAt: now,
      ...(options.synced ? { lastSynced: now } : {}),
    }
    const publication =
      options.publish === true
        ? { published: true, publicDoc: { ...stored, published: true }, ...projectionOf(stored) }
        : options.publish === false
          ? { published: false, publicDoc: null }
          : {}
    return { base, publication }
  }

  /**
   * Writes a listing's editor copy; `publish` true copies it to the public copy, false removes the
   * public copy, undefined leaves publication as it is (the public copy is not touched).
   * Every write of the editor's copy bumps its version, except `publicationOnly` (the copy is the
   * stored one, only its publication changes); `expectedVersion` makes the write happen only while
   * the stored version is still that one (an editor's save: no lost updates).
   */
  async function write(
    domainId: string,
    doc: Listing,
    options: { publish?: boolean; synced?: boolean; publicationOnly?: boolean; expectedVersion?: number } = {},
  ): Promise<ListingRow> {
    const now = new Date()
    const { base, publication } = rowValues(domainId, doc, now, options)
    const [row] = await db
      .insert(listings)
      .values({ id: doc._id, domainId, ...base, ...publication, createdAt: now })
      .onConflictDoUpdate({
        target: listings.id,
        set: { ...base, ...publication, ...(options.publicationOnly ? {} : { version: sql`${listings.version} + 1` }) },
        setWhere: options.expectedVersion === undefined ? undefined : eq(listings.version, options.expectedVersion),
      })
      .returning()
    if (!row)
      throw conflict(
        'Someone saved this listing after you opened it. Reload to see their changes, or save again with force to overwrite them.',
      )
    return row
  }

  // ------------------------------------------------------------------ listing pages

  /** A free slug for a new listing page: 'listing/<name>', then '-2', '-3'... */
  async function freeSlug(domainId: string, wanted: string, id: string) {
    let slug = wanted
    for (let n = 2; (await deps.pages.checkSlug(domainId, 'listings', slug, id)) !== null; n++) slug = `${wanted}-${n}`
    return slug
  }

  /**
   * Makes sure the listing has its page (collection 'listings', _id = listing id, template
   * 'listing') with the listing's name as title; answers the page's slug.
   */
  async function ensurePage(domainId: string, listing: Listing, actor: Actor = {}): Promise<string> {
    const page = await db
      .select({ slug: pages.slug, draft: pages.draft, version: pages.version })
      .from(pages)
      .where(eq(pages.id, listing._id))
      .limit(1)
    const header = { title: listing.name.value, description: listing.description.value.slice(0, 2000) }
    const existing = page[0]
    if (!existing) {
      const slug = await freeSlug(domainId, normaliseSlug(listing.slug) || listingSlug(listing.name.value), listing._id)
      await deps.pages.save(
        domainId,
        'listings',
        { _id: listing._id, slug, template: 'listing', pageType: 'listing', header, contents: [] },
        actor,
      )
      return slug
    }
    const oldHeader = (existing.draft.header ?? {}) as { title?: string; description?: string }
    if (oldHeader.title !== header.title || oldHeader.description !== header.description) {
      await deps.pages.save(
        domainId,
        'listings',
        {
          ...existing.draft,
          _id: listing._id,
          slug: existing.slug,
          template: 'listing',
          pageType: 'listing',
          header: { ...oldHeader, ...header },
        },
        { ...actor, force: true },
      )
    }
    return existing.slug
  }

  async function pagePublished(id: string): Promise<boolean> {
    const [row] = await db.select({ published: pages.published }).from(pages).where(eq(pages.id, id)).limit(1)
    return row?.published ?? false
  }

  /** Publishes (or unpublishes) a listing together with its page. */
  async function setPublished(
    domainId: string,
    listing: Listing,
    publish: boolean,
    actor: Actor = {},
    options: { publicationOnly?: boolean } = {},
  ): Promise<Listing> {
    const slug = await ensurePage(domainId, listing, actor)
    const doc = { ...listing, slug }
    const row = await write(domainId, doc, { publish, publicationOnly: options.publicationOnly && slug === listing.slug })
    const isPagePublished = await pagePublished(listing._id)
    if (publish) await deps.pages.publish(domainId, 'listings', listing._id, actor)
    else if (isPagePublished) await deps.pages.unpublish(domainId, 'listings', listing._id, actor)
    changed(domainId)
    return docOf(row)
  }

  /**
   * Picks free page addresses for new listings, as ensurePage would one by one ('listing/<name>',
   * then '-2', '-3'...): one read of the addresses taken now, then in memory. `reserved` carries the
   * addresses given out earlier in the same run (not yet stored).
   */
  async function freeSlugs(domainId: string, wanted: Listing[], reserved = new Set<string>()): Promise<Map<string, string>> {
    const bases = [...new Set(wanted.map((l) => normaliseSlug(l.slug) || listingSlug(l.name.value)))]
    const taken = new Set(reserved)
    if (bases.length) {
      // The bases themselves and their numbered variants ('<base>-<n>').
      const rows = await db
        .select({ slug: pages.slug })
        .from(pages)
        .where(
          and(
            eq(pages.domainId, domainId),
            eq(pages.collection, 'listings'),
            sql`(${pages.slug} = any(${textArray(bases)}) or substring(${pages.slug} from '^(.*)-[0-9]+$') = any(${textArray(bases)}))`,
          ),
        )
      for (const r of rows) taken.add(r.slug)
    }
    const out = new Map<string, string>()
    for (const listing of wanted) {
      const base = normaliseSlug(listing.slug) || listingSlug(listing.name.value)
      let slug = base
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
      taken.add(slug)
      reserved.add(slug)
      out.set(listing._id, slug)
    }
    return out
  }

  /** Which of these ids have a page already (of any collection: page ids are unique). */
  async function pageIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const rows = await db.select({ id: pages.id }).from(pages).where(inArray(pages.id, ids))
    return new Set(rows.map((r) => r.id))
  }

  /**
   * Stores many NEW listings with their pages, each published or not, in one statement per table:
   * what setPublished does for one listing, for a whole chunk of a first import. Each listing's
   * `slug` must be free (freeSlugs); a listing or page that exists already fails the whole call.
   */
  async function createMany(domainId: string, items: { listing: Listing; publish: boolean }[], actor: Actor = {}): Promise<void> {
    if (items.length === 0) return
    await deps.pages.createMany(
      domainId,
      'listings',
      items.map(({ listing, publish }) => ({
        _id: listing._id,
        slug: listing.slug,
        template: 'listing',
        pageType: 'listing',
        header: { title: listing.name.value, description: listing.description.value.slice(0, 2000) },
        contents: [],
        publish,
      })),
      actor,
    )
    const now = new Date()
    await db.insert(listings).values(
      items.map(({ listing, publish }) => {
        const { base, publication } = rowValues(domainId, listing, now, { publish })
        return { id: listing._id, domainId, ...base, ...publication, createdAt: now }
      }),
    )
    changed(domainId)
  }

  // ------------------------------------------------------------------ reading

  async function findById(domainId: string, id: string, options: { editor?: boolean } = {}): Promise<Listing | null> {
    const row = await rowById(id, domainId)
    if (!row) return null
    return options.editor ? docOf(row) : publicOf(row)
  }

  /** The listing shown on a listing page, by the page's slug. */
  async function findBySlug(domainId: string, slug: string, options: { editor?: boolean } = {}): Promise<Listing | null> {
    const [page] = await db
      .select({ id: pages.id })
      .from(pages)
      .where(
        and(
          eq(pages.domainId, domainId),
          eq(pages.collection, 'listings'),
          options.editor ? eq(pages.slug, slug) : eq(pages.publishedSlug, slug),
        ),
      )
      .limit(1)
    return page ? findById(domainId, page.id, options) : null
  }

  async function productServices(domainId: string, productId: string, options: { editor?: boolean } = {}): Promise<ServiceSummary[]> {
    const rows = await db
      .select()
      .from(listings)
      .where(
        and(
          eq(listings.domainId, domainId),
          eq(listings.parentId, productId),
          eq(listings.listingType, 'service'),
          options.editor ? undefined : eq(listings.published, true),
        ),
      )
      .orderBy(asc(listings.name), asc(listings.id))
    return rows.map((row) => {
      const l = options.editor ? docOf(row) : publicOf(row)!
      const image = l.image.value.url || l.image.value.imageId ? l.image.value : null
      return { _id: l._id, slug: l.slug, name: l.name.value, image }
    })
  }

  // ------------------------------------------------------------------ fetch (the public grid)

  async function friendlyNames(domainId: string): Promise<ListingTags> {
    const [row] = await db
      .select({ published: listingTags.publishedDoc })
      .from(listingTags)
      .where(eq(listingTags.domainId, domainId))
      .limit(1)
    return row?.published ?? {}
  }

  async function categoryById(domainId: string, id: string | null | undefined): Promise<ListingCategory | null> {
    if (!id || id === 'none') return null
    const [row] = await db
      .select()
      .from(listingCategories)
      .where(and(eq(listingCategories.id, id), eq(listingCategories.domainId, domainId)))
      .limit(1)
    return row ? { ...row.doc, _id: row.id, published: row.published } : null
  }

  /** The conditions of a category filter (spec 02 §3.2; BEHAVIOUR-NOTES "Listings"). */
  function categoryConditions(category: ListingCategory | null): SQL[] {
    if (!category) return []
    const conditions: SQL[] = []
    for (const group of category.filters) {
      const words = parseFilterGroup(group)
      if (words.length) conditions.push(sql`${listings.tags} && ${textArray(words)}`)
    }
    const excluded = parseFilterGroup(category.excludedTags)
    if (excluded.length) conditions.push(sql`not (${listings.tags} && ${textArray(excluded)})`)
    if (category.attributes.length) conditions.push(sql`${listings.tags} @> ${textArray(category.attributes)}`)
    if (category.hideServices) conditions.push(eq(listings.listingType, 'product'))
    return conditions
  }

  /**
   * The public grid's query: the published listings of the domain matching every filter, a page of
   * cards, the total, and the facets the filter panel offers (locations, category checkboxes,
   * whether date pickers apply).
   */
  async function fetch(domainId: string, q: FetchQuery): Promise<FetchResponse> {
    const memo = <T>(key: string, load: () => Promise<T>) =>
      deps.index ? deps.index.cached(`${domainId}:${generation}:${key}`, load) : load()
    const category = await memo(`category:${q.categoryFilterId ?? ''}`, () => categoryById(domainId, q.categoryFilterId))
    const base: SQL[] = [eq(listings.domainId, domainId), eq(listings.published, true), ...categoryConditions(category)]
    if (q.hideTours) base.push(sql`not (${listings.productCategory} = 'TOUR' and ${listings.listingType} = 'product')`)
    const checked = q.checkedCategories.map(tagKey).filter(Boolean)
    if (checked.length) base.push(sql`${listings.tags} && ${textArray(checked)}`)

    const narrow: SQL[] = [...base]
    const from = toIsoDate(q.filters?.from)
    const to = toIsoDate(q.filters?.to)
    if (from || to) narrow.push(sql`${listings.dates} && daterange(${from}::date, ${to}::date, '[]')`)
    if (q.location) narrow.push(eq(listings.location, q.location))
    const query = tsQueryOf(q.search ?? '')
    if (query) narrow.push(sql`${listings.search} @@ to_tsquery('english', ${query})`)
    const where = and(...narrow)

    const indexed = deps.index ? await deps.index.fetch(domainId, q, category, { from, to }) : null
    const [cards, total, facets] = indexed ? [indexed.cards, indexed.total, indexed.facets] : await sqlFetch()
    async function sqlFetch() {
      const [rows, [count], facets] = await Promise.all([
        db
          .select({ doc: listings.publicDoc })
          .from(listings)
          .where(where)
          .orderBy(sql`${listings.startDate} asc nulls last`, asc(listings.name), asc(listings.id))
          .limit(q.limit)
          .offset((q.currentPage - 1) * q.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(listings)
          .where(where),
        facetMemo.get(
          JSON.stringify([domainId, category?._id ?? null, category ? JSON.stringify(category) : '', q.hideTours, checked]),
          generation,
          async () => {
            const baseWhere = and(...base)
            const [locs, dated, cats] = await Promise.all([
              db
                .selectDistinct({ location: listings.location })
                .from(listings)
                .where(and(baseWhere, ne(listings.location, '')))
                .orderBy(asc(listings.location)),
              db
                .select({ one: sql<number>`1` })
                .from(listings)
                .where(and(baseWhere, sql`${listings.dates} is not null`))
                .limit(1),
              category
                ? Promise.resolve([])
                : db
                    .selectDistinct({ c: listings.productCategory })
                    .from(listings)
                    .where(and(eq(listings.domainId, domainId), eq(listings.published, true), ne(listings.productCategory, ''))),
            ])
            return { locations: locs.map((l) => l.location), hasDates: dated.length > 0, productCategories: cats.map((c) => c.c) }
          },
        ),
      ])
      return [rows.map((r) => toCard(r.doc!)), count?.n ?? 0, facets] as const
    }

    const names = await memo('names', () => friendlyNames(domainId))
    const keys = category
      ? [...new Set(category.filters.flatMap((g) => parseFilterGroup(g)))]
      : productCategoryIds.filter((c) => facets.productCategories.includes(c))
    const listingCategoriesOut: CategoryOption[] = keys.map((key) => ({ key, name: names[key] || key }))
    return {
      listings: cards,
      totalListings: total,
      listingCategories: listingCategoriesOut,
      hasDates: category ? category.hasDates : facets.hasDates,
      locations: facets.locations,
    }
  }

  /**
   * 'You might also like': active published listings sharing a tagged category, not the listing
   * itself nor its services, in varied order; other active listings when none share one.
   */
  async function fetchRelated(
    domainId: string,
    input: { categories: string[]; limit: number; _id: string },
  ): Promise<{ listings: ListingCard[] }> {
    const categories = input.categories.map(tagKey).filter(Boolean)
    const base = and(
      eq(listings.domainId, domainId),
      eq(listings.published, true),
      eq(listings.activeStatus, 'ACTIVE'),
      input._id ? ne(listings.id, input._id) : undefined,
      input._id ? sql`${listings.parentId} is distinct from ${input._id}` : undefined,
    )
    const pick = (where: SQL | undefined, limit: number) =>
      db
        .select({ doc: listings.publicDoc })
        .from(listings)
        .where(where)
        .orderBy(sql`random()`)
        .limit(limit)
    const matching = categories.length ? await pick(and(base, sql`${listings.tags} && ${textArray(categories)}`), input.limit) : []
    let rows = matching
    if (rows.length < input.limit) {
      const seen = rows.map((r) => r.doc!._id)
      const more = await pick(
        and(base, seen.length ? sql`not (${listings.id} = any(${textArray(seen)}))` : undefined),
        input.limit - rows.length,
      )
      rows = [...rows, ...more]
    }
    return { listings: rows.map((r) => toCard(r.doc!)) }
  }

  /**
   * Booking listing entries by booking code (spec 02 §3.1), for the booking widgets. Only the
   * published listings with an operator id (a partial index), only the fields an entry needs, in
   * pages of 100 with a turn of the event loop between them (issue 18: one read of every booking
   * listing's whole document held the loop ~0.1-0.3 s on PGlite after each sync).
   */
  async function bookEasyListings(domainId: string): Promise<BookEasyListings> {
    const out: BookEasyListings = { listings: {} }
    const PAGE = 100
    for (let after = ''; ;) {
      const rows = await db
        .select({
          id: listings.id,
          slug: sql<string>`${listings.publicDoc}->>'slug'`,
          image: sql<Listing['image']['value'] | null>`${listings.publicDoc}->'image'->'value'`,
          bookEasyCode: sql<string | null>`${listings.publicDoc}->>'bookEasyCode'`,
          operatorId: listings.publicBookEasyId,
        })
        .from(listings)
        .where(
          and(eq(listings.domainId, domainId), eq(listings.published, true), isNotNull(listings.publicBookEasyId), gt(listings.id, after)),
        )
        .orderBy(asc(listings.id))
        .limit(PAGE)
      for (const r of rows) {
        // The entry's code is the custom bookEasyCode first, else the provider's operator id.
        const code = r.bookEasyCode || r.operatorId || ''
        if (!code) continue
        const img: Partial<Listing['image']['value']> = r.image ?? {}
        const src = img.imageId ? `/img/${img.imageId}` : (img.url ?? '')
        const sized = (w: number, h: number) => (img.imageId ? `/img/${img.imageId}?w=${w}&h=${h}` : src)
        out.listings[code] = {
          bookEasyCode: code,
          slug: r.slug,
          url: `/${r.slug}?id=${encodeURIComponent(r.id)}`,
          bookEasyImage: src ? { thumbnail: sized(500, 500), full: src } : null,
        }
      }
      if (rows.length < PAGE) return out
      after = rows[rows.length - 1]!.id
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }

  // ------------------------------------------------------------------ editing a listing

  /**
   * Saves an editor's changes (spec 02 §2.3, §4). The provider data, the provider categories and
   * the sync bookkeeping stay the server's; custom categories are upper-cased; a field linked again
   * takes the current provider value; activeStatus may change only while unlinked and while the
   * listing's page is unpublished. An existing listing must be saved with the version it was
   * loaded at (400 without it, 409 when someone saved since) unless `force`.
   */
  async function save(domainId: string, input: unknown, actor: Actor & { force?: boolean } = {}): Promise<Listing> {
    if (!actorIsSignedIn(actor)) throw new AppError('forbidden', 'Please sign in to edit listings')
    const parsed = listingSaveSchema.safeParse(input)
    if (!parsed.success)
      throw invalidInput(
        'The listing has invalid fields',
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      )
    const sent = parsed.data
    const row = await rowById(sent._id)
    if (row && row.domainId !== domainId) throw notFound('Listing not found')
    if (!row) await requireDomain(db, domainId)
    if (row && !actor.force) {
      if (sent.version === undefined) throw versionRequired('listing')
      if (sent.version !== row.version) {
        throw conflict(
          `This listing was saved by someone else at ${row.updatedAt.toISOString()} after you opened it. Reload to see their changes, or save again to overwrite them.`,
          {
            currentVersion: row.version,
            updatedAt: row.updatedAt.toISOString(),
          },
        )
      }
    }
    if (row) await assertCanEditPage(actor, row.id)
    const existing = row ? docOf(row) : null
    const customCategories = [...new Set(sent.customCategories.value.map(tagKey).filter(Boolean))]
    const next: Listing = listingSchema.parse({
      ...(existing ?? {}),
      ...sent,
      _id: sent._id,
      isCustom: existing ? existing.isCustom : true,
      listingType: existing?.listingType ?? sent.listingType,
      parentId: existing?.parentId ?? sent.parentId,
      atdw: existing?.atdw,
      atdwCategories: existing?.atdwCategories ?? { value: [], path: '' },
      atdwParent: existing?.atdwParent ?? sent.atdwParent,
      // The booking provider's operator information is the server's (attached by its sync), like atdw.
      bookEasy: existing ? existing.bookEasy : sent.bookEasy,
      lastSynced: existing?.lastSynced ?? null,
      customCategories: { value: customCategories },
      taggedCategories: { value: taggedCategoriesOf(existing?.atdwCategories.value ?? [], customCategories) },
      // A new listing's slug follows the shared slug rules like every other (lib/slug.ts).
      slug: existing?.slug ?? (normaliseSlug(sent.slug ?? '') || listingSlug(sent.name.value)),
    })
    if (next.isCustom) {
      // Linking is offered only for listings from the provider.
      for (const key of wrappedFieldKeys) Object.assign(next[key], { path: '', provider: '' })
    } else if (existing?.atdw) {
      const values = providerValues(existing.atdw, existing.listingType)
      for (const key of wrappedFieldKeys) {
        const before = existing[key] as { provider: string }
        const after = next[key] as { provider: string; path: string }
        if (isLinked(after) && !isLinked(before)) relink(next, key, values)
        else if (isLinked(after))
          (next as Record<WrappedFieldKey, { value: unknown }>)[key].value = (existing[key] as { value: unknown }).value
      }
    }
    if (existing && next.activeStatus.value !== existing.activeStatus.value) {
      if (isLinked(existing.activeStatus) && isLinked(next.activeStatus)) {
        // A linked status follows the provider; what was sent is ignored.
        next.activeStatus.value = existing.activeStatus.value
      } else if (isLinked(existing.activeStatus) || (await pagePublished(existing._id))) {
        throw conflict('Active status can only be changed while the listing is unlinked from ATDW and its page is unpublished', {
          path: 'activeStatus',
        })
      }
    }
    const saved = await write(domainId, next, { expectedVersion: row && !actor.force ? row.version : undefined })
    if (!existing) await ensurePage(domainId, next, actor)
    generation++
    return docOf(saved)
  }

  /** The listing's page carries its roles: an editor its editor roles leave out may not change the listing. */
  async function assertCanEditPage(actor: Actor, id: string) {
    const [page] = await db.select({ draft: pages.draft }).from(pages).where(eq(pages.id, id)).limit(1)
    if (page && !actorCanEdit(actor, page.draft)) throw new AppError('forbidden', 'You are not allowed to edit this listing')
  }

  /** Publishes a listing record and its page (publishing the page publishes the record too). */
  async function publishListing(domainId: string, id: string, actor: Actor = {}): Promise<Listing> {
    const row = await rowById(id, domainId)
    if (!row) throw notFound('Listing not found')
    return setPublished(domainId, docOf(row), true, actor, { publicationOnly: true })
  }

  async function unpublishListing(domainId: string, id: string, actor: Actor = {}): Promise<Listing> {
    const row = await rowById(id, domainId)
    if (!row) throw notFound('Listing not found')
    return setPublished(domainId, docOf(row), false, actor, { publicationOnly: true })
  }

  /** Called when a page of the 'listings' collection is published or unpublished. */
  async function onPagePublication(domainId: string, id: string, published: boolean) {
    const row = await rowById(id, domainId)
    if (!row) return
    await write(domainId, docOf(row), { publish: published, publicationOnly: true })
    changed(domainId)
  }

  // ------------------------------------------------------------------ tags

  async function loadTags(domainId: string, which: 'draft' | 'published'): Promise<ListingTags> {
    const [row] = await db.select().from(listingTags).where(eq(listingTags.domainId, domainId)).limit(1)
    if (!row) return {}
    return which === 'draft' ? row.draft : (row.publishedDoc ?? {})
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
    changed(domainId)
    return doc
  }

  /** Every tag the domain's listings carry (provider categories, classifications, custom ones). */
  async function fetchCategories(domainId: string): Promise<string[]> {
    const rows = await db.execute<{ tag: string }>(
      sql`select distinct jsonb_array_elements_text(${listings.doc}->'taggedCategories'->'value') as tag from ${listings} where ${listings.domainId} = ${domainId} order by tag`,
    )
    return (rows as unknown as { rows: { tag: string }[] }).rows.map((r) => r.tag)
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
    generation++
    if (published || existing?.published) changed(domainId)
    return doc
  }

  async function publishCategory(domainId: string, input: ListingCategoryInput, actor?: Actor): Promise<ListingCategory> {
    return saveCategory(domainId, input, { publish: true, actor })
  }

  async function unpublishCategory(domainId: string, id: string, actor?: Actor): Promise<ListingCategory> {
    const [existing] = await db
      .select()
      .from(listingCategories)
      .where(and(eq(listingCategories.id, id), eq(listingCategories.domainId, domainId)))
      .limit(1)
    if (!existing) throw notFound('Category not found')
    if (!existing.published) throw new AppError('conflict', listingTexts.toasts.categoryNotPublished)
    const doc = { ...existing.doc, published: false }
    await db.transaction(async (tx) => {
      await tx.update(listingCategories).set({ doc, published: false, updatedAt: new Date() }).where(eq(listingCategories.id, id))
      await recordActivity(tx, actor, { kind: 'category', action: 'unpublish', domainId, subjectId: id, subject: existing.doc.name })
    })
    changed(domainId)
    return { ...doc, _id: id }
  }

  async function deleteCategory(domainId: string, id: string, actor?: Actor): Promise<{ deleted: true }> {
    const [existing] = await db
      .select()
      .from(listingCategories)
      .where(and(eq(listingCategories.id, id), eq(listingCategories.domainId, domainId)))
      .limit(1)
    if (!existing) throw notFound('Category not found')
    if (existing.published) throw new AppError('conflict', listingTexts.toasts.categoryMustUnpublish)
    await db.transaction(async (tx) => {
      await tx.delete(listingCategories).where(eq(listingCategories.id, id))
      await recordActivity(tx, actor, { kind: 'category', action: 'delete', domainId, subjectId: id, subject: existing.doc.name })
    })
    generation++
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

  // ------------------------------------------------------------------ for the sync

  /**
   * The domain's provider listings by id, read in pages of 100 with a turn of the event loop
   * between them (issue 18: the ~2,500 documents in one read held the loop ~0.5 s on PGlite).
   */
  async function existingIds(domainId: string, options: { limit?: number } = {}): Promise<Map<string, Listing>> {
    const out = new Map<string, Listing>()
    const PAGE = Math.min(100, options.limit ?? 100)
    for (let after = ''; ;) {
      const rows = await db
        .select()
        .from(listings)
        .where(and(eq(listings.domainId, domainId), eq(listings.isCustom, false), gt(listings.id, after)))
        .orderBy(asc(listings.id))
        .limit(PAGE)
      for (const r of rows) out.set(r.id, docOf(r))
      if (rows.length < PAGE || out.size >= (options.limit ?? Infinity)) return out
      after = rows[rows.length - 1]!.id
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }

  async function listAll(domainId: string, options: { ids?: string[] } = {}): Promise<Listing[]> {
    const rows = await db
      .select()
      .from(listings)
      .where(and(eq(listings.domainId, domainId), options.ids ? inArray(listings.id, options.ids) : undefined))
      .orderBy(desc(listings.updatedAt))
    return rows.map(docOf)
  }

  return {
    // reading
    findById,
    findBySlug,
    productServices,
    fetch,
    fetchRelated,
    bookEasyListings,
    // editing
    save,
    publishListing,
    unpublishListing,
    onPagePublication,
    // tags and categories
    loadTags,
    saveTags,
    publishTags,
    fetchCategories,
    loadCategories,
    categoryById,
    saveCategory,
    publishCategory,
    unpublishCategory,
    deleteCategory,
    getWarningInfo,
    // for the sync
    write,
    ensurePage,
    setPublished,
    freeSlugs,
    pageIds,
    createMany,
    existingIds,
    listAll,
    changed,
  }
}

export type ListingService = ReturnType<typeof createListingService>

/**
 * Publishing a listing page also publishes the listing record, and unpublishing it takes the
 * record off the public grid (spec 02 §4): the page service's publish and unpublish are wrapped
 * for the 'listings' collection.
 */
export function linkListingPages(pages: PageService, listingService: ListingService): PageService {
  const { publish, unpublish } = pages
  pages.publish = async (domainId, collection, id, options) => {
    const page = await publish(domainId, collection, id, options)
    if (collection === 'listings') await listingService.onPagePublication(domainId, id, true)
    return page
  }
  pages.unpublish = async (domainId, collection, id, options) => {
    const page = await unpublish(domainId, collection, id, options)
    if (collection === 'listings') await listingService.onPagePublication(domainId, id, false)
    return page
  }
  return pages
}
