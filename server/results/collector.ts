/**
 * The measurement collector (issue 37 points 1 and 2, docs/decisions/036). A beacon is checked and
 * held in memory — no database work in the visitor's request — and the events held are written
 * every few seconds (RESULTS_FLUSH_SECONDS) in one insert, and on close. Floods are bounded: a
 * per-address rate limit, a cap on what is held, bots dropped (isbot's list), and at the flush
 * only published pages and listings of the beacon's domain are kept. The visitor's address and
 * browser are held only until the flush, which keeps of them a hash with the day's salt.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray, lt } from 'drizzle-orm'
import { isbot } from 'isbot'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { z } from 'zod'
import type { DomainDoc } from '#lib/content'
import { domainLanguagesOf, splitLocalePath, type DomainLanguages } from '#lib/locales'
import { BEACON_KINDS, deviceClassOf, normaliseTerms, REFERRAL_KINDS, referrerDomain, type Beacon, type EventKind } from '#lib/results'
import { slugFromPath } from '#lib/slug'
import { SITE_TIME_ZONE } from '#lib/team'
import type { Db } from '../db/client.ts'
import { pages, resultEvents, resultSalts } from '../db/schema.ts'
import { listings } from '../../listings/schema.ts'

/** Addresses that are routes of their own, not pages of the pages table (app/routes.ts). */
const ROUTE_PAGES = new Set(['search', 'favourites', 'booking'])

/** The most events held between flushes; past it new ones are dropped (a flood, or a database that does not answer). */
export const MAX_HELD_EVENTS = 50_000

/** The largest beacon body read, in bytes. */
export const MAX_BEACON_BYTES = 4096

export const beaconSchema = z.object({
  k: z.enum(BEACON_KINDS),
  p: z.string().min(1).max(1000).startsWith('/'),
  r: z.string().max(300).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
  q: z.string().max(500).optional(),
  f: z.boolean().optional(),
  n: z.array(z.string().max(60)).max(20).optional(),
  d: z.enum(REFERRAL_KINDS).optional(),
}) satisfies z.ZodType<Beacon>

/** Who sent it, as the request tells: used for the bot check, the rate limit and the day's hash, then forgotten. */
export interface Sender {
  ip: string
  userAgent: string
  /** The DNT and Sec-GPC request headers. */
  dnt?: string | null
  gpc?: string | null
}

interface HeldEvent {
  at: Date
  domainId: string
  languages: DomainLanguages
  kind: EventKind
  /** The address as the browser gave it (with any language prefix); '' for an enquiry. */
  address: string
  referrer: string
  device: string
  detail: string
  found: boolean | null
  /** Only until the flush hashes it; views only. */
  sender: { ip: string; userAgent: string } | null
  /** An enquiry's language, known to the server (beacons' come from their address). */
  language?: string
}

export type Verdict = 'counted' | 'bot' | 'opted-out' | 'limited' | 'full' | 'invalid'

export interface CollectorOptions {
  flushMs: number
  beaconsPerMinute: number
  /** Told when a flush fails (its events are kept for the next one). */
  onError?: (err: unknown) => void
}

/** The site's calendar day of an instant (YYYY-MM-DD, Australia/Adelaide). */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
export const siteDay = (at: Date) => dayFormat.format(at)

export const optedOut = (sender: Pick<Sender, 'dnt' | 'gpc'>) => sender.dnt?.trim() === '1' || sender.gpc?.trim() === '1'

export function createCollector(db: Db, options: CollectorOptions) {
  let held: HeldEvent[] = []
  let timer: ReturnType<typeof setInterval> | null = null
  let flushing: Promise<void> | null = null
  let closed = false
  const stats = { counted: 0, dropped: 0, written: 0, unknown: 0 }
  const limiter = new RateLimiterMemory({ points: options.beaconsPerMinute, duration: 60 })
  const salts = new Map<string, string>()

  function hold(event: HeldEvent): Verdict {
    if (held.length >= MAX_HELD_EVENTS) {
      stats.dropped++
      return 'full'
    }
    held.push(event)
    stats.counted++
    // The timer runs only while there is something to write; unref: it never keeps a process alive.
    if (!timer && !closed) {
      timer = setInterval(() => void flush(), options.flushMs)
      timer.unref()
    }
    return 'counted'
  }

  /**
   * A visitor's beacon: answers what became of it. Nothing is awaited but the in-memory rate
   * limiter; the database is not touched.
   */
  async function beacon(body: Beacon, domain: DomainDoc, sender: Sender, now = new Date()): Promise<Verdict> {
    if (optedOut(sender)) return 'opted-out'
    if (!sender.userAgent || isbot(sender.userAgent)) return 'bot'
    try {
      await limiter.consume(sender.ip || 'unknown')
    } catch {
      stats.dropped++
      return 'limited'
    }
    const base = {
      at: now,
      domainId: domain._id,
      languages: domainLanguagesOf(domain),
      address: body.p,
      referrer: '',
      device: '',
      detail: '',
      found: null,
      sender: null,
    }
    switch (body.k) {
      case 'view':
        return hold({
          ...base,
          kind: 'view',
          referrer: referrerDomain(body.r),
          device: body.w === undefined ? '' : deviceClassOf(body.w),
          sender: { ip: sender.ip, userAgent: sender.userAgent },
        })
      case 'search': {
        const terms = normaliseTerms(body.q ?? '')
        if (!terms) return 'invalid'
        return hold({ ...base, kind: 'search', detail: terms, found: body.f ?? null })
      }
      case 'filter': {
        const names = [...new Set(body.n ?? [])].filter((n) => /^[\w-]{1,60}$/.test(n))
        if (!names.length) return 'invalid'
        for (const name of names) hold({ ...base, kind: 'filter', detail: name })
        return 'counted'
      }
      case 'trip-share':
        return hold({ ...base, kind: 'trip-share' })
      case 'referral':
        if (!body.d) return 'invalid'
        return hold({ ...base, kind: 'referral', detail: body.d })
    }
  }

  /** An enquiry the server stored (counted where it is received, so every one counts once). */
  function enquiry(domain: DomainDoc, language: string, sender: Pick<Sender, 'dnt' | 'gpc'>, now = new Date()): Verdict {
    if (optedOut(sender)) return 'opted-out'
    return hold({
      at: now,
      domainId: domain._id,
      languages: domainLanguagesOf(domain),
      kind: 'enquiry',
      address: '',
      referrer: '',
      device: '',
      detail: '',
      found: null,
      sender: null,
      language,
    })
  }

  async function saltOf(day: string): Promise<string> {
    const known = salts.get(day)
    if (known) return known
    await db
      .insert(resultSalts)
      .values({ day, salt: randomBytes(16).toString('hex') })
      .onConflictDoNothing()
    const [row] = await db.select().from(resultSalts).where(eq(resultSalts.day, day))
    salts.clear()
    salts.set(day, row!.salt)
    return row!.salt
  }

  /** The published pages and listings among these addresses of a domain: slug → what it is. */
  async function knownTargets(domainId: string, slugs: string[]) {
    const found = new Map<string, { target: 'page' | 'listing'; id: string }>()
    for (const slug of slugs) if (ROUTE_PAGES.has(slug)) found.set(slug, { target: 'page', id: slug })
    const wanted = slugs.filter((s) => !found.has(s))
    if (wanted.length) {
      const rows = await db
        .select({ id: pages.id, slug: pages.publishedSlug, collection: pages.collection })
        .from(pages)
        .where(and(eq(pages.domainId, domainId), eq(pages.published, true), inArray(pages.publishedSlug, wanted)))
      for (const row of rows)
        if (row.slug !== null) found.set(row.slug, { target: row.collection === 'listings' ? 'listing' : 'page', id: row.id })
    }
    return found
  }

  /** The operator a listing's referrals count for: the listing, or the product a service belongs to. */
  async function operatorsOf(ids: string[]) {
    const operators = new Map<string, string>()
    if (!ids.length) return operators
    const rows = await db.select({ id: listings.id, parentId: listings.parentId }).from(listings).where(inArray(listings.id, ids))
    for (const row of rows) operators.set(row.id, row.parentId || row.id)
    return operators
  }

  async function write(events: HeldEvent[]) {
    const rows: (typeof resultEvents.$inferInsert)[] = []
    const byDomain = new Map<string, HeldEvent[]>()
    for (const e of events) byDomain.set(e.domainId, [...(byDomain.get(e.domainId) ?? []), e])
    for (const [domainId, list] of byDomain) {
      const located = list.map((e) => {
        if (e.kind === 'enquiry') return { e, language: e.language ?? e.languages.default, slug: null }
        const { locale, path } = splitLocalePath(e.address, e.languages)
        return { e, language: locale as string, slug: slugFromPath(path) }
      })
      const targets = await knownTargets(domainId, [...new Set(located.flatMap((l) => (l.slug === null ? [] : [l.slug])))])
      const operators = await operatorsOf([
        ...new Set(located.flatMap((l) => (l.e.kind === 'referral' && l.slug !== null ? [targets.get(l.slug)?.id ?? ''] : []))),
      ])
      for (const { e, language, slug } of located) {
        const target = slug === null ? null : targets.get(slug)
        if (slug !== null && !target) {
          stats.unknown++
          continue
        }
        let operator = ''
        if (e.kind === 'referral') {
          operator = (target && target.target === 'listing' && operators.get(target.id)) || ''
          if (!operator) {
            stats.unknown++
            continue
          }
        }
        const day = siteDay(e.at)
        const visitor = e.sender
          ? createHash('sha256')
              .update(`${await saltOf(day)}\n${domainId}\n${e.sender.ip}\n${e.sender.userAgent}`)
              .digest('hex')
              .slice(0, 16)
          : null
        rows.push({
          at: e.at,
          day,
          domainId,
          language,
          kind: e.kind,
          path: slug ?? '',
          target: target?.target ?? 'page',
          referrer: e.referrer,
          device: e.device,
          detail: e.detail,
          found: e.found,
          operator,
          visitor,
        })
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await db.insert(resultEvents).values(rows.slice(i, i + 1000))
    stats.written += rows.length
  }

  /** Writes what is held; a failure keeps the events for the next flush (within the cap). */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => (held.length ? flush() : undefined))
    if (!held.length) {
      if (timer) clearInterval(timer)
      timer = null
      return Promise.resolve()
    }
    const batch = held
    held = []
    flushing = write(batch)
      .catch((err: unknown) => {
        held = [...batch, ...held].slice(0, MAX_HELD_EVENTS)
        options.onError?.(err)
      })
      .finally(() => {
        flushing = null
      })
    return flushing
  }

  return {
    beacon,
    enquiry,
    flush,
    /** Yesterday's and older salts go: their hashes can no longer be matched with anything. */
    async dropOldSalts(now = new Date()) {
      await db.delete(resultSalts).where(lt(resultSalts.day, siteDay(now)))
    },
    /** How many events are held, counted, dropped and written since start (for /health and tests). */
    stats: () => ({ ...stats, held: held.length }),
    /** Stops the timer and writes what is held: nothing acknowledged is lost on a clean shutdown. */
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      timer = null
      await flush()
    },
  }
}

export type Collector = ReturnType<typeof createCollector>
