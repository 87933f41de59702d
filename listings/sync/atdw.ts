/**
 * The provider sync (spec 02 §4; BEHAVIOUR-NOTES "Listings"). No HTTP here: the schedule, the CLI,
 * the demo's first start and `listing/syncListing` call it.
 *
 * 1. Read the whole feed (every category of the configured state and area).
 * 2. Fetch the details of new and changed products (and a TOUR's services) from the provider.
 *    A failure here stops the sync before anything is written.
 * 3. Apply it: linked fields take provider values, unlinked ones keep the editor's; a listing is
 *    published with its page while its status is ACTIVE and taken off the public site otherwise;
 *    products gone from the feed (and their services) become INACTIVE and leave the public site;
 *    new products get a listing page. All of it is ONE transaction: a failure anywhere (the
 *    provider in step 2, the database in step 3) leaves the previous listings exactly as they were.
 *    One exception: the FIRST import of a domain on the embedded PGlite, which has one connection,
 *    so an open transaction makes every visitor's query wait (a first import of 2,000 products
 *    takes a minute or more). There is no previous data to keep then, so it is applied in
 *    transactions of `applyChunkSize` products (a product with its services and page in one),
 *    letting requests through in between; a failed first import is completed by the next run.
 *    Daily syncs apply only the products that changed, so their one transaction is short.
 *
 * Every run holds a Postgres advisory lock, so two never overlap (the daily job, the CLI, the editor's
 * sync); the daily run is a job (listings/sync/jobs.ts), so one instance of many runs it.
 */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { isLinked, productCategoryIds, type AtdwData, type Listing, type ListingTranslation } from '#lib/listings'
import { isLocaleCode, LOCALES, type LocaleCode } from '#lib/locales'
import type { Config } from '../../server/config.ts'
import type { Database, Db } from '../../server/db/client.ts'
import { driverClient, rowsOf, type Tx } from '../../server/db/query.ts'
import { domains, listings, listingSyncRuns } from '../../server/db/schema.ts'
import { createAtlasClient, type AtlasClient, type AtlasListItem } from '../../server/integrations/atdw/client.ts'
import {
  productToAtdwData,
  productTranslationOf,
  serviceToAtdwData,
  serviceTranslationOf,
} from '../../server/integrations/atdw/normalise.ts'
import { AtlasError } from '../../server/integrations/atdw/client.ts'
import { AppError } from '../../server/services/errors.ts'
import { ContentEventBus } from '../../server/services/events.ts'
import { applyProvider } from '../mapping.ts'
import { createListingService, type ListingService } from '../service.ts'
import { createPageService } from '../../server/services/pages.ts'
import { SYSTEM } from '../../server/services/access.ts'
import { createSearchService } from '../../server/services/search.ts'

/** Key of the advisory lock that keeps two syncs (two instances, or the CLI and a server) apart. */
export const SYNC_LOCK_KEY = 4_872_310_917

export interface SyncProgress {
  phase: 'feed' | 'details' | 'apply' | 'done'
  done: number
  total: number
}

export interface SyncReport {
  domainId: string
  /** 'full': the whole feed, products missing from it deactivated; 'delta': the provider's changes since `since`. */
  mode: SyncMode
  since?: string
  /** Products in the provider's feed. */
  feed: number
  /** Product details fetched (new or changed since the last sync). */
  fetched: number
  created: number
  updated: number
  unchanged: number
  services: number
  deactivated: number
  published: number
  unpublished: number
  durationMs: number
}

export type SyncMode = 'full' | 'delta'

export interface SyncOptions {
  trigger?: 'schedule' | 'cli' | 'start' | 'editor' | 'test'
  /**
   * 'full' (the default): the whole feed. 'delta': the products changed since the last successful
   * run (Atlas `delta=`, with their INACTIVE and EXPIRED ones). 'auto' (the schedule): delta, and
   * full when the last full run is `fullSyncDays` old. Without a successful run, always full.
   */
  mode?: SyncMode | 'auto'
  /** Fetch every product's details, changed or not. */
  force?: boolean
  onProgress?: (progress: SyncProgress) => void
}

export interface ListingSyncDeps {
  database: Database
  /** The process's own bus: visitor caches are cleared after the sync commits. */
  events: ContentEventBus
  /** The process's listing service (its memoised facets are dropped after a sync). */
  listings: ListingService
  atdw: Config['atdw'] | undefined
  /** Tests may hand in a client (e.g. pointed at the fake); otherwise built from atdw. */
  client?: AtlasClient
  log?: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void }
  /**
   * Products applied per transaction on a domain's first import on PGlite (default 10, so a visitor's page waits at most a few hundred ms behind one; an open
   * transaction there blocks every other query of the process). Every other sync applies all of
   * its products in one transaction.
   */
  applyChunkSize?: number
}

/** A stored provider listing as the sync first reads it (knownListings): enough to tell what changed. */
interface Known {
  _id: string
  parentId: string | null
  listingType: string
  published: boolean
  productUpdateDate: string | null
  status: string | null
  activeStatus: Listing['activeStatus']
  /** The languages whose market variants its last sync asked for (atdwLanguages). */
  languages: string[] | null
}

/** A language the domain offers and the provider translates into: its code and market variant (mv=). */
export interface MarketVariant {
  locale: LocaleCode
  mv: string
}

/** Translations per language code, only the languages the provider translated something into. */
type Translations = Record<string, ListingTranslation>

interface Fetched {
  item: AtlasListItem
  product: AtdwData
  services: AtdwData[]
  /** The product's translations, and each service's by its id (decision 030). */
  translations: Translations
  serviceTranslations: Map<string, Translations>
  /** The languages asked for. */
  languages: string[]
}

/** Whether a stored listing's last sync asked for every one of these market variants. */
const asked = (known: Known | undefined, variants: MarketVariant[]) =>
  variants.every(({ locale }) => known?.languages?.includes(locale) ?? false) || (variants.length === 0 && !known?.languages?.length)

/** Runs fn holding the advisory lock; answers { ran: false } when another holder has it. */
export async function withAdvisoryLock<T>(
  database: Database,
  key: number,
  fn: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (database.kind === 'postgres') {
    // A session lock belongs to one connection: hold one for the whole run.
    const driver = driverClient(database)
    if (driver.kind !== 'postgres') throw new Error('a PostgreSQL database without its pool')
    const client = await driver.pool.connect()
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key])
      if (!rows[0]?.locked) return { ran: false }
      try {
        return { ran: true, result: await fn() }
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {})
      }
    } finally {
      client.release()
    }
  }
  // PGlite: one process, one session.
  const [row] = await rowsOf<{ locked: boolean }>(database.db, sql`select pg_try_advisory_lock(${key}) as locked`)
  if (!row?.locked) return { ran: false }
  try {
    return { ran: true, result: await fn() }
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(${key})`).catch(() => {})
  }
}

/** A run's report before it has done anything. */
const emptyReport = (domainId: string, mode: SyncMode, feed: number): SyncReport => ({
  domainId,
  mode,
  feed,
  fetched: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  services: 0,
  deactivated: 0,
  published: 0,
  unpublished: 0,
  durationMs: 0,
})

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>, onEach?: () => void): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  let failed: unknown = null
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++
      try {
        results[i] = await fn(items[i]!)
        onEach?.()
      } catch (err) {
        failed ??= err
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failed) throw failed
  return results
}

export function createListingSyncService(deps: ListingSyncDeps) {
  const { database } = deps
  const client =
    deps.client ?? (deps.atdw?.apiUrl ? createAtlasClient({ baseUrl: deps.atdw.apiUrl, apiKey: deps.atdw.apiKey || 'local' }) : null)
  let running = false
  const requireClient = () => {
    if (!client) throw new AppError('unavailable', 'The tourism provider is not configured (set ATDW_API_URL and ATDW_API_KEY)')
    return client
  }

  /**
   * A product's details, its services' (a TOUR's services become child listings), and their
   * translations: one request per market variant the domain offers (the API takes one language per
   * request). A variant the provider does not have (404) is no translation.
   */
  async function fetchDetails(atlas: AtlasClient, item: AtlasListItem, variants: MarketVariant[]): Promise<Fetched> {
    const raw = await atlas.getProduct(item.productId)
    const product = productToAtdwData(raw)
    const rawServices: Record<string, unknown>[] = []
    if (product.productCategoryId === 'TOUR') {
      for (const s of product.services) rawServices.push(await atlas.getProductService(product.productId, s.serviceId))
    }
    const services = rawServices.map((s) => serviceToAtdwData(product, s))
    const translations: Translations = {}
    const serviceTranslations = new Map<string, Translations>()
    const orMissing = async <T>(call: Promise<T>): Promise<T | null> =>
      call.catch((err: unknown) => {
        if (err instanceof AtlasError && err.status === 404) return null
        throw err
      })
    for (const { locale, mv } of variants) {
      const variant = await orMissing(atlas.getProduct(product.productId, { mv }))
      // The English profile may carry the description's translations as comments (PRODTRANS).
      const translation = productTranslationOf({ productComments: raw.productComments, ...(variant ?? {}) }, product, mv)
      if (translation) translations[locale] = translation
      for (const [i, service] of services.entries()) {
        const serviceVariant = await orMissing(atlas.getProductService(product.productId, service.serviceId!, { mv }))
        const english = {
          parentName: product.name,
          serviceName: String(rawServices[i]!.serviceName ?? ''),
          description: service.description,
        }
        const serviceTranslation = serviceTranslationOf(serviceVariant ?? {}, english, translation)
        if (serviceTranslation) {
          const forService = serviceTranslations.get(service.serviceId!) ?? {}
          forService[locale] = serviceTranslation
          serviceTranslations.set(service.serviceId!, forService)
        }
      }
    }
    return { item, product, services, translations, serviceTranslations, languages: variants.map((v) => v.locale) }
  }

  /** The languages the domain offers that the provider translates into (English is its plain profile). */
  async function marketVariantsOf(domainId: string): Promise<MarketVariant[]> {
    const [row] = await database.db
      .select({ defaultLanguage: domains.defaultLanguage, languages: domains.languages })
      .from(domains)
      .where(eq(domains.id, domainId))
      .limit(1)
    const offered = row ? [row.defaultLanguage, ...row.languages] : []
    return [...new Set(offered)].filter(isLocaleCode).flatMap((locale) => {
      const mv = LOCALES[locale].atdwMarketVariant
      return mv ? [{ locale, mv }] : []
    })
  }

  /** One turn of the event loop: timers, I/O and other requests run before the sync goes on. */
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

  /** Services bound to one transaction; their events go nowhere until the transaction commits. */
  /**
   * What the sync needs to know of every stored provider listing to decide what changed (the
   * provider's update date and status, the publication, the product a service belongs to): a few
   * fields read a page at a time, never the whole documents of every listing (a later in-server
   * sync of the demo held ~60 MB more with them, issue 16 point 8). The documents of the listings
   * a run changes are read when it applies them (fullDocs).
   */
  async function knownListings(db: Db, domainId: string, filter?: (k: Known) => boolean): Promise<Map<string, Known>> {
    const out = new Map<string, Known>()
    const PAGE = 1000
    for (let after = ''; ;) {
      const rows = await db
        .select({
          _id: listings.id,
          parentId: listings.parentId,
          listingType: listings.listingType,
          published: listings.published,
          productUpdateDate: sql<string | null>`${listings.doc}->'atdw'->>'productUpdateDate'`,
          status: sql<string | null>`${listings.doc}->'atdw'->>'status'`,
          activeStatus: sql<Listing['activeStatus']>`${listings.doc}->'activeStatus'`,
          languages: sql<string[] | string | null>`${listings.doc}->'atdwLanguages'`,
        })
        .from(listings)
        .where(and(eq(listings.domainId, domainId), eq(listings.isCustom, false), gt(listings.id, after)))
        .orderBy(asc(listings.id))
        .limit(PAGE)
      for (const row of rows) {
        // node-postgres parses jsonb; PGlite may hand back its text form.
        const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)
        const known: Known = {
          ...row,
          activeStatus: parsed(row.activeStatus),
          languages: row.languages === null ? null : parsed(row.languages),
        }
        if (!filter || filter(known)) out.set(row._id, known)
      }
      if (rows.length < PAGE) return out
      after = rows[rows.length - 1]!._id
      await turn()
    }
  }

  /** The stored documents of these listings (those a run changes), read in slices. */
  async function fullDocs(db: Db, ids: string[]): Promise<Map<string, Listing>> {
    const out = new Map<string, Listing>()
    for (let i = 0; i < ids.length; i += 200) {
      const rows = await db
        .select({ id: listings.id, doc: listings.doc, published: listings.published })
        .from(listings)
        .where(inArray(listings.id, ids.slice(i, i + 200)))
      for (const row of rows) out.set(row.id, { ...row.doc, _id: row.id, published: row.published })
    }
    return out
  }

  function inTransaction(tx: Tx) {
    const quiet = new ContentEventBus()
    const pages = createPageService(tx, quiet, createSearchService(tx))
    return createListingService(tx, { pages, events: quiet })
  }

  async function apply(
    tx: Tx,
    domainId: string,
    fetched: Fetched[],
    feedIds: Set<string>,
    existing: Map<string, Known>,
    report: SyncReport,
    options: { deactivateMissing: boolean; gone?: Set<string>; onApplied?: () => void; yieldBetween?: boolean },
  ) {
    const listings = inTransaction(tx)
    const now = new Date().toISOString()
    const publishAs = async (next: Listing, wasPublished: boolean): Promise<Listing> => {
      // PGlite runs queries on this thread without giving the event loop a turn: a chunk of the
      // first import would hold it for half a second. A turn before each listing keeps every hold
      // to one listing's writes (issue 18), and requests that need no database are answered.
      if (options.yieldBetween) await turn()
      const publish = next.activeStatus.value === 'ACTIVE'
      const saved = await listings.setPublished(domainId, next, publish, SYSTEM)
      if (publish && !wasPublished) report.published++
      if (!publish && wasPublished) report.unpublished++
      return saved
    }
    // Products new to the site (a first import: all of them) are stored together, a statement per
    // table for the whole chunk; the rest one by one, as their stored listings must be merged.
    const isNew = ({ product, services }: Fetched) => !existing.has(product.productId) && services.every((s) => !existing.has(s.serviceId!))
    const fresh = fetched.filter(isNew)
    const freshIds = fresh.flatMap(({ product, services }) => [product.productId, ...services.map((s) => s.serviceId!)])
    const withPages = await listings.pageIds(freshIds)
    const bulk = fresh.filter(
      ({ product, services }) => !withPages.has(product.productId) && !services.some((s) => withPages.has(s.serviceId!)),
    )
    // Slices of 100 products: a statement's parameters stay far below PostgreSQL's 65,535.
    for (let from = 0; from < bulk.length; from += 100) {
      const slice = bulk.slice(from, from + 100)
      const products = slice.map(({ product, translations, languages }) =>
        applyProvider(
          null,
          { _id: product.productId, domainId, listingType: 'product', parentId: null, atdw: product, translations, languages },
          now,
        ),
      )
      const reserved = new Set<string>()
      const productSlugs = await listings.freeSlugs(domainId, products, reserved)
      for (const p of products) p.slug = productSlugs.get(p._id)!
      const children = slice.flatMap(({ product, services, serviceTranslations, languages }, i) =>
        services.map((service) => {
          const child = applyProvider(
            null,
            {
              _id: service.serviceId!,
              domainId,
              listingType: 'service',
              parentId: product.productId,
              atdw: service,
              atdwParent: { name: product.name, slug: products[i]!.slug },
              translations: serviceTranslations.get(service.serviceId!) ?? {},
              languages,
            },
            now,
          )
          // A service is public only while its product is.
          if (products[i]!.activeStatus.value !== 'ACTIVE' && child.activeStatus.provider) child.activeStatus.value = 'INACTIVE'
          return child
        }),
      )
      const childSlugs = await listings.freeSlugs(domainId, children, reserved)
      for (const c of children) c.slug = childSlugs.get(c._id)!
      const items = [...products, ...children].map((listing) => ({ listing, publish: listing.activeStatus.value === 'ACTIVE' }))
      await listings.createMany(domainId, items, SYSTEM)
      report.created += products.length
      report.services += children.length
      report.published += items.filter((i) => i.publish).length
      for (let i = 0; i < slice.length; i++) options.onApplied?.()
    }
    const bulkIds = new Set(bulk.map(({ product }) => product.productId))
    // The stored documents of the listings merged one by one: these products, their services.
    const merged = fetched.filter(({ product }) => !bulkIds.has(product.productId))
    const mergedIds = new Set(merged.flatMap(({ product, services }) => [product.productId, ...services.map((s) => s.serviceId!)]))
    const docs = await fullDocs(
      tx,
      [...mergedIds].filter((id) => existing.has(id)),
    )
    for (const { product, services, translations, serviceTranslations, languages } of merged) {
      const before = docs.get(product.productId) ?? null
      const next = applyProvider(
        before,
        { _id: product.productId, domainId, listingType: 'product', parentId: null, atdw: product, translations, languages },
        now,
      )
      const parentSlug = (await publishAs(next, before?.published ?? false)).slug
      if (before) report.updated++
      else report.created++
      const serviceIds = new Set<string>()
      for (const service of services) {
        const id = service.serviceId!
        serviceIds.add(id)
        const old = docs.get(id) ?? null
        const child = applyProvider(
          old,
          {
            _id: id,
            domainId,
            listingType: 'service',
            parentId: product.productId,
            atdw: service,
            atdwParent: { name: product.name, slug: parentSlug },
            translations: serviceTranslations.get(id) ?? {},
            languages,
          },
          now,
        )
        // A service is public only while its product is.
        if (next.activeStatus.value !== 'ACTIVE' && child.activeStatus.provider) child.activeStatus.value = 'INACTIVE'
        await publishAs(child, old?.published ?? false)
        report.services++
      }
      // Services the product no longer has.
      for (const old of existing.values()) {
        if (old.parentId === product.productId && !serviceIds.has(old._id)) await deactivate(listings, domainId, old, report)
      }
      options.onApplied?.()
    }
    // A full feed's missing products, or the products a delta says are no longer active.
    if (options.deactivateMissing || options.gone?.size) {
      for (const old of existing.values()) {
        const productId = old.listingType === 'service' ? old.parentId : old._id
        if (!productId) continue
        if ((options.deactivateMissing && !feedIds.has(productId)) || options.gone?.has(productId))
          await deactivate(listings, domainId, old, report)
      }
    }
  }

  /** A listing whose product left the feed: INACTIVE, and off the public site with its page. */
  async function deactivate(listings: ListingService, domainId: string, known: Known, report: SyncReport) {
    if (known.activeStatus.value === 'INACTIVE' && !known.published) return
    const old = await listings.findById(domainId, known._id, { editor: true })
    if (!old) return
    const next: Listing = { ...old, activeStatus: { ...old.activeStatus, value: 'INACTIVE' } }
    await listings.setPublished(domainId, next, false, SYSTEM)
    report.deactivated++
    if (old.published) report.unpublished++
  }

  async function record<T>(
    domainId: string,
    trigger: string,
    mode: SyncMode,
    run: () => Promise<T & { counts?: Record<string, number> }>,
  ): Promise<T> {
    const [row] = await database.db
      .insert(listingSyncRuns)
      .values({ domainId, trigger, mode, status: 'running' })
      .returning({ id: listingSyncRuns.id })
    try {
      const result = await run()
      await database.db
        .update(listingSyncRuns)
        .set({ status: 'ok', counts: result.counts ?? null, finishedAt: new Date() })
        .where(eq(listingSyncRuns.id, row!.id))
      return result
    } catch (err) {
      await database.db
        .update(listingSyncRuns)
        .set({ status: 'failed', error: (err as Error).message.slice(0, 2000), finishedAt: new Date() })
        .where(eq(listingSyncRuns.id, row!.id))
        .catch(() => {})
      throw err
    }
  }

  /** Which run this is: the whole feed, or the provider's changes since the last successful run. */
  async function planRun(domainId: string, wanted: SyncOptions['mode']): Promise<{ mode: 'full' } | { mode: 'delta'; since: string }> {
    if (!wanted || wanted === 'full') return { mode: 'full' }
    const lastOk = (mode?: SyncMode) =>
      database.db
        .select({ startedAt: listingSyncRuns.startedAt })
        .from(listingSyncRuns)
        .where(
          and(eq(listingSyncRuns.domainId, domainId), eq(listingSyncRuns.status, 'ok'), mode ? eq(listingSyncRuns.mode, mode) : undefined),
        )
        .orderBy(desc(listingSyncRuns.id))
        .limit(1)
    const [last] = await lastOk()
    if (!last) return { mode: 'full' }
    if (wanted === 'auto') {
      const days = deps.atdw?.fullSyncDays ?? 7
      const [lastFull] = await lastOk('full')
      if (!lastFull || Date.now() - lastFull.startedAt.getTime() >= days * 86_400_000) return { mode: 'full' }
    }
    // The provider compares dates, not times: a day's margin, and a product seen unchanged is not fetched again.
    return { mode: 'delta', since: new Date(last.startedAt.getTime() - 86_400_000).toISOString().slice(0, 10) }
  }

  /** Syncs every product of the configured state and area into the domain's listings. */
  async function syncAll(domainId: string, options: SyncOptions = {}): Promise<SyncReport> {
    const atlas = requireClient()
    // The advisory lock keeps processes apart; within one process (one PGlite session, where the
    // lock is re-entrant) this flag does.
    if (running) throw new AppError('conflict', 'A listing sync is already running')
    running = true
    try {
      return await syncAllLocked(atlas, domainId, options)
    } finally {
      running = false
    }
  }

  async function syncAllLocked(atlas: AtlasClient, domainId: string, options: SyncOptions): Promise<SyncReport> {
    const locked = await withAdvisoryLock(database, SYNC_LOCK_KEY, async () => {
      const plan = await planRun(domainId, options.mode)
      return record(domainId, options.trigger ?? 'editor', plan.mode, async () => {
        const started = Date.now()
        const progress = options.onProgress ?? (() => {})
        progress({ phase: 'feed', done: 0, total: 1 })
        // Pages of 250: parsing a page of 1,000 products held the event loop for 100-300 ms.
        const listed = await atlas.listAllProducts({
          cats: productCategoryIds,
          st: deps.atdw?.state,
          ar: deps.atdw?.area,
          size: 250,
          ...(plan.mode === 'delta' ? { delta: plan.since, status: ['ACTIVE', 'INACTIVE', 'EXPIRED'] } : {}),
        })
        // A delta also lists the products that stopped being active: they are taken off, not fetched.
        const feed = listed.filter((p) => plan.mode === 'full' || p.status === 'ACTIVE')
        const gone = new Set(plan.mode === 'delta' ? listed.filter((p) => p.status !== 'ACTIVE').map((p) => p.productId) : [])
        const feedIds = new Set(feed.map((p) => p.productId))
        const existing = await knownListings(database.db, domainId)
        const variants = await marketVariantsOf(domainId)
        const report: SyncReport = {
          ...emptyReport(domainId, plan.mode, feed.length),
          ...(plan.mode === 'delta' ? { since: plan.since } : {}),
        }
        const changed = feed.filter((item) => {
          const before = existing.get(item.productId)
          // Unchanged at the provider, and not a product coming back after it had left the feed.
          // A language the domain offers now whose market variant was never asked for counts as a change.
          const same =
            asked(before, variants) &&
            before?.productUpdateDate != null &&
            before.productUpdateDate === item.productUpdateDate &&
            before.status === item.status &&
            !(isLinked(before.activeStatus) && before.activeStatus.value !== item.status)
          if (same && !options.force) report.unchanged++
          return options.force || !same
        })
        let done = 0
        progress({ phase: 'details', done, total: changed.length })
        const fetched = await mapLimit(
          changed,
          6,
          (item) => fetchDetails(atlas, item, variants),
          () => progress({ phase: 'details', done: ++done, total: changed.length }),
        )
        report.fetched = fetched.length
        let applied = 0
        progress({ phase: 'apply', done: 0, total: fetched.length })
        const firstImport = existing.size === 0
        const chunkSize = database.kind === 'pglite' && firstImport ? Math.max(1, deps.applyChunkSize ?? 10) : Number.POSITIVE_INFINITY
        const chunks: Fetched[][] = []
        for (let i = 0; i < fetched.length; i += chunkSize) chunks.push(fetched.slice(i, i + chunkSize))
        if (!chunks.length) chunks.push([])
        try {
          for (const [i, chunk] of chunks.entries()) {
            await database.db.transaction(async (tx) => {
              // Products gone from the feed are taken off with the last chunk.
              await apply(tx, domainId, chunk, feedIds, existing, report, {
                deactivateMissing: plan.mode === 'full' && i === chunks.length - 1,
                gone: i === chunks.length - 1 ? gone : undefined,
                onApplied: () => progress({ phase: 'apply', done: ++applied, total: fetched.length }),
                yieldBetween: chunkSize !== Number.POSITIVE_INFINITY,
              })
            })
            // Let the requests that waited for this transaction through before the next one.
            if (i < chunks.length - 1) await turn()
          }
        } finally {
          // Whatever was committed is visible now.
          deps.listings.changed(domainId)
        }
        report.durationMs = Date.now() - started
        progress({ phase: 'done', done: 1, total: 1 })
        deps.log?.info({ report }, 'listing sync finished')
        const { domainId: _domain, mode: _mode, since: _since, ...counts } = report
        return Object.assign(report, { counts })
      })
    })
    if (!locked.ran) throw new AppError('conflict', 'A listing sync is already running')
    const { counts: _counts, ...report } = locked.result as SyncReport & { counts?: unknown }
    return report
  }

  /** Syncs one listing (a product, with its services, or the product of a service) from the provider. */
  async function syncListing(domainId: string, listingId: string): Promise<Listing> {
    const atlas = requireClient()
    const listing = await deps.listings.findById(domainId, listingId, { editor: true })
    if (!listing) throw new AppError('not_found', 'Listing not found')
    if (listing.isCustom || !listing.atdw) throw new AppError('conflict', 'Custom listings are not synced with ATDW')
    const productId = listing.listingType === 'service' ? (listing.parentId ?? listing.atdw.productId) : listing._id
    const existing = await knownListings(database.db, domainId, (l) => l._id === productId || l.parentId === productId)
    const report = emptyReport(domainId, 'delta', 1)
    let fetched: Fetched | null = null
    try {
      fetched = await fetchDetails(atlas, { productId } as AtlasListItem, await marketVariantsOf(domainId))
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err
    }
    await database.db.transaction(async (tx) => {
      if (fetched) await apply(tx, domainId, [fetched], new Set([productId]), existing, report, { deactivateMissing: false })
      else {
        // Gone from the provider: inactive, off the public site.
        const listings = inTransaction(tx)
        for (const old of existing.values()) await deactivate(listings, domainId, old, report)
      }
    })
    deps.listings.changed(domainId)
    return (await deps.listings.findById(domainId, listingId, { editor: true }))!
  }

  /**
   * The first sync of a domain without provider listings (a fresh installation or demo): answers
   * its report, or null when the domain has listings already or no provider is configured.
   */
  async function syncIfEmpty(domainId: string, options: SyncOptions = {}): Promise<SyncReport | null> {
    if (!client) return null
    if ((await deps.listings.existingIds(domainId, { limit: 1 })).size > 0) return null
    return syncAll(domainId, { trigger: 'start', ...options })
  }

  /**
   * The domain the provider sync fills (a product belongs to one domain): ATDW_DOMAIN_ID when set;
   * else the domain that already holds provider listings; else the domain serving 'localhost'
   * (the default domain); null when there is no domain yet.
   */
  async function targetDomainId(domains: { forHost(host: string): Promise<{ _id: string } | null> }): Promise<string | null> {
    if (deps.atdw?.domainId) return deps.atdw.domainId
    const [row] = await database.db.select({ domainId: listings.domainId }).from(listings).where(eq(listings.isCustom, false)).limit(1)
    if (row) return row.domainId
    return (await domains.forHost('localhost'))?._id ?? null
  }

  /** The last sync runs, newest first. */
  async function lastRuns(limit = 10) {
    return database.db
      .select()
      .from(listingSyncRuns)
      .orderBy(sql`${listingSyncRuns.id} desc`)
      .limit(limit)
  }

  return { syncAll, syncIfEmpty, syncListing, lastRuns, targetDomainId, configured: client !== null }
}

export type ListingSyncService = ReturnType<typeof createListingSyncService>
