/**
 * Social links in the footer, edited in place: the real footer shows a new link as it is typed,
 * and discarding puts the stored footer back.
 */
import { expect, inject, test } from 'vitest'
import { openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const session = openBrowserSession()
const f = editorTexts.footer

test('an editor adds a social link and sees it in the footer before saving; discard removes it', async () => {
  const { page, context } = session
  expect(
    (await context.request.post(`${baseUrl}/api/user/login`, { data: { username: editor.username, password: editor.password } })).status(),
  ).toBe(200)
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  await page
    .getByRole('navigation', { name: editorTexts.menu.label })
    .getByRole('button', { name: editorTexts.menu.saveFooter, exact: true })
    .click()
  const panel = page.getByRole('dialog', { name: editorTexts.panels.saveFooter })
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

  await panel.getByRole('button', { name: editorTexts.siteDocs.discard }).click()
  await expect.poll(() => inFooter.count()).toBe(0)
  const stored = (await (await context.request.get(`${baseUrl}/api/site/loadFooter`)).json()) as { social: { href: string }[] }
  expect(stored.social.map((s) => s.href)).not.toContain(address)
})
