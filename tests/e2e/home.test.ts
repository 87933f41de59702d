import { describe, expect, test } from 'vitest'
import { slugFromPath } from '#lib/slug'
import { openBrowserSession } from '../helpers/browser.ts'
import { internalPath, siteApi } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const api = siteApi(baseUrl)

const session = openBrowserSession()

describe('home page', () => {
  test('renders with status 200, an <h1> with the page title, the navigation and the footer', async () => {
    const [home, nav, footer] = await Promise.all([api.page(''), api.nav(), api.footer()])

    const response = await session.page.goto(baseUrl + '/')
    expect(response?.status()).toBe(200)

    const h1 = session.page.locator('h1')
    expect(await h1.count()).toBeGreaterThanOrEqual(1)
    expect(await h1.first().isVisible()).toBe(true)
    expect(home.header.title).not.toBe('')
    expect(await session.page.locator('main').innerText()).toContain(home.header.title)

    // Every top-level navigation entry of the published navigation is visible.
    expect(nav.items.length).toBeGreaterThan(0)
    const navigation = session.page.getByRole('navigation')
    for (const item of nav.items) {
      const visible = navigation.getByText(item.text, { exact: true }).filter({ visible: true })
      expect(await visible.count(), `navigation entry '${item.text}' is visible`).toBeGreaterThan(0)
    }

    // The published footer: its copy line and its link groups' links.
    const contentinfo = session.page.getByRole('contentinfo')
    expect(await contentinfo.isVisible()).toBe(true)
    const footerText = await contentinfo.innerText()
    if (footer.copy) expect(footerText).toContain(footer.copy)
    for (const group of footer.linkGroups) {
      for (const link of group.links) {
        if (link.text) expect(footerText, `footer link '${link.text}'`).toContain(link.text)
      }
    }
  })

  test('clicking a navigation link opens that page, which renders its title', async () => {
    const nav = await api.nav()
    // A top-level link to a session.page other than home (a visitor's first click), else one in a group.
    type Target = { text: string; path: string; parentText?: string }
    const candidates: Target[] = []
    // Plain top-level links first: an entry with groups may open a menu instead of navigating.
    for (const item of [...nav.items].sort((a, b) => a.groups.length - b.groups.length)) {
      const p = internalPath(item.href)
      if (p && p !== '/' && item.groups.length === 0) candidates.push({ text: item.text, path: p })
    }
    for (const item of nav.items) {
      for (const group of item.groups) {
        for (const link of group.links) {
          const p = internalPath(link.href)
          if (p && p !== '/' && link.text) candidates.push({ text: link.text, path: p, parentText: item.text })
        }
      }
    }
    expect(candidates.length, 'the navigation links to at least one page besides home').toBeGreaterThan(0)
    const target = candidates[0]!
    const targetPage = await api.page(slugFromPath(target.path))

    await session.page.goto(baseUrl + '/')
    const navigation = session.page.getByRole('navigation')
    if (target.parentText) {
      // Group links live in a menu that opens from its top-level entry.
      await navigation.getByText(target.parentText, { exact: true }).filter({ visible: true }).first().click()
    }
    const link = navigation.locator(`a[href="${target.path}"]`).filter({ visible: true }).first()
    await Promise.all([session.page.waitForURL((url) => url.pathname === target.path), link.click()])

    expect(new URL(session.page.url()).pathname).toBe(target.path)
    // The navigation may be client-side: the URL changes first, the new session.page renders after its data.
    const heading = session.page.locator('h1').filter({ hasText: targetPage.header.title }).first()
    await heading.waitFor({ state: 'visible', timeout: 15_000 })
    expect(await session.page.locator('h1').count(), 'one <h1> per page').toBe(1)
    expect(await session.page.title()).toContain(targetPage.title || targetPage.header.title)
  })
})
