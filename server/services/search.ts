import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Collection, PageDoc } from '#lib/content'
import { escapeHtml } from '#lib/html'
import type { Db } from '../db/client.ts'
import { searchIndex, searchTerms } from '../db/schema.ts'
import { rolesOf, searchAudience, type Actor } from './access.ts'

/** Keys whose string values are addresses, ids or settings, not words a visitor reads. */
const NON_TEXT_KEYS = new Set([
  'componentType',
  '_key',
  'imageId',
  'href',
  'type',
  'icon',
  'id',
  'navLink',
  'alpacaURL',
  'videoId',
  'backgroundColour',
  'fontColour',
  'position',
  'key',
  'link',
])

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
  if (Array.isArray(value))
    return value
      .map((v) => textOf(v))
      .filter(Boolean)
      .join(' ')
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

/** Words shorter than this are not corrected (nor kept for corrections): too many near neighbours. */
const MIN_CORRECTED_LENGTH = 3

/**
 * The words an entry contributes to "did you mean": its text split and lower-cased by Postgres
 * (the 'simple' configuration: real words, not stems), 3 to 40 letters, not bare numbers. The
 * migration that created search_terms backfilled it with the same rule.
 */
const termsOfText = (text: SQL) =>
  sql`select t.lexeme from unnest(to_tsvector('simple', ${text})) as t where length(t.lexeme) between ${MIN_CORRECTED_LENGTH} and 40 and t.lexeme !~ '^[0-9]+$'`

/**
 * For each term (in order), the closest word of the domain's public entries by trigram similarity
 * (pg_trgm's % operator, answered by the trigram index on search_terms.word), the more frequent
 * first on a tie; null when no word is similar enough. One parameterised statement for all terms.
 */
export function correctionQuery(domainId: string, terms: string[]): SQL {
  return sql`
    select w.word
    from jsonb_array_elements_text(${JSON.stringify(terms)}::jsonb) with ordinality as q(term, n)
    left join lateral (
      select st.word
      from ${searchTerms} as st
      where st.word % q.term and st.domain_id = ${domainId}
      group by st.word
      order by similarity(st.word, q.term) desc, count(*) desc, st.word
      limit 1
    ) as w on true
    order by q.n`
}

/** Only the entries the caller may read: those without viewer roles, or sharing one of the caller's roles (admins read all). */
function visibleTo(actor: Actor | undefined): SQL | undefined {
  const audience = searchAudience(actor)
  if ('all' in audience) return undefined
  if (audience.roles.length === 0) return sql`cardinality(${searchIndex.viewerRoles}) = 0`
  return sql`(cardinality(${searchIndex.viewerRoles}) = 0 or ${searchIndex.viewerRoles} && array(select jsonb_array_elements_text(${JSON.stringify(audience.roles)}::jsonb)))`
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

export function createSearchService(db: Db) {
  /** The search entry of a published page: its plain text, and who may find it. */
  function entryOf(collection: Collection, page: PageDoc) {
    const title = String(page.header?.title || page.title || page.slug || '')
    const description = String(page.header?.description ?? page.description ?? '')
    return {
      domainId: page.domainId,
      collection,
      itemId: page._id,
      slug: page.slug,
      title: stripHtml(title),
      description: stripHtml(description),
      body: textOf(page.contents).replace(/\s+/g, ' ').trim(),
      imageId: page.header?.image?.imageId || null,
      viewerRoles: [...new Set(rolesOf(page.viewerRoles))],
      updatedAt: new Date(),
    }
  }

  /**
   * Indexes published pages of one collection (or replaces their entries) with their viewer roles,
   * and replaces the words they contribute to "did you mean" (none while a page has viewer roles: a
   * visitor must not be offered words of a page they cannot read). One statement per table for
   * the whole list: a first listing import indexes thousands of pages.
   */
  async function indexPages(collection: Collection, list: PageDoc[]) {
    if (list.length === 0) return
    const entries = list.map((page) => entryOf(collection, page))
    const excluded = (column: string) => sql.raw(`excluded.${column}`)
    const publicEntries = entries
      .filter((e) => e.viewerRoles.length === 0)
      .map((e) => ({ domain_id: e.domainId, item_id: e.itemId, text: `${e.title} ${e.description} ${e.body}` }))
    await db.transaction(async (tx) => {
      await tx
        .insert(searchIndex)
        .values(entries)
        .onConflictDoUpdate({
          target: [searchIndex.domainId, searchIndex.collection, searchIndex.itemId],
          set: {
            slug: excluded('slug'),
            title: excluded('title'),
            description: excluded('description'),
            body: excluded('body'),
            imageId: excluded('image_id'),
            viewerRoles: excluded('viewer_roles'),
            updatedAt: excluded('updated_at'),
          },
        })
      await tx.delete(searchTerms).where(
        and(
          eq(searchTerms.collection, collection),
          inArray(
            searchTerms.itemId,
            entries.map((e) => e.itemId),
          ),
        ),
      )
      if (publicEntries.length) {
        await tx.execute(sql`
          insert into ${searchTerms} (domain_id, collection, item_id, word)
          select e.domain_id, ${collection}, e.item_id, w.lexeme
          from jsonb_to_recordset(${JSON.stringify(publicEntries)}::jsonb) as e(domain_id text, item_id text, text text)
          cross join lateral (${termsOfText(sql`e.text`)}) as w
          on conflict do nothing`)
      }
    })
  }

  /** Indexes one published page (or replaces its entry): see indexPages. */
  const indexPage = (collection: Collection, page: PageDoc) => indexPages(collection, [page])

  async function deleteItem(domainId: string, itemId: string, collection?: Collection) {
    await db.transaction(async (tx) => {
      await tx
        .delete(searchIndex)
        .where(
          and(
            eq(searchIndex.domainId, domainId),
            eq(searchIndex.itemId, itemId),
            collection ? eq(searchIndex.collection, collection) : undefined,
          ),
        )
      await tx
        .delete(searchTerms)
        .where(
          and(
            eq(searchTerms.domainId, domainId),
            eq(searchTerms.itemId, itemId),
            collection ? eq(searchTerms.collection, collection) : undefined,
          ),
        )
    })
  }

  async function run(domainId: string, tsquery: string, page: number, pageSize: number, actor: Actor | undefined) {
    const q = sql`to_tsquery('english', ${tsquery})`
    const visible = visibleTo(actor)
    const where = sql`${searchIndex.domainId} = ${domainId} and ${searchIndex.document} @@ ${q}${visible ? sql` and ${visible}` : sql``}`
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(searchIndex)
      .where(where)
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

  /** The terms with each replaced by the closest public word of the domain; null when nothing changes. */
  async function correct(domainId: string, terms: string[]): Promise<string[] | null> {
    const candidates = terms.filter((t) => t.length >= MIN_CORRECTED_LENGTH)
    if (candidates.length === 0) return null
    const words = rowsOf<{ word: string | null }>(await db.execute(correctionQuery(domainId, candidates))).map((r) => r.word)
    const byTerm = new Map(candidates.map((term, i) => [term, words[i] ?? null]))
    const corrected = terms.map((term) => byTerm.get(term) ?? term)
    return corrected.some((word, i) => word !== terms[i]) ? corrected : null
  }

  /**
   * Ranked full-text search over a domain's published pages and listings: only what the caller
   * may read (no actor: a visitor, who reads entries without viewer roles only). With no hits, the
   * query is corrected word by word ("did you mean") from the search_terms vocabulary: one
   * indexed lookup, then the corrected search.
   */
  async function search(
    domainId: string,
    query: string,
    options: { page?: number; pageSize?: number; actor?: Actor } = {},
  ): Promise<SearchAnswer> {
    const page = Math.max(1, options.page ?? 1)
    const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 10))
    const terms = termsOf(query)
    if (terms.length === 0) return { results: [], total: 0, page, pageSize, correctedQuery: null }
    let { total, rows } = await run(domainId, prefixQuery(terms), page, pageSize, options.actor)
    let correctedQuery: string | null = null
    if (total === 0) {
      const corrected = await correct(domainId, terms)
      if (corrected) {
        ;({ total, rows } = await run(domainId, corrected.join(' & '), page, pageSize, options.actor))
        if (total > 0) correctedQuery = corrected.join(' ')
      }
    }
    const results = rows.map((r) => ({
      ...r,
      snippet: escapeHtml(r.snippet).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>'),
    }))
    return { results, total, page, pageSize, correctedQuery }
  }

  return { indexPage, indexPages, deleteItem, search }
}

export type SearchService = ReturnType<typeof createSearchService>
