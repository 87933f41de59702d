import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import type { DomainDoc } from '#lib/content'
import { lendBrowser } from '../helpers/browser.ts'
import { getJson, getWithHost, siteApi } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const api = siteApi(baseUrl)
let browser: Browser

beforeAll(async () => {
  browser = await lendBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The domain 'localhost' serves, and another one (the demo's: eden-valley at eden.localhost). */
async function twoDomains() {
  const { domains } = await api.domains()
  const primary = domains.find((d) => d.hostnames.includes('localhost'))
  const second =
    domains.find((d) => d !== primary && d.hostnames.includes('eden.localhost')) ??
    domains.find((d) => d !== primary && d.hostnames.some((h) => h.endsWith('.localhost')))
  expect(primary, 'a domain serves localhost').toBeDefined()
  expect(second, `a second domain with a *.localhost host name exists; domains: ${JSON.stringify(domains)}`).toBeDefined()
  const host = second!.hostnames.includes('eden.localhost') ? 'eden.localhost' : second!.hostnames.find((h) => h.endsWith('.localhost'))!
  return { primary: primary!, second: second!, host }
}

test('the API resolves each host name to its own domain', async () => {
  const { primary, second, host } = await twoDomains()
  const forHost = (hostname: string) =>
    getJson<{ domain: DomainDoc | null }>(baseUrl, `/api/config/loadDomain?hostname=${encodeURIComponent(hostname)}`)
  expect((await forHost('localhost')).domain?._id).toBe(primary._id)
  expect((await forHost(host)).domain?._id).toBe(second._id)
  // The Host header itself selects the domain, too.
  const viaHeader = await getWithHost(baseUrl, '/api/config/loadDomain', host)
  expect(viaHeader.status).toBe(200)
  expect((JSON.parse(viaHeader.body) as { domain: DomainDoc }).domain._id).toBe(second._id)
})

test("a request with Host eden.localhost shows that domain's pages, not localhost's", async () => {
  const { primary, second, host } = await twoDomains()
  const [homeA, homeB, navA, navB] = await Promise.all([
    api.page('', primary._id),
    api.page('', second._id),
    api.nav(primary._id),
    api.nav(second._id),
  ])
  // The demo gives the two domains different home pages or navigation.
  expect({ title: homeA.header.title, nav: navA.items.map((i) => i.text) }).not.toEqual({
    title: homeB.header.title,
    nav: navB.items.map((i) => i.text),
  })

  // Plain HTTP: localhost first, so a cache keyed without the host would leak into the second.
  const a = await getWithHost(baseUrl, '/', 'localhost')
  const b = await getWithHost(baseUrl, '/', host)
  const a2 = await getWithHost(baseUrl, '/', 'localhost')
  expect(a.status).toBe(200)
  expect(b.status).toBe(200)
  // Compared by what a visitor reads first (the title and the main heading): a page may be drawn
  // again between the two localhost requests (a cached copy gone stale), with fresh per-render details.
  const firstRead = (html: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    heading: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, ''),
  })
  expect(firstRead(a.body).title).toBeTruthy()
  expect(firstRead(b.body)).not.toEqual(firstRead(a.body))
  expect(firstRead(a2.body)).toEqual(firstRead(a.body))

  // In the browser: *.localhost resolves to this machine, so the visitor really types that host.
  const port = new URL(baseUrl).port
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const response = await page.goto(`http://${host}:${port}/`)
    expect(response?.status()).toBe(200)
    const mainB = await page.locator('main').innerText()
    expect(mainB).toContain(homeB.header.title)
    const navigation = page.getByRole('navigation')
    for (const item of navB.items) {
      expect(
        await navigation.getByText(item.text, { exact: true }).filter({ visible: true }).count(),
        `nav '${item.text}'`,
      ).toBeGreaterThan(0)
    }
    await page.goto(`http://localhost:${port}/`)
    const mainA = await page.locator('main').innerText()
    expect(mainA).toContain(homeA.header.title)
    expect(mainA).not.toBe(mainB)
  } finally {
    await context.close()
  }
})
