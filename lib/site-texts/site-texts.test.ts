/**
 * Every shipped language has every site text (issue 33 point 2), beyond what the typecheck holds:
 * no empty text, every function text answers a text when called, and the translations are
 * translations (not the English words left in place).
 */
import { describe, expect, it } from 'vitest'
import { SITE_TEXT_LOCALES } from '#lib/locales'
import { texts } from '#lib/texts'
import de from './de.ts'
import { en, type SiteTexts } from './en.ts'
import { dayFormatter, loadSiteTexts, siteTextsOf } from './index.ts'
import zhHans from './zh-Hans.ts'

/** Arguments for the function texts that do not take plain strings and numbers. */
const SAMPLE_ARGS: Record<string, unknown[]> = {
  'favourites.enquiryMessage': [['Seppeltsfield – https://example.com/seppeltsfield']],
}

interface Leaf {
  path: string
  value: unknown
}

function leaves(value: unknown, path = ''): Leaf[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => leaves(v, path ? `${path}.${key}` : key))
  return [{ path, value }]
}

/** A leaf's text: the string, or a function's answer for sample arguments (3 for each number or text). */
function textOf({ path, value }: Leaf): unknown {
  if (typeof value !== 'function') return value
  const args = SAMPLE_ARGS[path] ?? Array.from({ length: value.length }, () => '3')
  return (value as (...a: unknown[]) => unknown)(...args)
}

const languages: [string, SiteTexts][] = [
  ['de', de],
  ['zh-Hans', zhHans],
]
const english = leaves(en)

describe('site texts', () => {
  it('ship for exactly the languages a domain may offer', () => {
    expect([...SITE_TEXT_LOCALES].sort()).toEqual(['de', 'en-AU', 'zh-Hans'])
  })

  it('in English are lib/texts.ts words, unchanged', () => {
    expect(en.errors.notFoundMessage).toBe("Let's get back on the bus this wasn't in the brochure.")
    expect(en.consent).toBe(texts.consent)
    expect(en.concierge.labels).toBe(texts.concierge.labels)
  })

  for (const [code, translated] of languages) {
    describe(code, () => {
      const mine = new Map(leaves(translated).map((leaf) => [leaf.path, leaf]))

      it('has every key of the English texts and no other', () => {
        expect([...mine.keys()].sort()).toEqual(english.map((leaf) => leaf.path).sort())
      })

      it('has no empty text, and each function text answers a text of the same kind of arguments', () => {
        for (const leaf of english) {
          const own = mine.get(leaf.path)!
          expect(typeof own.value, leaf.path).toBe(typeof leaf.value)
          if (typeof leaf.value === 'function') expect((own.value as () => unknown).length, leaf.path).toBe(leaf.value.length)
          const text = textOf(own)
          expect(typeof text, leaf.path).toBe('string')
          expect((text as string).trim(), leaf.path).not.toBe('')
        }
      })

      it('is translated: most texts differ from the English ones', () => {
        const same = english.filter((leaf) => textOf(leaf) === textOf(mine.get(leaf.path)!)).map((leaf) => leaf.path)
        // Names, codes and words that read the same (Video, Golf, A$, town names) may stay.
        expect(same.length / english.length).toBeLessThan(0.1)
      })
    })
  }

  it('counts in German with the plural, in Chinese without one', () => {
    expect(de.listings.grid.results(1)).toBe('1 Ergebnis')
    expect(de.listings.grid.results(12)).toBe('12 Ergebnisse')
    expect(zhHans.listings.grid.results(1)).toBe('1 个结果')
    expect(zhHans.listings.grid.results(12)).toBe('12 个结果')
  })

  it('are English for a language until its module is loaded, then that language', async () => {
    expect(siteTextsOf('fr').consent.accept).toBe('Accept')
    expect(siteTextsOf('de').consent.accept).toBe('Accept')
    await loadSiteTexts('de')
    expect(siteTextsOf('de').consent.accept).toBe('Zustimmen')
    await loadSiteTexts('zh-Hans')
    expect(siteTextsOf('zh-Hans').consent.accept).toBe('同意')
  })
})

describe('dayFormatter', () => {
  it('leaves English to the spec’s DD/MM/YYYY and writes the others’ long dates, one formatter per language', () => {
    expect(dayFormatter('en-AU')).toBeUndefined()
    expect(dayFormatter('de')?.('2027-03-01')).toBe('1. März 2027')
    expect(dayFormatter('zh-Hans')?.('2027-03-01')).toBe('2027年3月1日')
    expect(dayFormatter('de')).toBe(dayFormatter('de'))
  })
})
