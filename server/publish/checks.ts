/**
 * Checks before publishing (issue 34 point 5), on the copy about to be published: pictures without
 * a text alternative, links to pages that are unpublished, deleted or redirected, links to listings
 * that are inactive or unpublished and to events that are over. Each finding names the block it is
 * in, so the editor leads there. The checks that need the rendered page (headings out of order, a
 * picture far above its displayed size) run in the editor on the page it shows (app/editor/publish).
 *
 * Warnings never block; an admin may make a check blocking (site settings' publishChecks), and
 * publishing then refuses while a blocking check finds something (decision 033 records why the
 * rendered checks block in the editor only).
 */
import { and, eq, or } from 'drizzle-orm'
import { domainLanguagesOf, isPageAddress, splitLocalePath } from '#lib/locales'
import { SITE_TIME_ZONE } from '#lib/team'
import { type PublishCheck, SERVER_CHECKS } from '#lib/publish-checks'
import type { Db } from '../db/client.ts'
import { pages } from '../db/schema.ts'
import type { DomainService } from '../services/domains.ts'
import type { RedirectService } from '../services/redirects.ts'
import type { ListingService } from '../../listings/service.ts'

export type { PublishCheck }

export interface PublishFinding {
  check: PublishCheck
  /** The block the finding is in, as the editor's path (['contents', 2], ['contents', 2, 'items', 0]); null for the page header. */
  block: (string | number)[] | null
  /** Where in the page document (contents.2.items.0.link.href). */
  path: string
  /** What the link points at, for link findings. */
  href?: string
  /** For a redirected link: where it leads now. */
  location?: string
}

/** Links checked at most per page (each is a lookup). */
const MAX_LINKS = 200

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)

interface Found {
  block: (string | number)[] | null
  path: string
}

/** Walks the header and the blocks: calls `visit` with each object, the nearest enclosing block's path and the object's path. */
function walk(page: { header?: unknown; contents?: unknown }, visit: (node: Node, at: Found, key: string[]) => void) {
  const step = (value: unknown, path: (string | number)[], block: (string | number)[] | null) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => step(item, [...path, i], block))
      return
    }
    if (!isNode(value)) return
    const here = typeof value.componentType === 'string' ? path : block
    visit(value, { block: here, path: path.join('.') }, path.map(String))
    for (const [key, child] of Object.entries(value)) if (typeof child === 'object' && child !== null) step(child, [...path, key], here)
  }
  step(page.header, ['header'], null)
  step(page.contents, ['contents'], null)
}

/** A picture needs a text alternative unless marked decorative or hidden (as the publish call requires). */
function missingAlt(page: { header?: unknown; contents?: unknown }): PublishFinding[] {
  const found: PublishFinding[] = []
  walk(page, (node, at) => {
    if (typeof node.imageId !== 'string' || !node.imageId.trim() || node.decorative === true || node.show === false) return
    const alt = typeof node.alt === 'string' ? node.alt.trim() : ''
    if (!alt) found.push({ check: 'alt-missing', block: at.block, path: `${at.path}.alt` })
  })
  return found
}

const HREF_IN_HTML = /href\s*=\s*["']([^"']+)["']/gi

/** Every link of the page: link fields (`href`) and links inside rich text. */
function linksOf(page: { header?: unknown; contents?: unknown }): { href: string; at: Found }[] {
  const links: { href: string; at: Found }[] = []
  walk(page, (node, at) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string' || !value) continue
      if (key === 'href' && (node.type === undefined || node.type === 'page' || node.type === 'external' || node.type === 'file')) {
        links.push({ href: value, at: { block: at.block, path: at.path ? `${at.path}.${key}` : key } })
      } else if (value.includes('href')) {
        for (const match of value.matchAll(HREF_IN_HTML))
          links.push({ href: match[1]!, at: { block: at.block, path: `${at.path}.${key}` } })
      }
    }
  })
  return links
}

/** The site's own path a link leads to, or null for another site, an anchor, a file or a picture. */
function ownPath(href: string, hostnames: readonly string[]): string | null {
  const text = href.trim()
  if (!text || text.startsWith('#') || text.startsWith('//')) return null
  let path: string
  if (text.startsWith('/')) path = text
  else {
    try {
      const url = new URL(text)
      if (!hostnames.includes(url.hostname.toLowerCase())) return null
      path = url.pathname
    } catch {
      return null
    }
  }
  path = path.replace(/[?#].*$/, '')
  try {
    path = decodeURI(path)
  } catch {
    return null
  }
  path = path.replace(/\/+$/, '') || '/'
  return isPageAddress(path) ? path : null
}

/** Today on the region's clock (YYYY-MM-DD). */
const regionToday = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(now)

export function createPublishChecks(options: { db: Db; domains: DomainService; redirects: RedirectService; listings: ListingService }) {
  const { db, domains, redirects, listings } = options

  /** What is wrong with one link target, or null when it is fine. */
  async function checkTarget(
    domainId: string,
    path: string,
    today: string,
  ): Promise<Omit<PublishFinding, 'block' | 'path' | 'href'> | null> {
    const slug = path.slice(1)
    if (slug === '' || slug === 'search' || slug === 'favourites' || slug === 'booking' || slug === 'confirm' || slug === 'login')
      return null
    if (slug.startsWith('listing/')) {
      const listing = await listings.findBySlug(domainId, slug)
      const inactive = (l: NonNullable<typeof listing>) => l.activeStatus?.value === 'INACTIVE' || l.atdw?.status === 'INACTIVE'
      if (!listing) {
        // Off the public site: because the provider no longer lists it (the sync takes it off), or by an editor.
        const draft = await listings.findBySlug(domainId, slug, { editor: true })
        if (draft) return { check: inactive(draft) ? 'listing-inactive' : 'listing-unpublished' }
        return redirectedOrMissing(domainId, path)
      }
      if (inactive(listing)) return { check: 'listing-inactive' }
      const end = listing.atdw?.endDate
      if (end && end < today) return { check: 'event-over' }
      return null
    }
    const collection = slug.startsWith('chapters/') ? 'chapters' : 'pages'
    const rows = await db
      .select({ published: pages.published, publishedSlug: pages.publishedSlug, slug: pages.slug })
      .from(pages)
      .where(and(eq(pages.domainId, domainId), eq(pages.collection, collection), or(eq(pages.slug, slug), eq(pages.publishedSlug, slug))))
      .limit(2)
    if (rows.some((row) => row.published && row.publishedSlug === slug)) return null
    if (rows.length) return { check: 'link-unpublished' }
    return redirectedOrMissing(domainId, path)
  }

  async function redirectedOrMissing(domainId: string, path: string) {
    const redirect = await redirects.match(domainId, path)
    return redirect ? { check: 'link-redirected' as const, location: redirect.location } : { check: 'link-missing' as const }
  }

  /** The findings of the server's checks on a page about to be published. */
  async function check(domainId: string, page: { header?: unknown; contents?: unknown }, now = new Date()): Promise<PublishFinding[]> {
    const domain = await domains.byId(domainId)
    const hostnames = domain?.hostnames.map((h) => h.toLowerCase()) ?? []
    const languages = domainLanguagesOf(domain)
    const today = regionToday(now)
    const findings = missingAlt(page)
    const targets = new Map<string, Promise<Omit<PublishFinding, 'block' | 'path' | 'href'> | null>>()
    for (const { href, at } of linksOf(page).slice(0, MAX_LINKS)) {
      const own = ownPath(href, hostnames)
      if (!own) continue
      const path = splitLocalePath(own, languages).path
      if (!targets.has(path)) targets.set(path, checkTarget(domainId, path, today))
      const problem = await targets.get(path)!
      if (problem) findings.push({ ...problem, block: at.block, path: at.path, href })
    }
    return findings
  }

  /** Findings of the checks an admin made blocking (site settings), among `findings`. */
  function blocking(findings: readonly PublishFinding[], blockingChecks: readonly string[]): PublishFinding[] {
    const server = new Set<string>(SERVER_CHECKS)
    return findings.filter((f) => server.has(f.check) && blockingChecks.includes(f.check))
  }

  return { check, blocking }
}

export type PublishChecks = ReturnType<typeof createPublishChecks>

export { linksOf, ownPath }
