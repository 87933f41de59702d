import { and, eq, sql } from 'drizzle-orm'
import type { Collection, PageDoc } from '#lib/content'
import type { Db } from '../db/client.ts'
import { searchIndex } from '../db/schema.ts'

/** Keys whose string values are addresses, ids or settings, not words a visitor reads. */
const NON_TEXT_KEYS = new Set(['componentType', '_key', 'imageId', 'href', 'type', 'icon', 'id', 'navLink', 'alpacaURL', 'videoId', 'backgroundColour', 'fontColour', 'position', 'key', 'link'])

function stripHtml(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
}

/** Every visible word of a page's blocks, in order, as plain text. */
export function textOf(value: unknown, key = ''): string {
  if (typeof value === 'string') return NON_TEXT_KEYS.has(key) ? '' : stripHtml(value)
  if (Array.isArray(value)) return value.map((v) => textOf(v)).filter(Boolean).join(' ')
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([k]) => !NON_TEXT_KEYS.has(k) || k === 'link')
      .map(([k, v]) => (k === 'link' && v && typeof v === 'object' ? textOf((v as { text?: unknown }).text) : textOf(v, k)))
      .filter(Boolean)
      .join(' ')
  }
  return ''
}

export interface SearchResult {
  collection: string
  id: string
  slug: string
  title: string
  description: string
  imageId: string | null
  /** Plain text with the matched words wrapped in <mark>; everything else is escaped. */
  snippet: string
}

export interface SearchAnswer {
  results: SearchResult[]
  total: number
  page: number
  pageSize: number
  /** The corrected words when the query matched nothing as typed (typo tolerance). */
  correctedQuery: string | null
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
// Private-use markers survive ts_headline and can be turned into <mark> after escaping.
const START = '\uE000'
const STOP = '\uE001'

/** Words a visitor typed, reduced to what to_tsquery accepts. */
function termsOf(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12)
}

/** All words must match; the last one as a prefix, so results appear while typing. */
function prefixQuery(terms: string[]): string {
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ')
}

export function createSearchService(db: Db) {
  async function indexPage(collection: Collection, page: PageDoc) {
    const title = String(page.header?.title || page.title || page.slug || '')
    const description = String(page.header?.description ?? page.description ?? '')
    const body = textOf(page.contents).replace(/\s+/g, ' ').trim()
    const values = {
      domainId: page.domainId,
      collection,
      itemId: page._id,
      slug: page.slug,
      title: stripHtml(title),
      description: stripHtml(description),
      body,
      imageId: page.header?.image?.imageId || null,
      updatedAt: new Date(),
    }
    await db
      .insert(searchIndex)
      .values(values)
      .onConflictDoUpdate({ target: [searchIndex.domainId, searchIndex.collection, searchIndex.itemId], set: values })
  }

  async function deleteItem(domainId: string, itemId: string, collection?: Collection) {
    await db
      .delete(searchIndex)
      .where(and(eq(searchIndex.domainId, domainId), eq(searchIndex.itemId, itemId), collection ? eq(searchIndex.collection, collection) : undefined))
  }

  async function run(domainId: string, tsquery: string, page: number, pageSize: number) {
    const q = sql`to_tsquery('english', ${tsquery})`
    const where = sql`${searchIndex.domainId} = ${domainId} and ${searchIndex.document} @@ ${q}`
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(searchIndex).where(where)
    const rows = await db
      .select({
        collection: searchIndex.collection,
        id: searchIndex.itemId,
        slug: searchIndex.slug,
        title: searchIndex.title,
        description: searchIndex.description,
        imageId: searchIndex.imageId,
        snippet: sql<string>`ts_headline('english', ${searchIndex.description} || ' ' || ${searchIndex.body}, ${q}, ${`StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})`,
      })
      .from(searchIndex)
      .where(where)
      .orderBy(sql`ts_rank_cd(${searchIndex.document}, ${q}) desc`, searchIndex.title)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    return { total: count?.n ?? 0, rows }
  }

  /** For each term that is not in the index, the closest indexed word (pg_trgm similarity). */
  async function correct(domainId: string, terms: string[]): Promise<string[] | null> {
    let changed = false
    const corrected: string[] = []
    for (const term of terms) {
      const result = await db.execute<{ word: string }>(sql`
        select word from ts_stat(${`select document from search_index where domain_id = '${domainId.replace(/'/g, "''")}'`})
        where similarity(word, ${term}) > 0.3
        order by similarity(word, ${term}) desc, nentry desc
        limit 1`)
      const rows = (result as unknown as { rows: { word: string }[] }).rows
      const word = rows[0]?.word
      if (word && word !== term) changed = true
      corrected.push(word ?? term)
    }
    return changed ? corrected : null
  }

  /** Ranked full-text search over a domain's published pages and listings. */
  async function search(domainId: string, query: string, options: { page?: number; pageSize?: number } = {}): Promise<SearchAnswer> {
    const page = Math.max(1, options.page ?? 1)
    const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 10))
    const terms = termsOf(query)
    if (terms.length === 0) return { results: [], total: 0, page, pageSize, correctedQuery: null }
    let { total, rows } = await run(domainId, prefixQuery(terms), page, pageSize)
    let correctedQuery: string | null = null
    if (total === 0) {
      const corrected = await correct(domainId, terms)
      if (corrected) {
        ;({ total, rows } = await run(domainId, corrected.join(' & '), page, pageSize))
        if (total > 0) correctedQuery = corrected.join(' ')
      }
    }
    const results = rows.map((r) => ({
      ...r,
      snippet: escapeHtml(r.snippet).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>'),
    }))
    return { results, total, page, pageSize, correctedQuery }
  }

  return { indexPage, deleteItem, search }
}

export type SearchService = ReturnType<typeof createSearchService>
