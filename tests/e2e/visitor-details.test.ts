/**
 * Issue 31, visitors, the smaller items, in real Chromium against the shared demo server: an
 * impossible date in a listing grid (31/02/2026) gets a message and the old results are not shown
 * as if they matched; the card Load More focuses is outlined; /booking, /confirm and /favourites
 * carry the site's name in their titles.
 */
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { blockTexts, chapterTexts, favouriteTexts, listingTexts, mapTexts, texts } from '#lib/texts'
import { axe, formatViolations, openBrowser } from '../helpers/browser.ts'
import { openEditorSession, publishPage, saveDraftPage } from '../helpers/editor-session.ts'
import { fetchListings, siteApi } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const g = listingTexts.grid
const chromium = openBrowser()
const session = openEditorSession()
const run = Date.now().toString(36)

async function visitor(width = 1440): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width, height: 900 } })
  context.setDefaultTimeout(30_000)
  await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])
  const page = await context.newPage()
  return page
}

let allListings: Promise<string> | null = null
/** A published page whose grid has no category: every listing, many pages of them (made once). */
function allListingsPage(): Promise<string> {
  allListings ??= (async () => {
    const saved = await saveDraftPage(session.editor, {
      slug: `e2e-all-listings-${run}`,
      template: 'generic',
      title: 'All listings',
      header: { title: 'All listings' },
      contents: [{ componentType: 'Listings', categoryFilter: '', showExport: false }],
    })
    await publishPage(session.editor, saved)
    return `${baseUrl}/e2e-all-listings-${run}`
  })()
  return allListings
}

const cards = (page: Page) => page.locator('[data-listings-grid] ul > li article')
const heading = (page: Page) => page.locator('[data-listings-grid] [role="status"] h2')

describe('listing grids', () => {
  test('an impossible date (31/02/2026) is named as such and the old results are not shown as if they matched; a real one brings them back', async () => {
    const page = await visitor()
    try {
      await page.goto(`${baseUrl}/whats-on`, { waitUntil: 'load' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)
      const before = await heading(page).textContent()
      await page.locator('[data-listings-grid] details > summary').click()
      const from = page.getByRole('textbox', { name: new RegExp(`^${g.from}`) })
      await from.fill('31/02/2026')
      await page.getByText(g.notADate, { exact: true }).waitFor()
      expect(await from.getAttribute('aria-invalid')).toBe('true')
      // The message is read with the field.
      const described = (await from.getAttribute('aria-describedby'))!.split(' ')
      expect(await page.locator(`[id="${described[1]}"]`).textContent()).toBe(g.notADate)
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(g.dateNotApplied)
      expect(await cards(page).count()).toBe(0)
      expect(await page.getByRole('button', { name: g.loadMore }).count()).toBe(0)
      // Corrected: the results are back (none filtered out by a date that never applied).
      await from.fill('')
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(before)
      expect(await cards(page).count()).toBeGreaterThan(0)
    } finally {
      await page.context().close()
    }
  })

  test('the card Load More moves the focus to is outlined, after a mouse click too', async () => {
    const page = await visitor()
    try {
      await page.goto(await allListingsPage(), { waitUntil: 'load' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(15)
      await page.getByRole('button', { name: g.loadMore }).click()
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(15)
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('article'))).toBe(true)
      const outline = await page.evaluate(() => {
        const card = document.activeElement!.closest('article')!
        const style = getComputedStyle(card)
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          index: [...document.querySelectorAll('[data-listings-grid] article')].indexOf(card),
        }
      })
      expect(outline).toEqual({ style: 'solid', width: 3, index: 15 })
    } finally {
      await page.context().close()
    }
  })
})

describe('titles', () => {
  test('/booking, /confirm and /favourites carry the site name', async () => {
    const siteName = (await siteApi(baseUrl).nav()).siteName
    const page = await visitor()
    try {
      for (const [path, title] of [
        ['/booking', texts.booking.title],
        ['/confirm', texts.booking.confirmTitle],
        ['/favourites', favouriteTexts.title],
      ] as const) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
        expect(await page.title()).toBe(`${title} – ${siteName}`)
      }
    } finally {
      await page.context().close()
    }
  })
})

describe("the demo's newsletter form", () => {
  test('posts to the demo stand-in on the site itself, which says it is the demo (with and without JavaScript)', async () => {
    const page = await visitor()
    // Where the page posts (the block library embeds a video and a map from elsewhere; those are not posts).
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    try {
      await page.goto(`${baseUrl}/all-blocks`, { waitUntil: 'load' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: blockTexts.newsletter.submit }) })
      expect(new URL((await form.getAttribute('action'))!, baseUrl).origin).toBe(new URL(baseUrl).origin)
      await form.getByLabel(blockTexts.newsletter.email).fill('visitor@example.com')
      await form.getByRole('button', { name: blockTexts.newsletter.submit }).click()
      await form.getByRole('status').filter({ hasText: blockTexts.newsletter.demo }).waitFor()
      // The page's own measurement beacon (issue 37, sendBeacon) is a post too; the form's is the stand-in's.
      expect(posts.filter((url) => new URL(url).pathname !== '/api/results/beacon')).toEqual([`${baseUrl}/demo/newsletter`])
      // Without JavaScript the browser goes to the stand-in, which says the same.
      const plain = await fetch(new URL((await form.getAttribute('action'))!, baseUrl), {
        method: 'POST',
        body: new URLSearchParams({ email: 'visitor@example.com' }),
      })
      expect(plain.status).toBe(200)
      expect(await plain.text()).toContain(blockTexts.newsletter.demo)
    } finally {
      await page.context().close()
    }
  })
})

describe('the map view of a grid', () => {
  test('Enter or Space on a cluster zooms into it as the hint says, the focus going to the nearest marker; town names sit above the markers', async () => {
    const page = await visitor()
    try {
      await page.goto(await allListingsPage(), { waitUntil: 'load' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.getByRole('group', { name: mapTexts.view }).getByRole('button', { name: mapTexts.map }).click()
      const map = page.locator('[data-listings-map]')
      await map.locator('.leaflet-marker-icon[data-count]').first().waitFor()
      // The towns' names are drawn above the markers, and never take the pointer.
      const panes = await page.evaluate(() => {
        const town = document.querySelector('[data-listings-map] [data-town]')!.closest<HTMLElement>('.leaflet-pane')!
        const markers = document.querySelector<HTMLElement>('[data-listings-map] .leaflet-marker-pane')!
        return {
          towns: Number(getComputedStyle(town).zIndex),
          markers: Number(getComputedStyle(markers).zIndex),
          pointer: getComputedStyle(town).pointerEvents,
        }
      })
      expect(panes.towns).toBeGreaterThan(panes.markers)
      expect(panes.pointer).toBe('none')

      for (const key of ['Enter', ' ']) {
        const cluster = map.locator('.leaflet-marker-icon[data-count]:not([data-count="1"])').first()
        const count = Number(await cluster.getAttribute('data-count'))
        expect(count).toBeGreaterThan(1)
        const drawn = await map.getAttribute('data-drawn')
        await cluster.focus()
        expect(await cluster.getAttribute('aria-label')).toBe(mapTexts.cluster(count))
        await page.keyboard.press(key === ' ' ? 'Space' : key)
        // Zoomed in: the markers are drawn anew and the focus is on one of them, holding fewer listings.
        await expect.poll(() => map.getAttribute('data-drawn'), { timeout: 10_000 }).not.toBe(drawn)
        await expect
          .poll(() => page.evaluate(() => Number(document.activeElement?.closest<HTMLElement>('.leaflet-marker-icon')?.dataset.count ?? 0)))
          .toBeGreaterThan(0)
        const focused = await page.evaluate(() =>
          Number(document.activeElement!.closest<HTMLElement>('.leaflet-marker-icon')!.dataset.count),
        )
        expect(focused).toBeLessThanOrEqual(count)
        if (!(await map.locator('.leaflet-marker-icon[data-count]:not([data-count="1"])').count())) break
      }
    } finally {
      await page.context().close()
    }
  })
})

describe('search', () => {
  test('folds accents: "café" and "cafe" find the same results', async () => {
    const page = await visitor()
    try {
      const found = async (q: string) => {
        await page.goto(`${baseUrl}/search?q=${encodeURIComponent(q)}`, { waitUntil: 'load' })
        const summary =
          (await page
            .getByText(/results? for “/)
            .first()
            .textContent()) ?? ''
        const links = await page.locator('main ol > li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
        return { count: Number(/^(\d+)/.exec(summary)?.[1] ?? 0), links }
      }
      const accented = await found('café')
      const plain = await found('cafe')
      expect(accented.count).toBeGreaterThan(1)
      expect(plain).toEqual(accented)
    } finally {
      await page.context().close()
    }
  })
})

describe('schema.org data', () => {
  /** The JSON-LD blocks of a page as the server sends it. */
  async function jsonLdOf(path: string): Promise<Record<string, unknown>[]> {
    const html = await (await fetch(`${baseUrl}${path}`)).text()
    return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    )
  }

  test('the home page describes the web site (with its search) and the destination', async () => {
    const blocks = await jsonLdOf('/')
    const graph = blocks.flatMap((b) => (b['@graph'] as Record<string, unknown>[] | undefined) ?? [b])
    const site = graph.find((n) => n['@type'] === 'WebSite') as {
      name: string
      url: string
      potentialAction: { target: { urlTemplate: string } }
    }
    expect(site.name).toBe((await siteApi(baseUrl).nav()).siteName)
    expect(site.url).toBe(`${baseUrl}/`)
    expect(site.potentialAction.target.urlTemplate).toBe(`${baseUrl}/search?q={search_term_string}`)
    expect(graph.some((n) => n['@type'] === 'TouristDestination' && n.name)).toBe(true)
  })

  test("an event's address is split: street, town, region, postcode and country each in their field, the venue as the place's name", async () => {
    const { listings } = await fetchListings(baseUrl, { categoryFilterId: 'demo-whats-on' })
    expect(listings.length).toBeGreaterThan(0)
    let checked = 0
    for (const listing of listings.slice(0, 3)) {
      const event = (await jsonLdOf(`/${listing.slug}`)).find((b) => b['@type'] === 'Event') as
        { location?: { name: string; address: Record<string, string> } } | undefined
      if (!event?.location) continue
      const { name, address } = event.location
      expect(address.addressLocality, JSON.stringify(address)).toBeTruthy()
      expect(address.streetAddress).not.toContain(address.addressLocality)
      expect(address.addressCountry).toBe('AU')
      expect(name).not.toContain(',')
      checked++
    }
    expect(checked).toBeGreaterThan(0)
  })
})

describe('the Chapters block on a demo page', () => {
  test('About the Barossa shows the story in chapters: numbered buttons, Read More, Download Chapter (a PDF)', async () => {
    const page = await visitor()
    try {
      await page.goto(`${baseUrl}/about`, { waitUntil: 'load' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      const block = page.locator('[data-chapters]')
      const nav = block.getByRole('group', { name: chapterTexts.chaptersNav })
      const second = nav.getByRole('button', { name: chapterTexts.chapterButton('02', 'Old vines, new hands') })
      expect(
        await nav.getByRole('button', { name: chapterTexts.chapterButton('01', 'The first vines') }).getAttribute('aria-pressed'),
      ).toBe('true')
      await second.click()
      expect(await second.getAttribute('aria-pressed')).toBe('true')
      const shown = block.locator('article:not([hidden])')
      expect(await shown.locator('h3').innerText()).toContain('Old vines, new hands')
      await shown.getByText(chapterTexts.readMore).click()
      await shown.getByRole('link', { name: 'Read the whole chapter' }).waitFor()
      const violations = await axe(page)
      expect(violations, formatViolations(violations)).toEqual([])
      const download = shown.getByRole('link', { name: chapterTexts.downloadChapter })
      const res = await fetch(new URL((await download.getAttribute('href'))!, baseUrl))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('application/pdf')
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
    } finally {
      await page.context().close()
    }
  })
})
