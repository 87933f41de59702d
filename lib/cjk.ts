/**
 * Chinese, Japanese and Korean text for full-text search (decisions 025, 030). These scripts write
 * no spaces between words and PostgreSQL has no parser for them, so their text is indexed with the
 * 'simple' configuration as its single characters and its overlapping character pairs
 * ("葡萄酒" -> "葡 葡萄 萄 萄酒 酒"), and a query matches when all its pairs are there (a single
 * character: that character). The same SQL works on PGlite and PostgreSQL, needs no extension, and
 * is answered by the ordinary GIN index on the tsvector. Words in other scripts (names such as
 * "Seppelt") stay whole, lower-cased, the last one of a query matched as a prefix.
 */

const RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)|([\p{L}\p{N}]+)/gu

/** The text as space-separated words for to_tsvector('simple', …): CJK runs as characters and pairs. */
export function cjkSearchText(text: string): string {
  const out: string[] = []
  for (const m of text.matchAll(RUN)) {
    if (m[1]) {
      const chars = [...m[1]]
      chars.forEach((c, i) => {
        out.push(c)
        if (i + 1 < chars.length) out.push(c + chars[i + 1]!)
      })
    } else out.push(m[2]!.toLowerCase())
  }
  return out.join(' ')
}

/**
 * A visitor's query as a tsquery for the 'simple' configuration over cjkSearchText: every CJK run as
 * its pairs (a run of one character as itself), other words whole, the last word as a prefix; all
 * AND-ed. Null when nothing searchable was typed.
 */
export function cjkTsQuery(query: string, options: { maxTerms?: number; weights?: string } = {}): string | null {
  const weights = options.weights ?? ''
  const terms: string[] = []
  const matches = [...query.matchAll(RUN)]
  matches.forEach((m, i) => {
    if (m[1]) {
      const chars = [...m[1]]
      const weighted = weights ? `:${weights}` : ''
      if (chars.length === 1) terms.push(quote(chars[0]!) + weighted)
      for (let j = 0; j + 1 < chars.length; j++) terms.push(quote(chars[j]! + chars[j + 1]!) + weighted)
    } else {
      const star = i === matches.length - 1 ? '*' : ''
      terms.push(quote(m[2]!.toLowerCase()) + (star || weights ? `:${star}${weights}` : ''))
    }
  })
  const kept = [...new Set(terms)].slice(0, options.maxTerms ?? 16)
  return kept.length ? kept.join(' & ') : null
}

/** A tsquery lexeme, quoted (letters and digits only reach here, but a quote is doubled all the same). */
const quote = (word: string) => `'${word.replace(/'/g, "''")}'`
