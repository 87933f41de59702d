/**
 * CDN tags (decision 031): what a cacheable visitor answer depends on, named so that a CDN in front
 * (Varnish with xkey, Fastly surrogate keys, Cloudflare cache tags) can drop exactly the answers a
 * change concerns. They are the page cache's own dependencies (PageDependencies, decision 024), so
 * the CDN and this server's cache drop the same pages for the same change.
 *
 * Tags of an answer:
 * - `all` and `d:<domain>` on every answer (a domain change, a site document or redirect change);
 * - `l:<domain>:<language>` (the language it is in: an operator may purge one language);
 * - `p:<page id>` for each published page it shows, or `pages-many:<domain>` past MAX_PAGE_TAGS;
 * - `pages:<domain>` when it shows any page (a publish that names no page);
 * - `listings:<domain>` for listing data (one tag for a grid of hundreds of listings, decision 031);
 * - `stories:<domain>` for story headers and chapter lists;
 * - `any:<domain>` when its loaders recorded nothing (then any change of the domain concerns it);
 * - `sitemap:<domain>` on the sitemap (any page publish or unpublish changes it).
 */
import type { ContentChange } from '../services/events.ts'

/** The CDNs this server can purge, and tag its answers for. */
export type CdnProvider = 'varnish' | 'fastly' | 'cloudflare'

/**
 * Page tags one answer carries at most. A page embedding more pages than this is tagged
 * `pages-many:<domain>`, which every page publish of its domain purges: the header stays small
 * (Fastly and Cloudflare take 16 KB of tags, Varnish's default header limit is 8 KB) and the page is
 * still dropped by any publish that may concern it.
 */
export const MAX_PAGE_TAGS = 32

/** Tags are ASCII without spaces or commas (the separators of the three headers). */
const safe = (part: string) => part.replace(/[^A-Za-z0-9_.:@-]/g, '_')

export const domainTag = (domainId: string) => `d:${safe(domainId)}`

/** What a cacheable answer of `domainId` in `language` that shows `dependsOn` is tagged with. */
export function answerTags(domainId: string | null, language: string | null, dependsOn: Iterable<string>): string[] {
  if (domainId === null) return ['all']
  const dom = safe(domainId)
  const tags = ['all', `d:${dom}`]
  if (language) tags.push(`l:${dom}:${safe(language)}`)
  const pages: string[] = []
  let recorded = false
  for (const dependency of dependsOn) {
    recorded = true
    if (dependency.startsWith('page:')) pages.push(`p:${safe(dependency.slice(5))}`)
    else if (dependency === 'listings') tags.push(`listings:${dom}`)
    else if (dependency === 'stories') tags.push(`stories:${dom}`)
    else if (dependency === 'sitemap') tags.push(`sitemap:${dom}`)
  }
  if (pages.length) {
    tags.push(`pages:${dom}`)
    if (pages.length > MAX_PAGE_TAGS) tags.push(`pages-many:${dom}`)
    else tags.push(...pages)
  }
  if (!recorded) tags.push(`any:${dom}`)
  return [...new Set(tags)]
}

/**
 * The tags a change of `domainId` purges: exactly those of the answers the page cache would drop
 * for it (server/page-cache.ts isStale). Null: nothing to purge (a change only another instance
 * hears, after its channel was down).
 */
export function purgeTags(domainId: string | null, change: ContentChange): string[] | null {
  if (change.kind === 'everything') return null
  if (change.kind === 'domains' || domainId === null) return ['all']
  const dom = safe(domainId)
  // Answers whose loaders recorded nothing are concerned by any change of their domain.
  const any = `any:${dom}`
  switch (change.kind) {
    case 'site':
      return [`d:${dom}`]
    case 'pages': {
      const tags = change.ids ? [...change.ids.map((id) => `p:${safe(id)}`), `pages-many:${dom}`] : [`pages:${dom}`]
      if (change.collection === 'chapters') tags.push(`stories:${dom}`)
      return [...tags, `sitemap:${dom}`, any]
    }
    case 'stories':
      return [`stories:${dom}`, any]
    case 'listings':
    case 'listing-categories':
      return [`listings:${dom}`, any]
  }
}

/** The response header each CDN reads its tags from, and how it separates them. */
export const TAG_HEADER: Record<CdnProvider, { name: string; separator: string }> = {
  varnish: { name: 'xkey', separator: ' ' },
  fastly: { name: 'Surrogate-Key', separator: ' ' },
  cloudflare: { name: 'Cache-Tag', separator: ',' },
}

/** Splits tags into batches of at most `size` tags and `maxChars` characters (separators counted). */
export function batches(tags: readonly string[], size: number, maxChars = Infinity): string[][] {
  const out: string[][] = []
  let current: string[] = []
  let chars = 0
  for (const tag of new Set(tags)) {
    if (current.length && (current.length >= size || chars + tag.length + 1 > maxChars)) {
      out.push(current)
      current = []
      chars = 0
    }
    current.push(tag)
    chars += tag.length + 1
  }
  if (current.length) out.push(current)
  return out
}
