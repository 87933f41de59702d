/**
 * The provider's accessibility attributes as the site uses them (issue 35 point 4): which codes a
 * visitor can filter by, and the tag each puts on a listing's public row (listings.tags, one GIN
 * index with the categories), so the grid's filter is an ordinary tag test in SQL and in memory.
 * Shared with the browser (the grid's filter form): no zod, no database.
 */

/** The codes a visitor can filter by, in the form's order: the overall welcome, then the needs catered for. */
export const ACCESS_FILTER_CODES = ['DISASSIST', 'AMBULANT', 'HEARING', 'SIGHTASSIST', 'COMMUNICATION', 'ALERGYINTOLRNCE'] as const
export type AccessFilterCode = (typeof ACCESS_FILTER_CODES)[number]

/** The tag a listing with the attribute carries (not a category: no category names it). */
export const accessTag = (code: string) => `ACCESS_${code.toUpperCase()}`

/** Whether a string is a filterable code (address parameters are read from anywhere). */
export const isAccessFilterCode = (value: string): value is AccessFilterCode => (ACCESS_FILTER_CODES as readonly string[]).includes(value)

/** The tag of a listing the provider gives deals (the deals block finds them by it; it checks their dates itself). */
export const HAS_DEAL_TAG = 'HAS_DEAL'
