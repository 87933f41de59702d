import { expect, test } from 'vitest'
import { axe, formatViolations, openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

/**
 * The /search page on the demo (issue 19 point 1): the region's pages before the listings, the
 * results grouped by kind with counts and filter links, and suggestions as the visitor types in a
 * combobox a keyboard can drive; axe finds nothing on either.
 */
const baseUrl = laneBaseUrl()
const session = openBrowserSession()

test('"balloon" shows the Things to do page first, the kinds with their counts, and filters by kind', async () => {
  const { page } = session
  await page.goto(`${baseUrl}/search?q=balloon`, { waitUntil: 'load' })
  const results = page.locator('main ol > li')
  expect(await results.first().getByRole('link').innerText()).toBe('Things to do')

  const filters = page.getByRole('navigation', { name: 'Filter results by kind' }).getByRole('link')
  const labels = (await filters.allInnerTexts()).map((l) => l.replace(/\s+/g, ' '))
  expect(labels[0]).toMatch(/^All \(\d+\)$/)
  expect(labels[1]).toMatch(/^Pages \(\d+\)$/)
  const tours = labels.find((l) => l.startsWith('Tours'))
  expect(tours, labels.join(' | ')).toMatch(/^Tours \((\d+)\)$/)
  const counts = labels.map((l) => Number(/\((\d+)\)/.exec(l)![1]))
  expect(counts.slice(1).reduce((a, b) => a + b, 0)).toBe(counts[0])
  expect(await filters.first().getAttribute('aria-current')).toBe('page')
  const violations = await axe(page)
  expect(violations, formatViolations(violations)).toEqual([])

  const tourCount = Number(/\((\d+)\)/.exec(tours!)![1])
  await Promise.all([page.waitForURL(/kind=tours/), filters.filter({ hasText: /^Tours/ }).click()])
  // A client-side navigation changes the URL before the new results are rendered.
  await page.getByRole('heading', { level: 2, name: `Tours: ${tourCount}` }).waitFor()
  expect(await page.getByRole('link', { name: /^Tours/ }).getAttribute('aria-current')).toBe('page')
  const kinds = await page.locator('main ol > li p:first-child').allInnerTexts()
  expect(kinds.length).toBe(Math.min(10, tourCount))
  for (const kind of kinds) expect(kind.toLowerCase()).toBe('tours')
})

test('the search box suggests the best of each kind as the visitor types, and the keyboard picks one', async () => {
  const { page } = session
  await page.goto(`${baseUrl}/search`, { waitUntil: 'load' })
  const box = page.getByRole('combobox', { name: 'Search the site' })
  await box.pressSequentially('baros')
  const list = page.getByRole('listbox', { name: 'Suggestions' })
  await list.waitFor({ state: 'visible' })
  expect(await box.getAttribute('aria-expanded')).toBe('true')
  const groups = list.getByRole('group')
  expect(await groups.count()).toBeGreaterThan(1)
  const firstGroup = groups.first()
  expect(await page.locator(`#${await firstGroup.getAttribute('aria-labelledby')}`).innerText()).toBe('Pages')
  for (const group of await groups.all()) expect(await group.getByRole('option').count()).toBeLessThanOrEqual(3)
  const violations = await axe(page)
  expect(violations, formatViolations(violations)).toEqual([])

  // Escape closes the list; typing more asks again.
  await box.press('Escape')
  expect(await box.getAttribute('aria-expanded')).toBe('false')
  expect(await list.isHidden()).toBe(true)

  await box.fill('')
  await box.pressSequentially('about the')
  // The answer to these words (the list of "baros" also held the page, second).
  await page.waitForFunction(() => document.querySelector('[role="option"]')?.textContent === 'About the Barossa')
  await box.press('ArrowDown')
  const active = await box.getAttribute('aria-activedescendant')
  expect(active).toBeTruthy()
  expect(await page.locator(`#${active}`).innerText()).toBe('About the Barossa')
  expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true')
  await Promise.all([page.waitForURL((u) => u.pathname === '/about'), box.press('Enter')])
  await page.getByRole('heading', { level: 1, name: 'About the Barossa' }).waitFor({ state: 'visible' })
})

test('Enter without a chosen suggestion searches for the words typed', async () => {
  const { page } = session
  await page.goto(`${baseUrl}/search`, { waitUntil: 'load' })
  const box = page.getByRole('combobox', { name: 'Search the site' })
  await box.pressSequentially('visitor centre')
  await Promise.all([page.waitForURL(/\/search\?q=visitor/), box.press('Enter')])
  expect(await page.locator('main ol > li').first().getByRole('link').innerText()).toBe('Plan your visit')
})
