/**
 * Booking provider (BookEasy) operator information on listings (spec 02 §3.1, §7, §8;
 * BEHAVIOUR-NOTES "Listings"). A listing's booking operator id is its provider external system
 * BOOKEASY (externalSystemText) or, for custom listings, its bookEasyCode; the provider's
 * `getOperatorsInformation` tells the operator's details (OperatorID, PackageID, Operators,
 * SearchType, Facilities, Cancellation, TermsAndConditions), kept in the listing's `bookEasy`
 * field, in the editor's copy and, when published, in the copy visitors see.
 *
 * - `updateWithBookEasy` (listing/updateWithBookEasy, 'Sync with BookEasy'): one listing, errors
 *   reported to the editor.
 * - `loadBookEasyListings` (listing/loadBookEasyListings, and at server start): every booking
 *   listing of the domain refreshed, then the booking listing entries by code; a provider failure
 *   is swallowed into the answer's `error` (the entries are still answered from what is stored).
 */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import { bookEasyOperatorId, type BookEasyInfo, type BookEasyListings, type Listing } from '#lib/listings'
import type { BookEasyConfig } from '../../server/config.ts'
import type { Db } from '../../server/db/client.ts'
import type { Executor } from '../../server/db/query.ts'
import { listings } from '../../server/db/schema.ts'
import { BookEasyUnavailableError } from '../../server/integrations/bookeasy/cart.ts'
import { createBookEasyOperatorsClient, type BookEasyOperatorsClient } from '../../server/integrations/bookeasy/operators.ts'
import { AppError, notFound } from '../../server/services/errors.ts'
import type { ListingService } from '../service.ts'

export interface BookEasySyncDeps {
  db: Db
  listings: ListingService
  bookeasy: (Pick<BookEasyConfig, 'apiUrl' | 'vcId'> & Partial<Pick<BookEasyConfig, 'apiKey'>>) | undefined
  /** Tests may hand in a client; otherwise built from bookeasy.apiUrl. */
  client?: BookEasyOperatorsClient
}

export interface BookEasyRefresh {
  /** Listings with a booking operator id. */
  operators: number
  /** Listings whose operator information changed. */
  updated: number
  /** Operator ids the provider did not know. */
  unknown: string[]
  /** The provider failure, when there was one (nothing was changed then). */
  error?: string
}

/** Equal operator information (the database hands back JSON objects with their keys reordered). */
const same = (a: BookEasyInfo | undefined, b: BookEasyInfo) =>
  a !== undefined &&
  (Object.keys(b) as (keyof BookEasyInfo)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k])) &&
  Object.keys(a).length === Object.keys(b).length

/** Rows read per query by the refresh. */
const PAGE = 100
/** One turn of the event loop: PGlite runs on this thread, so requests wait while it works. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

const notConfigured = 'Online booking is not configured (set BOOKEASY_API_URL)'

export function createBookEasySyncService(deps: BookEasySyncDeps) {
  const { db } = deps
  const client =
    deps.client ??
    (deps.bookeasy?.apiUrl
      ? createBookEasyOperatorsClient({ apiUrl: deps.bookeasy.apiUrl, vcId: deps.bookeasy.vcId, apiKey: deps.bookeasy.apiKey })
      : null)
  let lastError: string | undefined

  /** Sets `bookEasy` on the editor's copy and, when there is one, on the public copy. */
  async function attach(tx: Executor, id: string, info: BookEasyInfo) {
    const value = sql`${JSON.stringify(info)}::jsonb`
    await tx
      .update(listings)
      .set({
        doc: sql`jsonb_set(${listings.doc}, '{bookEasy}', ${value})`,
        publicDoc: sql`case when ${listings.publicDoc} is null then null else jsonb_set(${listings.publicDoc}, '{bookEasy}', ${value}) end`,
        updatedAt: new Date(),
      })
      .where(eq(listings.id, id))
  }

  const message = (err: unknown) =>
    err instanceof BookEasyUnavailableError ? err.message : `The booking provider failed: ${(err as Error).message}`

  /** 'Sync with BookEasy' for one listing: its operator's information from the provider. */
  async function updateWithBookEasy(domainId: string, id: string): Promise<Listing> {
    const listing = await deps.listings.findById(domainId, id, { editor: true })
    if (!listing) throw notFound('Listing not found')
    const operatorId = bookEasyOperatorId(listing)
    if (!operatorId) throw new AppError('conflict', 'This listing has no BookEasy operator id', { path: 'bookEasyCode' })
    if (!client) throw new AppError('unavailable', notConfigured)
    let found: Map<string, BookEasyInfo>
    try {
      found = await client.getOperatorsInformation([operatorId])
    } catch (err) {
      throw new AppError('unavailable', message(err))
    }
    const info = found.get(operatorId)
    if (!info) throw notFound(`BookEasy has no operator ${operatorId}`)
    await attach(db, id, info)
    deps.listings.changed(domainId)
    return (await deps.listings.findById(domainId, id, { editor: true }))!
  }

  /**
   * Every listing of the domain with a booking operator id (editor copies): only the fields the
   * refresh compares, read through the partial index in pages of 100 with a turn of the event loop
   * between them (issue 18: reading the ~500 whole documents at once held it ~0.3 s on PGlite).
   */
  async function bookingListings(domainId: string): Promise<{ id: string; operatorId: string; bookEasy: BookEasyInfo | null }[]> {
    const out: { id: string; operatorId: string; bookEasy: BookEasyInfo | null }[] = []
    for (let after = ''; ;) {
      const rows = await db
        .select({ id: listings.id, operatorId: listings.bookEasyId, bookEasy: sql<BookEasyInfo | null>`${listings.doc}->'bookEasy'` })
        .from(listings)
        .where(and(eq(listings.domainId, domainId), isNotNull(listings.bookEasyId), gt(listings.id, after)))
        .orderBy(asc(listings.id))
        .limit(PAGE)
      for (const r of rows) out.push({ id: r.id, operatorId: r.operatorId!, bookEasy: r.bookEasy })
      if (rows.length < PAGE) return out
      after = rows[rows.length - 1]!.id
      await turn()
    }
  }

  /** Refreshes the operator information of every booking listing; a provider failure changes nothing. */
  async function refresh(domainId: string): Promise<BookEasyRefresh> {
    const withOperator = await bookingListings(domainId)
    const result: BookEasyRefresh = { operators: withOperator.length, updated: 0, unknown: [] }
    if (!withOperator.length) return result
    if (!client) return { ...result, error: notConfigured }
    let found: Map<string, BookEasyInfo>
    try {
      found = await client.getOperatorsInformation(withOperator.map((x) => x.operatorId))
    } catch (err) {
      return { ...result, error: message(err) }
    }
    const changes = withOperator.flatMap(({ id, operatorId, bookEasy }) => {
      const info = found.get(operatorId)
      if (!info) {
        result.unknown.push(operatorId)
        return []
      }
      return same(bookEasy ?? undefined, info) ? [] : [{ id, info }]
    })
    // Short transactions: PGlite serves nobody else while one is open. It also runs queries on this
    // thread without giving the event loop a turn: one before each update keeps requests that need
    // no database answered (issue 18: 481 updates held it ~0.9 s after the demo's first import).
    for (let i = 0; i < changes.length; i += 100) {
      await db.transaction(async (tx) => {
        for (const { id, info } of changes.slice(i, i + 100)) {
          await turn()
          await attach(tx, id, info)
        }
      })
    }
    result.updated = changes.length
    if (changes.length) deps.listings.changed(domainId)
    return result
  }

  /**
   * The booking listing entries by code (spec 02 §3.1). With `refresh` the operator information is
   * fetched from the provider first; its failure is swallowed into `error`, never thrown.
   */
  async function loadBookEasyListings(
    domainId: string,
    options: { refresh?: boolean } = {},
  ): Promise<BookEasyListings & { refreshed?: BookEasyRefresh }> {
    let refreshed: BookEasyRefresh | undefined
    if (options.refresh) {
      try {
        refreshed = await refresh(domainId)
        lastError = refreshed.error
      } catch (err) {
        lastError = message(err)
      }
    }
    const entries = await deps.listings.bookEasyListings(domainId)
    return { ...entries, ...(lastError ? { error: lastError } : {}), ...(refreshed ? { refreshed } : {}) }
  }

  /** Listings by id (for tests and the editor). */
  async function operatorInfo(domainId: string, ids: string[]) {
    const rows = await db
      .select({ id: listings.id, doc: listings.doc, publicDoc: listings.publicDoc })
      .from(listings)
      .where(and(eq(listings.domainId, domainId), inArray(listings.id, ids)))
    return rows.map((r) => ({ id: r.id, editor: r.doc.bookEasy ?? null, public: r.publicDoc?.bookEasy ?? null }))
  }

  return { updateWithBookEasy, loadBookEasyListings, refresh, operatorInfo, configured: client !== null }
}

export type BookEasySyncService = ReturnType<typeof createBookEasySyncService>
