import { EventEmitter } from 'node:events'

/**
 * What happened to content, for whoever must react (the page cache, the search index).
 * Services emit; they do not know who listens.
 */
export interface ContentEvents {
  /** Published content of a domain changed: visitor caches for that domain are stale. */
  published: [domainId: string]
}

/** The PostgreSQL NOTIFY channel on which instances tell each other what was published. */
export const CONTENT_CHANNEL = 'content_published'

export class ContentEventBus extends EventEmitter<ContentEvents> {}
