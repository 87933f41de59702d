/** The kinds of search results (issue 19), shared by the search service and the /search page. */
import type { PRODUCT_CATEGORIES } from './listings.ts'

/**
 * What a result is, for the groups of the search page: the region's own pages (pages and story
 * chapters), or a listing's kind from its provider category (lib/listings PRODUCT_CATEGORIES);
 * a listing without one (entered by hand) is 'other'.
 */
export const SEARCH_KINDS = [
  { kind: 'pages', label: 'Pages' },
  { kind: 'events', label: 'Events', category: 'EVENT' },
  { kind: 'stay', label: 'Stays', category: 'ACCOMM' },
  { kind: 'tours', label: 'Tours', category: 'TOUR' },
  { kind: 'food', label: 'Food and drink', category: 'RESTAURANT' },
  { kind: 'attractions', label: 'Attractions', category: 'ATTRACTION' },
  { kind: 'hire', label: 'Hire', category: 'HIRE' },
  { kind: 'transport', label: 'Transport', category: 'TRANSPORT' },
  { kind: 'destinations', label: 'Destinations', category: 'DESTINFO' },
  { kind: 'services', label: 'Services', category: 'GENSERVICE' },
  { kind: 'info', label: 'Information', category: 'INFO' },
  { kind: 'other', label: 'Other listings' },
] as const satisfies readonly { kind: string; label: string; category?: keyof typeof PRODUCT_CATEGORIES }[]
export type SearchKind = (typeof SEARCH_KINDS)[number]['kind']
export const searchKindIds = SEARCH_KINDS.map((k) => k.kind) as [SearchKind, ...SearchKind[]]

/** The label of a kind, as the search page shows it. */
export const searchKindLabel = (kind: string) => SEARCH_KINDS.find((k) => k.kind === kind)?.label ?? kind

export interface SearchGroup {
  kind: SearchKind
  label: string
  count: number
}

export interface Suggestion {
  kind: SearchKind
  collection: string
  id: string
  slug: string
  title: string
}

export interface SuggestionGroup {
  kind: SearchKind
  label: string
  suggestions: Suggestion[]
}
