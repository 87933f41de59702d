import { expect, inject, test } from 'vitest'
import { openBrowser } from '../helpers/browser.ts'

const baseUrl = inject('baseUrl')
const session = openBrowser()

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
