import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { Database, Listener, ListenerStatus } from '../db/client.ts'

/**
 * What a publish changed, so each cache drops only what shows it (issue 16 point 5):
 * - 'pages': published pages (their ids; `collection` 'chapters' also changes its story's chapter list);
 * - 'stories': a story (its header and chapter list, shown on its chapter pages);
 * - 'listings': listing data (grids, listing pages, related listings, the in-memory index);
 * - 'listing-categories': a grid's category filter or the friendly tag names (grids and listing
 *   pages change, the listings themselves do not);
 * - 'site': the domain's shared parts (navigation, footer, settings, redirects): every page of that domain;
 * - 'domains': which host is served by which domain: every page of every domain;
 * - 'everything': anything in any domain may have changed (this instance may have missed other
 *   instances' changes while its notification channel was down). Never sent between instances.
 */
export type ContentChangeKind = 'pages' | 'stories' | 'listings' | 'listing-categories' | 'site' | 'domains' | 'everything'

export interface ContentChange {
  kind: ContentChangeKind
  /** The pages, stories or listings concerned, when known (absent: any of that kind in the domain). */
  ids?: string[]
  /** For 'pages': the collection the pages belong to. */
  collection?: string
}

/** Everything in the domain: what a change that says no more than its domain means. */
export const SITE_CHANGE: ContentChange = { kind: 'site' }

/** Anything anywhere (published with no domain): after the notification channel was down. */
export const EVERYTHING: ContentChange = { kind: 'everything' }

/**
 * Where a change was made: in this process, or in another instance (or a command on PostgreSQL)
 * that told this one through the database. A cache treats both alike; only the forwarding to other
 * instances must know, so that it does not send back what it heard.
 */
export type ChangeOrigin = 'local' | 'remote'

/**
 * What happened to content, for whoever must react (the page cache, the listing index, the PDF
 * calendars...). Services emit; they do not know who listens. Changes made by other instances are
 * emitted here too (`ContentEventBus.heard`), so a cache subscribes once, here, and is told of both.
 */
export interface ContentEvents {
  /**
   * Published content of a domain changed: visitor caches for what it shows are stale. A change
   * with no description is a 'site' change (everything of that domain); domainId is null only for
   * an 'everything' change. The origin is 'local' when not given.
   */
  published: [domainId: string | null, change?: ContentChange, origin?: ChangeOrigin]
}

/** The PostgreSQL NOTIFY channel on which instances tell each other what was published. */
export const CONTENT_CHANNEL = 'content_published'

/** Past this many ids the message names the kind only (a NOTIFY payload holds under 8,000 bytes). */
const MAX_NOTIFIED_IDS = 100

/** The NOTIFY payload of a change: JSON, as small as possible. `origin` names the sending bus. */
export function encodeChange(domainId: string, change: ContentChange = SITE_CHANGE, origin: string): string {
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
export const changesListings = (change: ContentChange | undefined) => !change || change.kind === 'listings' || change.kind === 'everything'

export class ContentEventBus extends EventEmitter<ContentEvents> {
  /** This bus (one per process, one per service set in tests), in the NOTIFY payloads it sends. */
  readonly origin = randomUUID().slice(0, 12)

  constructor() {
    super()
    // One listener per cache or reaction (page cache, listing index, map, PDFs, CDN, radar...): a
    // dozen is the design, not a leak; Node's warning at 10 would be noise.
    this.setMaxListeners(30)
  }

  /**
   * A NOTIFY payload from the database: another instance's change, emitted here as a remote one
   * (this bus's own messages come back to it and are skipped).
   */
  heard(payload: string): void {
    const { domainId, change, origin } = decodeChange(payload)
    if (origin === this.origin) return
    this.emit('published', domainId, change, 'remote')
  }

  /** The channel was down: whatever other instances changed meanwhile was not heard. */
  missedChanges(): void {
    this.emit('published', null, EVERYTHING, 'remote')
  }
}

/**
 * Sends what is published in this process to every other process sharing its database (PostgreSQL
 * NOTIFY): server instances, and a command-line tool on PostgreSQL telling the servers. What was
 * heard from them is not sent back.
 */
export function forwardToInstances(database: Pick<Database, 'notify'>, events: ContentEventBus): void {
  events.on('published', (domainId, change, origin = 'local') => {
    if (origin === 'remote' || domainId === null) return
    database.notify(CONTENT_CHANNEL, encodeChange(domainId, change, events.origin)).catch(() => {
      // The database is down: nothing was published either. The page cache's maximum age is the safety net.
    })
  })
}

/**
 * What other instances publish is emitted on this process's bus, as remote changes: every cache
 * that listens to the bus hears them. The listening connection comes back by itself when it drops,
 * and everything is then taken as changed (what was sent meanwhile was missed).
 */
export function listenToInstances(
  database: Pick<Database, 'listen'>,
  events: ContentEventBus,
  options: { onStatus?: (status: ListenerStatus, err?: unknown) => void; onReconnect?: () => void } = {},
): Promise<Listener> {
  return database.listen(CONTENT_CHANNEL, (payload) => events.heard(payload), {
    onReconnect: () => {
      events.missedChanges()
      options.onReconnect?.()
    },
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
  })
}
