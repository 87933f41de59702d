/**
 * Choosing a social-card image in Site Settings by uploading a picture: the file goes to
 * /img/upload from the media library dialog, the field shows a preview of the new image served by /img.
 */
import sharp from 'sharp'
import { expect, inject, test } from 'vitest'
import { texts } from '#lib/texts'
import { openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
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
  const fieldLabel = `${texts.editor.siteSettings.og} ${texts.editor.siteSettings.imageId.toLowerCase()}`
  const field = og.getByRole('group', { name: fieldLabel })
  const before = await field
    .getByRole('img', { name: texts.editor.imageField.preview })
    .getAttribute('src')
    .catch(() => null)
  await field.getByRole('button', { name: /^(Choose|Change) image$/ }).click()
  const library = page.getByRole('dialog', { name: `${texts.editor.imageField.dialogTitle}: ${fieldLabel}` })
  await library.waitFor()
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#761218' } })
    .png()
    .toBuffer()
  const [upload] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/img/upload')),
    library.locator('input[type=file]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: picture }),
  ])
  expect(upload.status()).toBe(200)
  const { _id } = (await upload.json()) as { _id: string }
  // The uploaded picture is picked: the library closes and the field previews it.
  await library.waitFor({ state: 'hidden' })
  await expect.poll(() => field.getByRole('img', { name: texts.editor.imageField.preview }).getAttribute('src')).toContain(`/img/${_id}?`)
  expect(before ?? '').not.toContain(_id)

  const preview = field.getByRole('img', { name: texts.editor.imageField.preview })
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  // Nothing saved: closing asks first, because the settings now differ from what is stored.
  page.once('dialog', (d) => void d.accept())
  await page.keyboard.press('Escape')
})
