/**
 * Social links in the footer, edited in place: the real footer shows a new link as it is typed,
 * and discarding puts the stored footer back.
 */
import { expect, inject, test } from 'vitest'
import { texts } from '#lib/texts'
import { openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const session = openBrowserSession()
const f = texts.editor.footer

test('an editor adds a social link and sees it in the footer before saving; discard removes it', async () => {
  const { page, context } = session
  expect(
    (await context.request.post(`${baseUrl}/api/user/login`, { data: { username: editor.username, password: editor.password } })).status(),
  ).toBe(200)
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  await page
    .getByRole('navigation', { name: texts.editor.menu.label })
    .getByRole('button', { name: texts.editor.menu.saveFooter, exact: true })
    .click()
  const panel = page.getByRole('dialog', { name: texts.editor.panels.saveFooter })
  await panel.waitFor()

  const before = await page.locator('footer[data-site-footer] ul[aria-label="Social media"] a').count()
  await panel.getByRole('button', { name: f.addSocial }).click()
  const row = f.socialRow(before + 1)
  await panel.getByLabel(`${f.network} (${row})`).selectOption('linkedin')
  const address = 'https://www.linkedin.com/company/e2e-barossa'
  await panel.getByLabel(`${f.socialAddress} (${row})`).fill(address)

  const inFooter = page.locator(`footer[data-site-footer] a[href="${address}"]`)
  await inFooter.waitFor()
  expect(await inFooter.innerText()).toContain('LinkedIn')

  await panel.getByRole('button', { name: texts.editor.siteDocs.discard }).click()
  await expect.poll(() => inFooter.count()).toBe(0)
  const stored = (await (await context.request.get(`${baseUrl}/api/site/loadFooter`)).json()) as { social: { href: string }[] }
  expect(stored.social.map((s) => s.href)).not.toContain(address)
})
