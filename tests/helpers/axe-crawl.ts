/**
 * The published pages of both demo domains, read from their sitemaps, checked with axe-core. The
 * crawl is split by language over several e2e files (accessibility*.test.ts), so the files run
 * on both lanes at once; together they cover every page in the sitemaps.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEFAULT_LOCALE, localeOfPrefix, type LocaleCode } from '#lib/locales'
import { axe, formatViolations } from './browser.ts'
import { getWithHost } from './site.ts'

/** The languages given files of their own; every other page is the English file's. */
export const crawledApart: LocaleCode[] = ['de', 'zh-Hans']

/** The language of a visitor address by its prefix (`/de/about` → de); unprefixed pages are the default (English). */
function languageOf(pathname: string): LocaleCode {
  return localeOfPrefix(pathname.split('/')[1] ?? '') ?? DEFAULT_LOCALE
}

/**
 * Every address in the sitemaps of the main domain and eden.localhost whose language `keep`
 * accepts (each sitemap must list pages at all).
 */
export async function sitemapAddresses(baseUrl: string, keep: (language: LocaleCode) => boolean): Promise<string[]> {
  const port = new URL(baseUrl).port
  const origins = [baseUrl, `http://eden.localhost:${port}`]
  const addresses: string[] = []
  for (const origin of origins) {
    const sitemap = (await getWithHost(baseUrl, '/sitemap.xml', new URL(origin).hostname)).body
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs.length, `pages in the sitemap of ${origin}`).toBeGreaterThan(0)
    for (const loc of locs) {
      const { pathname } = new URL(loc)
      if (keep(languageOf(pathname))) addresses.push(origin + pathname)
    }
  }
  return addresses
}

/**
 * In a further language, every page that is not a listing's, and every `every`-th listing (spread
 * over the sitemap's order): a listing page's structure is
 * the default language's (checked there on every listing), only its texts differ. The crawl of the
 * two further languages was 188 of a CI run's 352 axe lane-seconds.
 */
export function sampleListings(addresses: string[], every: number): string[] {
  let listing = 0
  return addresses.filter((address) => !/\/listing\//.test(new URL(address).pathname) || listing++ % every === 0)
}

/** Whether `address` is gone from its domain's sitemap (asked again for up to 10 s: the cached copy may be stale once). */
async function leftTheSitemap(address: string): Promise<boolean> {
  const { origin, hostname, pathname } = new URL(address)
  const server = `http://127.0.0.1:${new URL(origin).port}`
  const deadline = Date.now() + 10_000
  for (;;) {
    const sitemap = (await getWithHost(server, '/sitemap.xml', hostname)).body
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].some((m) => new URL(m[1]!).pathname === pathname)
    if (!listed) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Opens each address in `page`: each must answer 200 and have no WCAG 2.1 A/AA violations. */
export async function expectAxeCleanPages(page: Page, addresses: string[]): Promise<void> {
  expect(addresses.length, 'pages to check').toBeGreaterThan(0)
  const failures: string[] = []
  for (const address of addresses) {
    // A navigation may take long when the machine is shared (CI's lanes, two browsers, three servers):
    // a page that loads late is not an accessibility finding, so it gets a minute, not the default.
    const response = await page.goto(address, { waitUntil: 'load', timeout: 60_000 })
    if (response?.status() !== 200) {
      // A listing another test (or the provider's sync) took off meanwhile leaves the sitemap too:
      // not a failure once the sitemap, refreshed, no longer lists it.
      if (response?.status() === 404 && (await leftTheSitemap(address))) continue
      failures.push(`${address}: status ${response?.status()}`)
      continue
    }
    const violations = await axe(page)
    if (violations.length) failures.push(`${address}:\n${formatViolations(violations)}`)
  }
  expect(failures).toEqual([])
}

/**
 * A crawl's time limit: a page takes a second or so, several on a machine other work shares, and
 * a timed-out crawl would keep driving the shared page under the next test.
 */
export const crawlTimeoutMs = 600_000
