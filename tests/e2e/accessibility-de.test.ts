/**
 * axe-core on the pages in the sitemaps of both domains in one further language, listings sampled (sampleListings; the rest of the crawl:
 * accessibility.test.ts and its siblings, so the crawl runs on both lanes at once).
 */
import { test } from 'vitest'
import { openBrowserSession } from '../helpers/browser.ts'
import { crawlTimeoutMs, expectAxeCleanPages, sampleListings, sitemapAddresses } from '../helpers/axe-crawl.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const session = openBrowserSession()

test(
  'axe-core finds no violations on any German page of either domain but most listings (every third: the English crawl has them all)',
  async () => {
    await expectAxeCleanPages(session.page, sampleListings(await sitemapAddresses(baseUrl, (language) => language === 'de'), 3))
  },
  crawlTimeoutMs,
)
