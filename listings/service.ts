/**
 * Tourism listings (spec 02 §3.1, §4; BEHAVIOUR-NOTES "Listings"): reading, saving and publishing a
 * listing with its page, and what the sync needs. No HTTP here: the listing router, the page
 * loaders, the sync and the PDF call these. The service also answers, through the same object,
 * the grid's query (fetch.ts, with its filters in filters.ts) and the categories and tags
 * (taxonomy.ts).
 *
 * A listing row keeps the editor's copy (`doc`) and the copy visitors see (`public_doc`); the
 * public copy's filtered fields are columns with indexes, so `fetch` never scans every listing.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm'
import {
  isLinked,
  localiseListing,
  listingSaveSchema,
  listingSchema,
  listingSlug,
  tagKey,
  wrappedFieldKeys,
  type BookEasyListings,
  type Listing,
  type ServiceSummary,
  type WrappedFieldKey,
} from '#lib/listings'
import { normaliseSlug } from '#lib/slug'
import { cjkSearchText } from '#lib/cjk'
import { DEFAULT_LOCALE, isLocaleCode, LOCALES } from '#lib/locales'
import type { Db } from '../server/db/client.ts'
import { listings, listingTranslations, pages } from '../server/db/schema.ts'
import { actorCanEdit, actorIsSignedIn, type Actor } from '../server/services/access.ts'
import { requireDomain } from '../server/services/domains.ts'
import { AppError, conflict, invalidInput, notFound } from '../server/services/errors.ts'
import type { ContentEventBus } from '../server/services/events.ts'
import { versionRequired, type PageService } from '../server/services/pages.ts'
import { createListingChanges } from './changes.ts'
import { createListingFetch } from './fetch.ts'
import { projectionOf, providerValues, relink, taggedCategoriesOf } from './mapping.ts'
import type { ListingIndex } from './memory-index.ts'
import { createTaxonomyService } from './taxonomy.ts'
import { recordActivity, type Writer } from '../server/services/team/activity.ts'

type ListingRow = typeof listings.$inferSelect

export interface ListingDeps {
  pages: PageService
  events: ContentEventBus
  /** The in-memory index `fetch` answers from when it is ready (memory-index.ts); else SQL. */
  index?: ListingIndex
}

export function createListingService(db: Db, deps: ListingDeps) {
  const changes = createListingChanges(deps.events)
  const changed = changes.changed
  const taxonomy = createTaxonomyService(db, changes)
  const grid = createListingFetch(db, { changes, taxonomy, index: deps.index })

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
        ? { published: true, publicDoc: { ...stored, published: true }, ...projectionOf(stored, now) }
        : options.publish === false
          ? { published: false, publicDoc: null }
          : {}
    return { base, publication }
  }

  /**
   * The rows of listing_translations for a public copy (decision 030): one per language the provider
   * translated a field into that visitors read translated (the field is linked), with its words in
   * that language's text-search configuration.
   */
  function translationRows(domainId: string, doc: Listing) {
    return Object.keys(doc.atdwTranslations ?? {}).flatMap((locale) => {
      if (!isLocaleCode(locale) || locale === DEFAULT_LOCALE) return []
      const read = localiseListing(doc, locale)
      if (read.name.value === doc.name.value && read.description.value === doc.description.value) return []
      const { textSearch, cjk } = LOCALES[locale]
      const words = (text: string) => (cjk ? cjkSearchText(text) : text)
      const vector = (text: string, weight: 'A' | 'B') =>
        sql`setweight(to_tsvector(${textSearch}::regconfig, ${words(text)}), ${sql.raw(`'${weight}'`)})`
      return [
        {
          listingId: doc._id,
          locale,
          domainId,
          name: read.name.value,
          description: read.description.value,
          search: sql`${vector(read.name.value, 'A')} || ${vector(read.description.value, 'B')}`,
        },
      ]
    })
  }

  /** Replaces a listing's translation rows: those of its public copy, none while it is unpublished. */
  async function writeTranslations(writer: Writer, domainId: string, ids: string[], published: Listing[]) {
    if (ids.length) await writer.delete(listingTranslations).where(inArray(listingTranslations.listingId, ids))
    const rows = published.flatMap((doc) => translationRows(domainId, doc))
    for (let i = 0; i < rows.length; i += 500) await writer.insert(listingTranslations).values(rows.slice(i, i + 500))
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
    options: {
      publish?: boolean
      synced?: boolean
      publicationOnly?: boolean
      expectedVersion?: number
      /** A person's change: its activity entry is written in the same transaction (issue 21). */
      log?: { actor: Actor; action: 'save' | 'publish' | 'unpublish' }
    } = {},
  ): Promise<ListingRow> {
    const now = new Date()
    const { base, publication } = rowValues(domainId, doc, now, options)
    const upsert = async (writer: Writer) => {
      const [row] = await writer
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
      if (options.publish !== undefined)
        await writeTranslations(writer, domainId, [doc._id], options.publish ? [{ ...doc, _id: doc._id }] : [])
      if (options.log)
        await recordActivity(writer, options.log.actor, {
          kind: 'listing',
          action: options.log.action,
          domainId,
          subjectId: doc._id,
          subject: doc.name.value,
        })
      return row
    }
    return options.log?.actor.user ? db.transaction((tx) => upsert(tx)) : upsert(db)
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
    const row = await write(domainId, doc, {
      publish,
      publicationOnly: options.publicationOnly && slug === listing.slug,
      log: { actor, action: publish ? 'publish' : 'unpublish' },
    })
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
            or(inArray(pages.slug, bases), inArray(sql`substring(${pages.slug} from '^(.*)-[0-9]+$')`, bases)),
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
    await writeTranslations(
      db,
      domainId,
      [],
      items.filter((i) => i.publish).map((i) => i.listing),
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

  /** The published listing whose booking operator id this is ('Book Now' leads to /booking?operatorId=), or null. */
  async function findByBookingOperator(domainId: string, operatorId: string): Promise<Listing | null> {
    const [row] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.domainId, domainId), eq(listings.published, true), eq(listings.publicBookEasyId, operatorId)))
      .orderBy(asc(listings.id))
      .limit(1)
    return row ? findById(domainId, row.id) : null
  }

  async function productServices(
    domainId: string,
    productId: string,
    options: { editor?: boolean; locale?: string } = {},
  ): Promise<ServiceSummary[]> {
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
      const stored = options.editor ? docOf(row) : publicOf(row)!
      const l = options.locale ? localiseListing(stored, options.locale) : stored
      const image = l.image.value.url || l.image.value.imageId ? l.image.value : null
      return { _id: l._id, slug: l.slug, name: l.name.value, image }
    })
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
    const saved = await write(domainId, next, {
      expectedVersion: row && !actor.force ? row.version : undefined,
      log: { actor, action: 'save' },
    })
    if (!existing) await ensurePage(domainId, next, actor)
    changes.bump()
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
    findByBookingOperator,
    productServices,
    fetch: grid.fetch,
    fetchRelated: grid.fetchRelated,
    bookEasyListings,
    // editing
    save,
    publishListing,
    unpublishListing,
    onPagePublication,
    // tags and categories (taxonomy.ts)
    loadTags: taxonomy.loadTags,
    saveTags: taxonomy.saveTags,
    publishTags: taxonomy.publishTags,
    fetchCategories: taxonomy.fetchCategories,
    loadCategories: taxonomy.loadCategories,
    categoryById: taxonomy.categoryById,
    saveCategory: taxonomy.saveCategory,
    publishCategory: taxonomy.publishCategory,
    unpublishCategory: taxonomy.unpublishCategory,
    deleteCategory: taxonomy.deleteCategory,
    getWarningInfo: taxonomy.getWarningInfo,
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
