import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { htmlText } from '#lib/html-text'
import type { Collection, PageDoc } from '#lib/content'
import { escapeHtml } from '#lib/html'
import { SEARCH_KINDS, searchKindIds, type SearchGroup, type SearchKind, type Suggestion, type SuggestionGroup } from '#lib/search-kinds'
import type { Db } from '../db/client.ts'
import { listings, listingTranslations, pageTranslationSearch, searchIndex, searchTerms, translations } from '../db/schema.ts'
import type { Writer } from './team/activity.ts'
import { cjkTsQuery } from '#lib/cjk'
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '#lib/locales'
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

const RICH_TEXT_HEADINGS: ReadonlySet<string> = new Set(['h2', 'h3', 'h4'])

/** Every visible word of a page's blocks, in order, as plain text. */
export function textOf(value: unknown, key = ''): string {
  if (typeof value === 'string') return NON_TEXT_KEYS.has(key) ? '' : htmlText(value)
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

/** Block keys whose text is a heading of the page (a section's title), not running text. */
const HEADING_KEYS = ['title', 'secondTitle', 'heading'] as const

/**
 * The page's section headings, as plain text: each block's title (SectionHeading, CardGrid,
 * Contact...) and the h2-h4 of its rich text. Weighted with the description in the index, so a
 * page with a section about the query ranks above one that only mentions it.
 */
export function headingsOf(contents: unknown): string {
  if (!Array.isArray(contents)) return ''
  const out: string[] = []
  for (const block of contents) {
    if (!block || typeof block !== 'object') continue
    const b = block as Record<string, unknown>
    for (const key of HEADING_KEYS) if (typeof b[key] === 'string') out.push(htmlText(b[key]))
    if (typeof b.html === 'string') out.push(htmlText(b.html, RICH_TEXT_HEADINGS))
  }
  return out.join(' ').replace(/\s+/g, ' ').trim()
}

/**
 * The kind of a search_index row; listings is joined on the row's item (a primary-key lookup).
 * The categories and kinds are this file's constants, written into the SQL as literals so that
 * the expression is the same in the select list and the GROUP BY.
 */
const kindSql = sql<SearchKind>`case when ${searchIndex.collection} <> 'listings' then 'pages' else case ${listings.productCategory} ${sql.raw(
  SEARCH_KINDS.flatMap((k) => ('category' in k ? [`when '${k.category}' then '${k.kind}'`] : [])).join(' '),
)} else 'other' end end`
const kindOrder = sql`array_position(array[${sql.raw(searchKindIds.map((k) => `'${k}'`).join(', '))}]::text[], ${kindSql})`

/** A title, or what a visitor typed, as lower-case words separated by single spaces: for "the title is the query". */
const normalised = (value: SQL | string) => sql`btrim(regexp_replace(lower(${value}), '[^[:alnum:]]+', ' ', 'g'))`

export interface SearchResult {
  kind: SearchKind
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
  /** The results of the kind asked for (all kinds: every result). */
  total: number
  /** Every kind with results for the query, in the page's order, with its count (whatever kind was asked for). */
  groups: SearchGroup[]
  kind: SearchKind | null
  page: number
  pageSize: number
  /** The corrected words when the query matched nothing as typed (typo tolerance). */
  correctedQuery: string | null
}

// Private-use markers survive ts_headline and can be turned into <mark> after escaping.
const START = '\uE000'
const STOP = '\uE001'
const HEADLINE = `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`

/**
 * How a search in a further language matches the listings translated into it (decision 030): their
 * words in the language's configuration (Chinese, Japanese, Korean: character pairs, lib/cjk.ts),
 * the name (weight A) ranking above the description; the snippet from the translated description
 * (CJK: its beginning, as PostgreSQL cannot cut a headline around character pairs).
 */
function localMatch(locale: LocaleCode, query: string, terms: string[], prefix: boolean) {
  const { textSearch, cjk } = LOCALES[locale]
  const text = cjk ? (cjkTsQuery(query) ?? tsqueryOf(terms, { prefix })) : tsqueryOf(terms, { prefix })
  const titleText = cjk
    ? (cjkTsQuery(query, { weights: 'A' }) ?? tsqueryOf(terms, { prefix, weights: 'A' }))
    : tsqueryOf(terms, { prefix, weights: 'A' })
  const q = sql`to_tsquery(${textSearch}::regconfig, ${text})`
  const lt = listingTranslations
  return {
    q,
    matches: sql`(${lt.listingId} is not null and ${lt.search} @@ ${q})`,
    inTitle: sql`${lt.search} @@ to_tsquery(${textSearch}::regconfig, ${titleText})`,
    isTitle: sql`${normalised(sql`${lt.name}`)} = ${normalised(query)}`,
    snippet: cjk
      ? sql<string>`left(${lt.description}, 120)`
      : sql<string>`ts_headline(${textSearch}::regconfig, ${lt.description}, ${q}, ${HEADLINE})`,
  }
}

/**
 * How a search in a further language matches a page by its published translation (the texts an
 * editor translated; a page's other texts are read, and found, in English as before): by its row
 * of page_translation_search (writePageTranslationSearch), joined by primary key. Words in the
 * language's configuration (German stems "Weingüter" as "weingut"); Chinese, Japanese and Korean
 * as the typed runs contained in the text, which needs no tokeniser and works on PGlite and
 * PostgreSQL alike.
 */
function pageTranslationMatch(locale: LocaleCode, terms: string[], prefix: boolean) {
  const { textSearch, cjk } = LOCALES[locale]
  const pt = pageTranslationSearch
  const q = sql`to_tsquery(${textSearch}::regconfig, ${tsqueryOf(terms, { prefix })})`
  const contains = (value: SQL) =>
    sql.join(
      terms.map((term) => sql`strpos(lower(${value}), ${term}) > 0`),
      sql` and `,
    )
  return {
    /** The page has a published translation in the language. */
    translated: sql`${pt.pageId} is not null`,
    matches: sql`(${pt.pageId} is not null and ${cjk ? contains(sql`${pt.text}`) : sql`${pt.search} @@ ${q}`})`,
    inTitle: cjk
      ? contains(sql`coalesce(${pt.title}, '')`)
      : sql`${pt.search} @@ to_tsquery(${textSearch}::regconfig, ${tsqueryOf(terms, { prefix, weights: 'A' })})`,
    title: sql<string | null>`${pt.title}`,
    description: sql<string | null>`${pt.description}`,
    snippet: cjk
      ? sql<string>`left(btrim(regexp_replace(${pt.text}, '\\s+', ' ', 'g')), 120)`
      : sql<string>`ts_headline(${textSearch}::regconfig, ${pt.text}, ${q}, ${HEADLINE})`,
  }
}

/** A translation's published texts joined as a reader reads them: rich text's tags as word breaks. */
const publishedText = (published: SQL, except: string[] = []) =>
  sql`regexp_replace(coalesce((select string_agg(f.value, ' ') from jsonb_each_text(${published}) as f${
    except.length
      ? sql` where f.key not in (${sql.join(
          except.map((key) => sql`${key}`),
          sql`, `,
        )})`
      : sql``
  }), ''), '<[^>]*>', ' ', 'g')`

/**
 * Replaces the page's search row in a language with one for its published translation, or removes
 * it while the language is not published (decision 041): called in the transaction of every write
 * of a page translation's published texts. Migration 0027 wrote the rows of existing installations
 * with the same expressions.
 */
export async function writePageTranslationSearch(writer: Writer, pageId: string, locale: LocaleCode) {
  const pt = pageTranslationSearch
  const tr = translations
  await writer.delete(pt).where(and(eq(pt.pageId, pageId), eq(pt.locale, locale)))
  const { textSearch, cjk } = LOCALES[locale]
  const config = sql`${textSearch}::regconfig`
  const field = (key: string) => sql`${tr.published}->>${key}`
  const search = cjk
    ? sql`null`
    : sql`setweight(to_tsvector(${config}, coalesce(${field('header.title')}, '')), 'A')
      || setweight(to_tsvector(${config}, coalesce(${field('header.description')}, '')), 'B')
      || setweight(to_tsvector(${config}, ${publishedText(sql`${tr.published}`, ['header.title', 'header.description'])}), 'C')`
  await writer.execute(sql`
    insert into ${pt} (kind, page_id, locale, domain_id, title, description, text, search)
    select ${tr.kind}, ${tr.subjectId}, ${tr.locale}, ${tr.domainId}, nullif(${field('header.title')}, ''),
      nullif(${field('header.description')}, ''), ${publishedText(sql`${tr.published}`)}, ${search}
    from ${tr}
    where ${tr.kind} = 'page' and ${tr.subjectId} = ${pageId} and ${tr.locale} = ${locale} and ${tr.published} is not null`)
}

/** Words a visitor typed, reduced to what to_tsquery accepts. */
function termsOf(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12)
}

/**
 * All words must match; the last one as a prefix (so results appear while typing) unless the
 * words are a correction. `weights` restricts the words to parts of the entry: 'A' the title,
 * 'AB' the title, headings and description.
 */
function tsqueryOf(terms: string[], options: { prefix: boolean; weights?: string }): string {
  return terms
    .map((t, i) => {
      const prefix = options.prefix && i === terms.length - 1 ? '*' : ''
      return prefix || options.weights ? `${t}:${prefix}${options.weights ?? ''}` : t
    })
    .join(' & ')
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

export { SEARCH_KINDS, searchKindIds, type SearchGroup, type SearchKind, type Suggestion, type SuggestionGroup }

/**
 * The statement of suggest(): the titles matching the words (the title-words index, first), then
 * the domain and the caller's visibility, the best `perKind` of each kind. Exported for the plan test.
 */
export function suggestionQuery(
  domainId: string,
  query: string,
  terms: string[],
  perKind: number,
  actor: Actor | undefined,
  locale: LocaleCode | null = null,
): SQL {
  // Accents folded on both sides (the *_unaccent configurations, migration 0019): 'café' and 'cafe' suggest the same.
  const words = sql`to_tsvector('simple_unaccent', ${searchIndex.title})`
  const q = sql`to_tsquery('simple_unaccent', ${tsqueryOf(terms, { prefix: true })})`
  const visible = visibleTo(actor)
  const lt = listingTranslations
  const pt = pageTranslationSearch
  // A page whose title is translated and published in the language is suggested by that title.
  const translatedTitle = sql`${pt.domainId} = ${domainId} and ${pt.locale} = ${locale ?? ''} and ${pt.title} is not null`
  // In a further language (decision 030), a listing translated into it is suggested by its name there, never its English one.
  const matches = locale
    ? sql`
          select s.domain_id, s.collection, s.item_id, s.slug, s.title, s.viewer_roles from ${searchIndex} as s
          where to_tsvector('simple_unaccent', s.title) @@ ${q}
            and not (s.collection = 'listings' and exists (select 1 from ${lt} where ${lt.listingId} = s.item_id and ${lt.locale} = ${locale}))
            and not (s.collection <> 'listings' and exists (select 1 from ${pt} where ${translatedTitle} and ${pt.pageId} = s.item_id))
          union all
          select s.domain_id, s.collection, s.item_id, s.slug, ${pt.title} as title, s.viewer_roles
          from ${pt} join ${searchIndex} as s on s.collection <> 'listings' and s.item_id = ${pt.pageId}
          where ${translatedTitle} and to_tsvector('simple_unaccent', ${pt.title}) @@ ${q}
          union all
          select s.domain_id, s.collection, s.item_id, s.slug, ${lt.name} as title, s.viewer_roles
          from ${lt} join ${searchIndex} as s on s.collection = 'listings' and s.item_id = ${lt.listingId}
          where ${lt.domainId} = ${domainId} and ${lt.locale} = ${locale} and to_tsvector('simple_unaccent', ${lt.name}) @@ ${q}`
    : sql`select domain_id, collection, item_id, slug, title, viewer_roles from ${searchIndex} where ${words} @@ ${q}`
  return sql`
        with matches as materialized (${matches})
        select kind, collection, id, slug, title from (
          select ${kindSql} as kind, ${searchIndex.collection} as collection, ${searchIndex.itemId} as id,
            ${searchIndex.slug} as slug, ${searchIndex.title} as title, ${kindOrder} as kind_order,
            row_number() over (
              partition by ${kindSql}
              order by (${normalised(sql`${searchIndex.title}`)} = ${normalised(query)}) desc, length(${searchIndex.title}), ${searchIndex.title}
            ) as n
          from matches as ${searchIndex}
          left join ${listings} on ${searchIndex.collection} = 'listings' and ${listings.id} = ${searchIndex.itemId}
          where ${searchIndex.domainId} = ${domainId}${visible ? sql` and ${visible}` : sql``}
        ) as s
        where n <= ${perKind}
        order by kind_order, n`
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
      title: htmlText(title),
      description: htmlText(description),
      headings: headingsOf(page.contents),
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
            headings: excluded('headings'),
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

  /**
   * One search: the kinds' counts, then one page of results ranked by class, then by Postgres's
   * rank. The classes, best first: the title is the query (a page before a listing); the region's
   * pages matching in the title, then in a heading or the description; listings matching in the
   * title, then in the description; then pages, then listings, matching in the body only. A page
   * whose title is the query is found even when its words are all stop words.
   */
  async function run(
    domainId: string,
    query: string,
    terms: string[],
    prefix: boolean,
    options: { page: number; pageSize: number; actor: Actor | undefined; kind: SearchKind | null; locale: LocaleCode | null },
  ) {
    // The document is indexed with accents folded (english_unaccent): the words typed are folded the same way.
    const q = sql`to_tsquery('english_unaccent', ${tsqueryOf(terms, { prefix })})`
    const inTitle = sql`${searchIndex.document} @@ to_tsquery('english_unaccent', ${tsqueryOf(terms, { prefix, weights: 'A' })})`
    const inHeadings = sql`${searchIndex.document} @@ to_tsquery('english_unaccent', ${tsqueryOf(terms, { prefix, weights: 'AB' })})`
    const isTitle = sql`${normalised(sql`${searchIndex.title}`)} = ${normalised(query)}`
    const visible = visibleTo(options.actor)
    // In a further language (decision 030), a listing the provider translated is found by what the
    // visitor reads (listing_translations, in the language's configuration) and every other entry as before.
    const local = options.locale ? localMatch(options.locale, query, terms, prefix) : null
    // A page is found by its published translation too, and by its English text as before (a page's
    // untranslated texts are read in English).
    const pageLocal = options.locale ? pageTranslationMatch(options.locale, terms, prefix) : null
    const matches = local
      ? sql`((${listingTranslations.listingId} is null and (${searchIndex.document} @@ ${q} or ${isTitle})) or ${local.matches} or ${pageLocal!.matches})`
      : sql`(${searchIndex.document} @@ ${q} or ${isTitle})`
    const where = sql`${searchIndex.domainId} = ${domainId} and ${matches}${visible ? sql` and ${visible}` : sql``}`
    const translationJoin = sql`${searchIndex.collection} = 'listings' and ${listingTranslations.listingId} = ${searchIndex.itemId} and ${listingTranslations.locale} = ${options.locale ?? ''}`
    // A listing's page is a page too: what an editor translated on it (its blocks, its header) is found
    // in the language as on any page, beside the provider's translation of the listing itself.
    const pageTranslationJoin = sql`${pageTranslationSearch.pageId} = ${searchIndex.itemId} and ${pageTranslationSearch.locale} = ${options.locale ?? ''}`
    const counts = await db
      .select({ kind: kindSql, n: sql<number>`count(*)::int` })
      .from(searchIndex)
      .leftJoin(listings, sql`${searchIndex.collection} = 'listings' and ${listings.id} = ${searchIndex.itemId}`)
      .leftJoin(listingTranslations, local ? translationJoin : sql`false`)
      .leftJoin(pageTranslationSearch, pageLocal ? pageTranslationJoin : sql`false`)
      .where(where)
      .groupBy(kindSql)
    const groups = SEARCH_KINDS.flatMap(({ kind, label }) => {
      const count = counts.find((c) => c.kind === kind)?.n ?? 0
      return count > 0 ? [{ kind, label, count }] : []
    })
    const total = options.kind ? (groups.find((g) => g.kind === options.kind)?.count ?? 0) : groups.reduce((n, g) => n + g.count, 0)
    const isListing = sql`(${searchIndex.collection} = 'listings')::int`
    const rank = local
      ? sql`case when ${listingTranslations.listingId} is not null then (case when ${local.isTitle} then 1 when ${local.inTitle} then 4 else 5 end)
      when ${pageLocal!.translated} and ${normalised(sql`${pageLocal!.title}`)} = ${normalised(query)} then 0
      when ${pageLocal!.translated} and ${pageLocal!.inTitle} then 2
      when ${isTitle} then 0 + ${isListing}
      when ${inTitle} then 2 + 2 * ${isListing}
      when ${inHeadings} then 3 + 2 * ${isListing}
      else 6 + ${isListing} end`
      : sql`case when ${isTitle} then 0 + ${isListing}
      when ${inTitle} then 2 + 2 * ${isListing}
      when ${inHeadings} then 3 + 2 * ${isListing}
      else 6 + ${isListing} end`
    const headline = sql`ts_headline('english_unaccent', ${searchIndex.description} || ' ' || ${searchIndex.body}, ${q}, ${HEADLINE})`
    const rows =
      total === 0
        ? []
        : await db
            .select({
              kind: kindSql,
              collection: searchIndex.collection,
              id: searchIndex.itemId,
              slug: searchIndex.slug,
              title:
                local && pageLocal
                  ? sql<string>`coalesce(${listingTranslations.name}, ${pageLocal.title}, ${searchIndex.title})`
                  : searchIndex.title,
              description:
                local && pageLocal
                  ? sql<string>`coalesce(${listingTranslations.description}, ${pageLocal.description}, ${searchIndex.description})`
                  : searchIndex.description,
              imageId: searchIndex.imageId,
              snippet:
                local && pageLocal
                  ? sql<string>`case when ${listingTranslations.listingId} is not null then ${local.snippet}
                      when ${pageLocal.matches} then ${pageLocal.snippet} else ${headline} end`
                  : sql<string>`${headline}`,
            })
            .from(searchIndex)
            .leftJoin(listings, sql`${searchIndex.collection} = 'listings' and ${listings.id} = ${searchIndex.itemId}`)
            .leftJoin(listingTranslations, local ? translationJoin : sql`false`)
            .leftJoin(pageTranslationSearch, pageLocal ? pageTranslationJoin : sql`false`)
            .where(options.kind ? sql`${where} and ${kindSql} = ${options.kind}` : where)
            .orderBy(
              sql`${rank}`,
              local
                ? sql`coalesce(ts_rank_cd(${listingTranslations.search}, ${local.q}), ts_rank_cd(${searchIndex.document}, ${q})) desc`
                : sql`ts_rank_cd(${searchIndex.document}, ${q}) desc`,
              searchIndex.title,
              searchIndex.itemId,
            )
            .limit(options.pageSize)
            .offset((options.page - 1) * options.pageSize)
    return { total, groups, rows }
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
   * may read (no actor: a visitor, who reads entries without viewer roles only), grouped by kind
   * with counts, optionally of one kind. With no hits, the query is corrected word by word ("did
   * you mean") from the search_terms vocabulary: one indexed lookup, then the corrected search.
   */
  async function search(
    domainId: string,
    query: string,
    options: { page?: number; pageSize?: number; actor?: Actor; kind?: SearchKind | null; locale?: LocaleCode } = {},
  ): Promise<SearchAnswer> {
    const page = Math.max(1, options.page ?? 1)
    const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 10))
    const kind = options.kind ?? null
    const terms = termsOf(query)
    if (terms.length === 0) return { results: [], total: 0, groups: [], kind, page, pageSize, correctedQuery: null }
    const locale = options.locale && options.locale !== DEFAULT_LOCALE ? options.locale : null
    const runOptions = { page, pageSize, actor: options.actor, kind, locale }
    let { total, groups, rows } = await run(domainId, query, terms, true, runOptions)
    let correctedQuery: string | null = null
    if (groups.length === 0) {
      const corrected = await correct(domainId, terms)
      if (corrected) {
        ;({ total, groups, rows } = await run(domainId, corrected.join(' '), corrected, false, runOptions))
        if (groups.length > 0) correctedQuery = corrected.join(' ')
      }
    }
    const results = rows.map((r) => ({
      ...r,
      snippet: escapeHtml(r.snippet).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>'),
    }))
    return { results, total, groups, kind, page, pageSize, correctedQuery }
  }

  /**
   * Suggestions as the visitor types: the best few titles of each kind whose words start with what
   * was typed (every word, the last as a prefix; stop words count, titles are matched as written).
   * One statement on the title-words index; the title that is the query comes first in its kind,
   * then the shortest titles. The titles are matched first (a materialised CTE), then the domain:
   * without table statistics (the embedded database after an import is never analysed) the planner
   * would otherwise walk the domain's whole primary key and compute every title's words (15 ms
   * instead of 2 on the demo's 2,500 entries).
   */
  async function suggest(
    domainId: string,
    query: string,
    options: { perKind?: number; actor?: Actor; locale?: LocaleCode } = {},
  ): Promise<SuggestionGroup[]> {
    const terms = termsOf(query)
    if (terms.length === 0) return []
    const perKind = Math.min(10, Math.max(1, options.perKind ?? 3))
    const locale = options.locale && options.locale !== DEFAULT_LOCALE ? options.locale : null
    const rows = rowsOf<Suggestion & { n: number }>(
      await db.execute(suggestionQuery(domainId, query, terms, perKind, options.actor, locale)),
    )
    return SEARCH_KINDS.flatMap(({ kind, label }) => {
      const suggestions = rows
        .filter((r) => r.kind === kind)
        .map(({ kind, collection, id, slug, title }) => ({ kind, collection, id, slug, title }))
      return suggestions.length ? [{ kind, label, suggestions }] : []
    })
  }

  return { indexPage, indexPages, deleteItem, search, suggest }
}

export type SearchService = ReturnType<typeof createSearchService>
