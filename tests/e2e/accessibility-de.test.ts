/**
 * axe-core on every German page in the sitemaps of both domains (the rest of the crawl:
 * accessibility.test.ts and its siblings, so the crawl runs on both lanes at once).
 */
import { test } from 'vitest'
import { openBrowserSession } from '../helpers/browser.ts'
import { crawlTimeoutMs, expectAxeCleanPages, sitemapAddresses } from '../helpers/axe-crawl.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const session = openBrowserSession()

test(
  'axe-core finds no violations on any German page of either domain',
  async () => {
    await expectAxeCleanPages(session.page, await sitemapAddresses(baseUrl, (language) => language === 'de'))
  },
  crawlTimeoutMs,
)
