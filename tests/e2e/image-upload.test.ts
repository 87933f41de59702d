/**
 * Choosing a social-card image in Site Settings by uploading a picture: the file goes to
 * /img/upload, the field shows the new id and a preview served by /img.
 */
import sharp from 'sharp'
import { expect, inject, test } from 'vitest'
import { texts } from '#lib/texts'
import { openBrowserSession } from '../helpers/browser.ts'

const baseUrl = inject('baseUrl')
const editor = inject('editor')
const session = openBrowserSession()

test('an editor uploads an image for the og card and sees it previewed', async () => {
  const { page, context } = session
  const login = await context.request.post(`${baseUrl}/api/user/login`, { data: { username: editor.username, password: editor.password } })
  expect(login.status()).toBe(200)
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  const menu = page.getByRole('navigation', { name: texts.editor.menu.label })
  await menu.getByRole('button', { name: texts.editor.menu.siteSettings, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: texts.editor.panels.siteSettings })
  await dialog.waitFor()

  const og = dialog.getByRole('group', { name: texts.editor.siteSettings.og })
  const idField = og.getByLabel(`${texts.editor.siteSettings.og} ${texts.editor.siteSettings.imageId.toLowerCase()}`)
  const before = await idField.inputValue()
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#761218' } }).png().toBuffer()
  const [upload] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/img/upload')),
    og.locator('input[type=file]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: picture }),
  ])
  expect(upload.status()).toBe(200)
  const { _id } = (await upload.json()) as { _id: string }
  await expect.poll(() => idField.inputValue()).toBe(_id)
  expect(_id).not.toBe(before)

  const preview = og.getByRole('img', { name: texts.editor.imageField.preview })
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  // Nothing saved: closing asks first, because the settings now differ from what is stored.
  page.once('dialog', (d) => void d.accept())
  await page.keyboard.press('Escape')
})
