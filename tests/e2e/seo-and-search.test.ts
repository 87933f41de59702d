import { expect, test } from 'vitest'
import { openBrowser } from '../helpers/browser.ts'
import { getJson } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

/**
 * What search engines and visitors without JavaScript get from the production server: meta tags
 * from the page and the site settings, canonical links, sitemap.xml, robots.txt, and a search page
 * that works as a plain HTML form.
 */
const baseUrl = laneBaseUrl()
const session = openBrowser()

test('the home page carries its canonical link and og/twitter tags from the site settings', async () => {
  const settings = await getJson<{ og: { title: string; description: string } }>(baseUrl, '/api/siteSettings/loadSiteSettings')
  const html = await (await fetch(`${baseUrl}/`)).text()
  expect(html).toContain(`<link rel="canonical" href="${baseUrl}/"/>`)
  expect(settings.og.title).not.toBe('')
  expect(html).toContain(`<meta property="og:title" content="${settings.og.title}"/>`)
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/img\/[^"]+"\/>/)
  expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"\/>/)
})

test('sitemap.xml lists the published pages and robots.txt points to it', async () => {
  const nav = await getJson<{ items: { href: string }[] }>(baseUrl, '/api/site/loadNav')
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  expect(sitemap).toContain(`<loc>${baseUrl}/</loc>`)
  const firstPage = nav.items.map((i) => i.href).find((h) => h.startsWith('/') && h.length > 1)
  expect(firstPage).toBeDefined()
  expect(sitemap).toContain(`<loc>${baseUrl}${firstPage}</loc>`)
  const robots = await (await fetch(`${baseUrl}/robots.txt`)).text()
  expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`)
  expect(robots).toContain('Disallow: /api/')
})

test('search works without JavaScript: the form submits, results link to pages, matches are marked', async () => {
  const context = await session.browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/search`)
    await page.getByLabel('Search the site').fill('cellar')
    await Promise.all([page.waitForURL(/\/search\?q=cellar/), page.getByRole('button', { name: 'Search' }).click()])
    const results = page.locator('main ol > li')
    expect(await results.count()).toBeGreaterThan(0)
    expect(await page.locator('main mark').first().innerText()).toMatch(/cellar/i)
    const first = results.first().getByRole('link')
    const href = await first.getAttribute('href')
    await Promise.all([page.waitForURL((u) => u.pathname === href), first.click()])
    expect(await page.locator('h1').first().isVisible()).toBe(true)
  } finally {
    await context.close()
  }
})

test('search tolerates a typo and says what it searched for instead', async () => {
  const html = await (await fetch(`${baseUrl}/search?q=vinyards`)).text()
  expect(html).toMatch(/Showing results for “vineyard/)
  expect(html).toContain('<mark>')
})
