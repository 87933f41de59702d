/**
 * The publish receipt (issue 34 point 4): after a publish, where the page is now live and whether
 * the CDN in front has dropped its old copies yet. The addresses are those whose answers show the
 * page: its own address in each published language, the pages that link to it or show it, the
 * navigation and footer (every page) when they link to it, its story's other chapters, search and
 * the sitemap. The CDN part counts the purge jobs that name the page's tag since it was published.
 */
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import type { Collection } from '#lib/content'
import { domainLanguagesOf, isLocaleCode, localePath } from '#lib/locales'
import type { Db } from '../db/client.ts'
import { jobs, pages, siteDocuments, translations } from '../db/schema.ts'
import { CDN_PURGE_JOB } from '../cdn/purge.ts'
import type { CdnProvider } from '../cdn/tags.ts'
import type { DomainService } from '../services/domains.ts'
import { notFound } from '../services/errors.ts'

export type ReceiptAddressKind = 'page' | 'language' | 'shows' | 'navigation' | 'footer' | 'story' | 'search' | 'sitemap'

export interface ReceiptAddress {
  kind: ReceiptAddressKind
  /** The address on the site ('/about', '/de/about'); for the navigation and footer, '/' (they are on every page). */
  path: string
  /** The title of the page at that address, where there is one. */
  title?: string
  /** The language of a language address. */
  locale?: string
}

export interface PublishReceipt {
  publishedAt: string | null
  addresses: ReceiptAddress[]
  /** The CDN in front (CDN_PURGE), or null when there is none: purge jobs naming this page since it was published. */
  cdn: { provider: CdnProvider; queued: number; done: number; failed: number } | null
}

/** Pages that show or link to this one, listed at most (a link in a common block would list them all). */
const MAX_SHOWN = 50

const titleOf = (doc: Record<string, unknown> | null | undefined): string | undefined => {
  const header = doc?.header
  const title = typeof header === 'object' && header !== null ? (header as { title?: unknown }).title : undefined
  return typeof title === 'string' && title.trim() ? title.trim() : undefined
}

const pathOf = (slug: string) => `/${slug}`.replace(/\/+$/, '') || '/'

/** A regular expression for a link to `path` inside stored JSON text (a link field's value or rich text's href). */
const linkPattern = (path: string) => `${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\\\?"|[?#])`

export function createPublishReceipts(options: { db: Db; domains: DomainService; cdn: CdnProvider | undefined }) {
  const { db, domains } = options

  async function receipt(domainId: string, collection: Collection, id: string): Promise<PublishReceipt> {
    const [page] = await db
      .select({
        slug: pages.publishedSlug,
        doc: pages.publishedDoc,
        published: pages.published,
        lastPublished: pages.lastPublished,
      })
      .from(pages)
      .where(and(eq(pages.domainId, domainId), eq(pages.collection, collection), eq(pages.id, id)))
      .limit(1)
    if (!page) throw notFound('No such page')
    const publishedAt = page.lastPublished?.toISOString() ?? null
    if (!page.published || page.slug === null) return { publishedAt, addresses: [], cdn: await cdnState(id, page.lastPublished) }

    const path = pathOf(page.slug)
    const title = titleOf(page.doc)
    const addresses: ReceiptAddress[] = [{ kind: 'page', path, ...(title ? { title } : {}) }]

    // The page in each further language whose texts are published (decision 025).
    const languages = domainLanguagesOf(await domains.byId(domainId))
    const published = await db
      .select({ locale: translations.locale })
      .from(translations)
      .where(and(eq(translations.kind, 'page'), eq(translations.subjectId, id), sql`${translations.published} is not null`))
    for (const { locale } of published) {
      if (isLocaleCode(locale) && languages.others.includes(locale)) {
        addresses.push({ kind: 'language', path: localePath(path, locale, languages), locale })
      }
    }

    // Pages that link to it or name it (a card, a link list, rich text). The home page is linked from everywhere: not listed.
    if (path !== '/') {
      const pattern = linkPattern(path)
      const showing = await db
        .select({ slug: pages.publishedSlug, doc: pages.publishedDoc })
        .from(pages)
        .where(
          and(
            eq(pages.domainId, domainId),
            inArray(pages.collection, ['pages', 'chapters']),
            eq(pages.published, true),
            ne(pages.id, id),
            sql`(${pages.publishedDoc}::text ~ ${pattern} or ${pages.publishedDoc}::text like ${`%"${id}"%`})`,
          ),
        )
        .orderBy(pages.publishedSlug)
        .limit(MAX_SHOWN)
      for (const row of showing) {
        if (row.slug === null) continue
        const shownTitle = titleOf(row.doc)
        addresses.push({ kind: 'shows', path: pathOf(row.slug), ...(shownTitle ? { title: shownTitle } : {}) })
      }
      // The navigation and the footer are on every page.
      const site = await db
        .select({ kind: siteDocuments.kind })
        .from(siteDocuments)
        .where(
          and(
            eq(siteDocuments.domainId, domainId),
            inArray(siteDocuments.kind, ['nav', 'footer']),
            sql`${siteDocuments.publishedDoc}::text ~ ${pattern}`,
          ),
        )
      for (const { kind } of site) addresses.push({ kind: kind === 'nav' ? 'navigation' : 'footer', path: '/' })
    }

    // A chapter page: its story's other chapters list it in their overview and up next.
    const story = (page.doc as { story?: { slug?: unknown } } | null)?.story
    if (collection === 'chapters' && typeof story?.slug === 'string' && story.slug) {
      const siblings = await db
        .select({ slug: pages.publishedSlug, doc: pages.publishedDoc })
        .from(pages)
        .where(
          and(
            eq(pages.domainId, domainId),
            eq(pages.collection, 'chapters'),
            eq(pages.published, true),
            ne(pages.id, id),
            sql`${pages.publishedSlug} like ${`chapters/${story.slug.replace(/[%_\\]/g, '\\$&')}/%`}`,
          ),
        )
        .limit(MAX_SHOWN)
      for (const row of siblings) {
        if (row.slug === null || addresses.some((a) => a.path === pathOf(row.slug!))) continue
        const siblingTitle = titleOf(row.doc)
        addresses.push({ kind: 'story', path: pathOf(row.slug), ...(siblingTitle ? { title: siblingTitle } : {}) })
      }
    }

    addresses.push({ kind: 'search', path: '/search' }, { kind: 'sitemap', path: '/sitemap.xml' })
    return { publishedAt, addresses, cdn: await cdnState(id, page.lastPublished) }
  }

  /** Purge jobs naming the page's tag, queued since it was published (a second before, for clocks a little apart). */
  async function cdnState(id: string, since: Date | null): Promise<PublishReceipt['cdn']> {
    if (!options.cdn) return null
    const rows = since
      ? await db
          .select({ state: jobs.state, count: sql<number>`count(*)`.mapWith(Number) })
          .from(jobs)
          .where(
            and(
              eq(jobs.name, CDN_PURGE_JOB),
              gte(jobs.createdAt, new Date(since.getTime() - 1000)),
              sql`${jobs.payload}->'tags' @> ${JSON.stringify([`p:${id}`])}::jsonb`,
            ),
          )
          .groupBy(jobs.state)
      : []
    const count = (...states: string[]) => rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + r.count, 0)
    return { provider: options.cdn, queued: count('queued', 'running'), done: count('done'), failed: count('dead') }
  }

  return { receipt }
}

export type PublishReceipts = ReturnType<typeof createPublishReceipts>
