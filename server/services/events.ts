import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'

/**
 * What a publish changed, so each cache drops only what shows it (issue 16 point 5):
 * - 'pages': published pages (their ids; `collection` 'chapters' also changes its story's chapter list);
 * - 'stories': a story (its header and chapter list, shown on its chapter pages);
 * - 'listings': listing data (grids, listing pages, related listings, the in-memory index);
 * - 'listing-categories': a grid's category filter or the friendly tag names (grids and listing
 *   pages change, the listings themselves do not);
 * - 'site': the domain's shared parts (navigation, footer, settings, redirects): every page of that domain;
 * - 'domains': which host is served by which domain: every page of every domain.
 */
export type ContentChangeKind = 'pages' | 'stories' | 'listings' | 'listing-categories' | 'site' | 'domains'

export interface ContentChange {
  kind: ContentChangeKind
  /** The pages, stories or listings concerned, when known (absent: any of that kind in the domain). */
  ids?: string[]
  /** For 'pages': the collection the pages belong to. */
  collection?: string
}

/** Everything in the domain: what a change that says no more than its domain means. */
export const SITE_CHANGE: ContentChange = { kind: 'site' }

/**
 * What happened to content, for whoever must react (the page cache, the search index).
 * Services emit; they do not know who listens.
 */
export interface ContentEvents {
  /**
   * Published content of a domain changed, in this process: visitor caches for what it shows are
   * stale. A change with no description is a 'site' change (everything of that domain).
   */
  published: [domainId: string, change?: ContentChange]
}

/** The PostgreSQL NOTIFY channel on which instances tell each other what was published. */
export const CONTENT_CHANNEL = 'content_published'

/** Past this many ids the message names the kind only (a NOTIFY payload holds under 8,000 bytes). */
const MAX_NOTIFIED_IDS = 100

/** This process, in the NOTIFY payloads it sends: its own messages come back to it and are skipped. */
export const PROCESS_ORIGIN = randomUUID().slice(0, 12)

/** The NOTIFY payload of a change: JSON, as small as possible. */
export function encodeChange(domainId: string, change: ContentChange = SITE_CHANGE, origin = PROCESS_ORIGIN): string {
  const ids = change.ids && change.ids.length <= MAX_NOTIFIED_IDS ? change.ids : undefined
  return JSON.stringify({
    d: domainId,
    k: change.kind,
    ...(ids ? { i: ids } : {}),
    ...(change.collection ? { c: change.collection } : {}),
    o: origin,
  })
}

const KINDS: readonly string[] = ['pages', 'stories', 'listings', 'listing-categories', 'site', 'domains'] satisfies ContentChangeKind[]

/**
 * A NOTIFY payload back into a change. A bare domain id (what an instance of the previous release
 * sends) or anything unreadable means everything of that domain.
 */
export function decodeChange(payload: string): { domainId: string; change: ContentChange; origin: string | null } {
  try {
    const parsed = JSON.parse(payload) as { d?: unknown; k?: unknown; i?: unknown; c?: unknown; o?: unknown }
    if (parsed && typeof parsed.d === 'string' && typeof parsed.k === 'string' && KINDS.includes(parsed.k)) {
      const ids = Array.isArray(parsed.i) && parsed.i.every((id) => typeof id === 'string') ? (parsed.i as string[]) : undefined
      return {
        domainId: parsed.d,
        change: {
          kind: parsed.k as ContentChangeKind,
          ...(ids ? { ids } : {}),
          ...(typeof parsed.c === 'string' ? { collection: parsed.c } : {}),
        },
        origin: typeof parsed.o === 'string' ? parsed.o : null,
      }
    }
  } catch {
    // A bare domain id.
  }
  return { domainId: payload, change: SITE_CHANGE, origin: null }
}

/**
 * Whether a change may alter listing data (the in-memory listing index, map points): a listing
 * change, or one that does not say what it is.
 */
export const changesListings = (change: ContentChange | undefined) => !change || change.kind === 'listings'

export class ContentEventBus extends EventEmitter<ContentEvents> {}
