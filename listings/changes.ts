import type { ContentChange, ContentEventBus } from '../server/services/events.ts'

/**
 * What the listing services (service.ts, taxonomy.ts, fetch.ts) share about changes: a counter
 * bumped on every write in this process (memoised fetch answers older than it are reloaded), and
 * the 'published' event for changes visitors see (the in-memory index and the page cache follow it).
 */
export function createListingChanges(events: ContentEventBus) {
  let generation = 0
  // Category and tag names published elsewhere (a language's names, by the translation service, or
  // another instance) make memoised answers stale as this service's own writes do.
  events.on('published', (_domainId, change) => {
    if (change?.kind === 'listing-categories' || change?.kind === 'everything') generation++
  })
  return {
    get generation() {
      return generation
    },
    /** A write visitors do not see (a draft): only memoised answers are reloaded. */
    bump() {
      generation++
    },
    /**
     * A change visitors see: listing data by default (grids, listing pages and the in-memory index
     * follow it); 'listing-categories' for a category or tag names (grids and listing pages only).
     */
    changed(domainId: string, change: ContentChange = { kind: 'listings' }) {
      generation++
      events.emit('published', domainId, change)
    },
  }
}

export type ListingChanges = ReturnType<typeof createListingChanges>
