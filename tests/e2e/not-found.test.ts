import fs from 'node:fs'
import { expect, test } from 'vitest'
import { texts } from '#lib/texts'
import { openBrowser, screenshot } from '../helpers/browser.ts'
import { getWithHost, siteApi } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const session = openBrowser()
const e = texts.errors
const shots = '/tmp/shots-404'

test('a missing page answers 404 with the error page, whose link leads home', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const response = await page.goto(`${baseUrl}/no-such-page-${Date.now()}`)
    expect(response?.status()).toBe(404)

    const body = page.locator('body')
    expect(await body.innerText()).toContain('404 Error')
    expect(await page.getByText('Page not found.', { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0)
    expect(
      await page.getByText("Let's get back on the bus this wasn't in the brochure.", { exact: true }).filter({ visible: true }).count(),
    ).toBeGreaterThan(0)

    const back = page.getByRole('link', { name: 'Back To Homepage', exact: true })
    expect(await back.isVisible()).toBe(true)
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), back.click()])
    await page.waitForLoadState('load')
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.locator('h1').first().isVisible()).toBe(true)
    expect(await page.getByText('Page not found.', { exact: true }).count()).toBe(0)
  } finally {
    await context.close()
  }
})

test('a missing nested path answers 404 too (no 500)', async () => {
  const res = await fetch(`${baseUrl}/a/b/c/no-such-page-${Date.now()}`)
  expect(res.status).toBe(404)
  expect(await res.text()).toContain('Page not found.')
})

/** Issue 19: a visitor who lands on a missing page keeps the site around it and a way on. */
test('the 404 page sits inside the site: header, navigation, footer and a search box that searches (1440 and 375 px)', async () => {
  fs.mkdirSync(shots, { recursive: true })
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 740 },
  ]) {
    const context = await session.browser.newContext({ viewport })
    try {
      const page = await context.newPage()
      const response = await page.goto(`${baseUrl}/no-such-page-${Date.now()}`, { waitUntil: 'load' })
      expect(response?.status()).toBe(404)
      // The site's name follows, as on every page (issue 31).
      expect(await page.title()).toBe(`${e.notFoundTitle} – ${(await siteApi(baseUrl).nav()).siteName}`)
      expect(await page.getByRole('heading', { level: 1, name: e.notFoundTitle }).isVisible()).toBe(true)

      // The site's own header (with its brand link home), navigation and footer.
      const header = page.getByRole('banner')
      expect(await header.isVisible()).toBe(true)
      expect(await header.getByRole('link', { name: /home$/ }).first().isVisible()).toBe(true)
      if (viewport.width >= 1024) {
        const mainNav = page.getByRole('navigation', { name: 'Main' })
        expect(await mainNav.isVisible()).toBe(true)
        expect(await mainNav.getByRole('link').count()).toBeGreaterThan(2)
      } else {
        expect(await header.locator('summary', { hasText: 'Menu' }).isVisible()).toBe(true)
      }
      const footer = page.getByRole('contentinfo')
      expect(await footer.isVisible()).toBe(true)
      expect(await footer.getByRole('link').count()).toBeGreaterThan(0)
      // Nothing wider than the screen on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      await screenshot(page, { path: `${shots}/not-found-${viewport.width}.png`, fullPage: true })

      // The search box leads to the search results for what was typed.
      const box = page.getByRole('searchbox', { name: e.searchIntro })
      expect(await box.isVisible()).toBe(true)
      await box.fill('wine')
      await Promise.all([page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'wine'), box.press('Enter')])
      expect(await page.getByRole('heading', { level: 1, name: 'Search' }).isVisible()).toBe(true)
      await page.getByText(/results? for “wine”/).waitFor()
    } finally {
      await context.close()
    }
  }
})

test('a missing page under the second domain shows that domain’s own header and footer', async () => {
  const eden = await getWithHost(baseUrl, `/no-such-page-${Date.now()}`, 'eden.localhost')
  expect(eden.status).toBe(404)
  const home = await getWithHost(baseUrl, '/', 'eden.localhost')
  const siteName = (s: string) => /<header[\s\S]*?aria-label="([^"]+) home"/.exec(s)?.[1]
  expect(siteName(eden.body)).toBeTruthy()
  expect(siteName(eden.body)).toBe(siteName(home.body))
  const barossa = await (await fetch(`${baseUrl}/no-such-page-${Date.now()}`)).text()
  expect(siteName(barossa)).not.toBe(siteName(eden.body))
  expect(eden.body).toContain('<footer')
})
