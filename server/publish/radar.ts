/**
 * The stale-content radar (issue 34 point 6): every published page, chapter, navigation and footer
 * that points at a listing the sync marked inactive (or that was taken off the site), at an event
 * whose last date has passed, or at a page that is gone or unpublished. It runs the publish checks
 * (./checks.ts) on what visitors see, as a job after each sync or publish and nightly (events end
 * with the date), and keeps the findings in `stale_findings`; the dashboard only reads them.
 */
import { createHash } from 'node:crypto'
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { domainLanguagesOf, splitLocalePath } from '#lib/locales'
import type { StaleFinding, StaleSource } from '#lib/radar'
import type { Db } from '../db/client.ts'
import { pages, siteDocuments, staleFindings } from '../db/schema.ts'
import type { JobQueue } from '../jobs/queue.ts'
import type { DomainService } from '../services/domains.ts'
import type { ContentEventBus } from '../services/events.ts'
import type { ListingService } from '../../listings/service.ts'
import { ownPath, type PublishChecks, type PublishFinding } from './checks.ts'

/** The job that refreshes one domain's findings (payload: its id). */
export const RADAR_REFRESH_JOB = 'radar.refresh'
/**
 * Hourly, every domain: an event is over from the day after its last date, with no sync or publish
 * to say so (hourly, so the region's midnight is caught whatever the server's time zone).
 */
export const RADAR_HOURLY_JOB = 'radar.hourly'

/** What the radar looks for: what has gone stale since the page was published (not alt text, nor a redirect that still leads somewhere). */
const STALE_CHECKS = new Set<PublishFinding['check']>([
  'listing-inactive',
  'listing-unpublished',
  'event-over',
  'link-missing',
  'link-unpublished',
])
const LISTING_CHECKS = new Set<PublishFinding['check']>(['listing-inactive', 'listing-unpublished', 'event-over'])
/** Similar active listings suggested in place of a stale one. */
export const RADAR_SUGGESTIONS = 3
/** A refresh waits this long after a change, so a sync's or a publish's burst of changes is one refresh. */
const SETTLE_MS = 2_000

type Row = typeof staleFindings.$inferInsert
type ListingRef = { id: string; name: string; slug: string }

const findingId = (domainId: string, where: string, path: string, check: string) =>
  createHash('sha256').update(`${domainId}\u0000${where}\u0000${path}\u0000${check}`).digest('base64url').slice(0, 24)

export interface RadarDeps {
  db: Db
  checks: PublishChecks
  domains: Pick<DomainService, 'byId' | 'list'>
  listings: Pick<ListingService, 'findBySlug' | 'fetchRelated'>
  jobs: JobQueue
  events: ContentEventBus
  onError?: (err: unknown) => void
}

export function createStaleRadar(deps: RadarDeps) {
  const { db, checks, domains, listings, jobs } = deps

  /** What visitors are shown that the checks find stale: each published page and chapter, the navigation and the footer. */
  async function findingsOf(domainId: string, now: Date): Promise<Row[]> {
    const domain = await domains.byId(domainId)
    if (!domain) return []
    const hostnames = domain.hostnames.map((h) => h.toLowerCase())
    const languages = domainLanguagesOf(domain)
    const published = await db
      .select({ id: pages.id, collection: pages.collection, slug: pages.publishedSlug, doc: pages.publishedDoc })
      .from(pages)
      .where(and(eq(pages.domainId, domainId), eq(pages.published, true), inArray(pages.collection, ['pages', 'chapters'])))
    const documents = await db
      .select({ kind: siteDocuments.kind, doc: siteDocuments.publishedDoc })
      .from(siteDocuments)
      .where(and(eq(siteDocuments.domainId, domainId), inArray(siteDocuments.kind, ['nav', 'footer'])))

    const sources: {
      source: StaleSource
      pageId: string | null
      slug: string
      title: string
      doc: { header?: unknown; contents?: unknown }
    }[] = []
    for (const page of published) {
      if (!page.doc) continue
      const header = page.doc.header as { title?: unknown } | undefined
      sources.push({
        source: page.collection === 'chapters' ? 'chapter' : 'page',
        pageId: page.id,
        slug: page.slug ?? '',
        title: typeof header?.title === 'string' ? header.title : '',
        doc: page.doc,
      })
    }
    // A site document is walked as a page's header: its links have no block to lead to.
    for (const document of documents)
      if (document.doc)
        sources.push({
          source: document.kind === 'nav' ? 'navigation' : 'footer',
          pageId: null,
          slug: '',
          title: '',
          doc: { header: document.doc },
        })

    const targets = new Map<string, Promise<{ target: ListingRef | null; suggestions: ListingRef[] }>>()
    const listingOf = (href: string) => {
      const own = ownPath(href, hostnames)
      const path = own ? splitLocalePath(own, languages).path : null
      if (!path?.startsWith('/listing/')) return Promise.resolve({ target: null, suggestions: [] })
      if (!targets.has(path))
        targets.set(
          path,
          (async () => {
            const listing = await listings.findBySlug(domainId, path.slice(1), { editor: true })
            if (!listing) return { target: null, suggestions: [] }
            const related = await listings.fetchRelated(domainId, {
              categories: listing.taggedCategories.value,
              limit: RADAR_SUGGESTIONS,
              _id: listing._id,
            })
            return {
              target: { id: listing._id, name: listing.name.value, slug: listing.slug },
              suggestions: related.listings.map((card) => ({ id: card._id, name: card.name, slug: card.slug })),
            }
          })(),
        )
      return targets.get(path)!
    }

    const rows: Row[] = []
    for (const source of sources) {
      const where = source.pageId ?? source.source
      for (const finding of await checks.check(domainId, source.doc, now)) {
        if (!STALE_CHECKS.has(finding.check)) continue
        const href = finding.href ?? ''
        const { target, suggestions } = LISTING_CHECKS.has(finding.check) ? await listingOf(href) : { target: null, suggestions: [] }
        const path = source.pageId ? finding.path : finding.path.replace(/^header\.?/, '')
        rows.push({
          id: findingId(domainId, where, finding.path, finding.check),
          domainId,
          source: source.source,
          pageId: source.pageId,
          slug: source.slug,
          title: source.title,
          check: finding.check,
          block: source.pageId ? finding.block : null,
          path,
          href,
          target,
          suggestions,
          checkedAt: now,
        })
      }
    }
    return rows
  }

  /** Recomputes one domain's findings: new ones are stamped now, ones still there keep their first time, the rest go. */
  async function refresh(domainId: string, now = new Date()): Promise<number> {
    const rows = await findingsOf(domainId, now)
    const unique = [...new Map(rows.map((row) => [row.id, row])).values()]
    await db.transaction(async (tx) => {
      const ids = unique.map((row) => row.id)
      await tx
        .delete(staleFindings)
        .where(and(eq(staleFindings.domainId, domainId), ids.length ? notInArray(staleFindings.id, ids) : undefined))
      if (unique.length)
        await tx
          .insert(staleFindings)
          .values(unique.map((row) => ({ ...row, foundAt: now })))
          .onConflictDoUpdate({
            target: staleFindings.id,
            set: {
              slug: sql`excluded.slug`,
              title: sql`excluded.title`,
              block: sql`excluded.block`,
              href: sql`excluded.href`,
              target: sql`excluded.target`,
              suggestions: sql`excluded.suggestions`,
              checkedAt: sql`excluded.checked_at`,
            },
          })
    })
    return unique.length
  }

  /** The domain's findings, newest first. */
  async function list(domainId: string, limit = 50): Promise<{ findings: StaleFinding[]; total: number; checkedAt: string | null }> {
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(staleFindings)
        .where(eq(staleFindings.domainId, domainId))
        .orderBy(desc(staleFindings.foundAt), staleFindings.slug, staleFindings.path)
        .limit(limit),
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number), checkedAt: sql<Date | null>`max(${staleFindings.checkedAt})` })
        .from(staleFindings)
        .where(eq(staleFindings.domainId, domainId)),
    ])
    return {
      findings: rows.map((row) => ({
        id: row.id,
        source: row.source as StaleSource,
        pageId: row.pageId,
        slug: row.slug,
        title: row.title,
        check: row.check as StaleFinding['check'],
        block: row.block ?? null,
        path: row.path,
        href: row.href,
        target: row.target ?? null,
        suggestions: row.suggestions,
        foundAt: row.foundAt.toISOString(),
      })),
      total: count?.total ?? 0,
      checkedAt: count?.checkedAt ? new Date(count.checkedAt).toISOString() : null,
    }
  }

  /** Queues a refresh of the domain a moment from now (one queued per domain; a second while one runs queues one more). */
  async function schedule(domainId: string) {
    const runAt = new Date(Date.now() + SETTLE_MS)
    const queued = await jobs.enqueue(RADAR_REFRESH_JOB, { domainId }, { key: domainId, runAt })
    if (!queued) await jobs.enqueue(RADAR_REFRESH_JOB, { domainId }, { key: `${domainId}:next`, runAt })
    jobs.wake()
  }

  jobs.register<{ domainId: string }>(RADAR_REFRESH_JOB, async ({ payload, now }) => refresh(payload.domainId, now), { backoffMs: 10_000 })
  jobs.register(RADAR_HOURLY_JOB, async ({ now }) => {
    for (const domain of await domains.list()) await refresh(domain._id, now)
  })

  // What can make a link stale: a sync or an editor changing listings, a page published or taken
  // off, redirects and domains. Every instance hears every change; the job's key makes it one run.
  deps.events.on('published', (domainId, change) => {
    if (change?.kind === 'listing-categories') return
    const domainsChanged = domainId ? Promise.resolve([domainId]) : domains.list().then((all) => all.map((d) => d._id))
    domainsChanged.then((ids) => Promise.all(ids.map(schedule))).catch((err: unknown) => deps.onError?.(err))
  })

  return { refresh, list, schedule }
}

export type StaleRadar = ReturnType<typeof createStaleRadar>
