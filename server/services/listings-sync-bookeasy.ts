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
import { and, eq, inArray, sql } from 'drizzle-orm'
import { bookEasyOperatorId, type BookEasyInfo, type BookEasyListings, type Listing } from '#lib/listings'
import type { BookEasyConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { listings } from '../db/schema.ts'
import { BookEasyUnavailableError } from '../integrations/bookeasy/cart.ts'
import { createBookEasyOperatorsClient, type BookEasyOperatorsClient } from '../integrations/bookeasy/operators.ts'
import { AppError, notFound } from './errors.ts'
import type { ListingService } from './listings.ts'

export interface BookEasySyncDeps {
  db: Db
  listings: ListingService
  bookeasy: Pick<BookEasyConfig, 'apiUrl' | 'vcId'> | undefined
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

const notConfigured = 'Online booking is not configured (set BOOKEASY_API_URL)'

export function createBookEasySyncService(deps: BookEasySyncDeps) {
  const { db } = deps
  const client =
    deps.client ??
    (deps.bookeasy?.apiUrl ? createBookEasyOperatorsClient({ apiUrl: deps.bookeasy.apiUrl, vcId: deps.bookeasy.vcId }) : null)
  let lastError: string | undefined

  /** Sets `bookEasy` on the editor's copy and, when there is one, on the public copy. */
  async function attach(tx: Db, id: string, info: BookEasyInfo) {
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

  /** Every listing of the domain with a booking operator id (editor copies). */
  async function bookingListings(domainId: string): Promise<Listing[]> {
    const rows = await db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.domainId, domainId),
          sql`(coalesce(${listings.doc}->>'bookEasyCode', '') <> '' or jsonb_path_exists(${listings.doc}, '$.atdw.externalSystems[*] ? (@.externalSystemCode == "BOOKEASY")'))`,
        ),
      )
    if (!rows.length) return []
    return deps.listings.listAll(domainId, { ids: rows.map((r) => r.id) })
  }

  /** Refreshes the operator information of every booking listing; a provider failure changes nothing. */
  async function refresh(domainId: string): Promise<BookEasyRefresh> {
    const withOperator = (await bookingListings(domainId))
      .map((l) => ({ listing: l, operatorId: bookEasyOperatorId(l) }))
      .filter((x) => x.operatorId)
    const result: BookEasyRefresh = { operators: withOperator.length, updated: 0, unknown: [] }
    if (!withOperator.length) return result
    if (!client) return { ...result, error: notConfigured }
    let found: Map<string, BookEasyInfo>
    try {
      found = await client.getOperatorsInformation(withOperator.map((x) => x.operatorId))
    } catch (err) {
      return { ...result, error: message(err) }
    }
    const changes = withOperator.flatMap(({ listing, operatorId }) => {
      const info = found.get(operatorId)
      if (!info) {
        result.unknown.push(operatorId)
        return []
      }
      return same(listing.bookEasy, info) ? [] : [{ id: listing._id, info }]
    })
    // Short transactions: PGlite serves nobody else while one is open. It also runs queries on this
    // thread without giving the event loop a turn: one before each update keeps requests that need
    // no database answered (issue 18: 481 updates held it ~0.9 s after the demo's first import).
    for (let i = 0; i < changes.length; i += 100) {
      await db.transaction(async (tx) => {
        for (const { id, info } of changes.slice(i, i + 100)) {
          await new Promise((resolve) => setImmediate(resolve))
          await attach(tx as unknown as Db, id, info)
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
