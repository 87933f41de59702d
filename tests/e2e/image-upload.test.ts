/**
 * Choosing a social-card image in Site Settings by uploading a picture: the file goes to
 * /img/upload from the media library dialog, the field shows a preview of the new image served by /img.
 */
import sharp from 'sharp'
import { expect, inject, test } from 'vitest'
import { openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const session = openBrowserSession()

test('an editor uploads an image for the og card and sees it previewed', async () => {
  const { page, context } = session
  const login = await context.request.post(`${baseUrl}/api/user/login`, { data: { username: editor.username, password: editor.password } })
  expect(login.status()).toBe(200)
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
  await menu.getByRole('button', { name: editorTexts.menu.siteSettings, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: editorTexts.panels.siteSettings })
  await dialog.waitFor()

  const og = dialog.getByRole('group', { name: editorTexts.siteSettings.og })
  const fieldLabel = `${editorTexts.siteSettings.og} ${editorTexts.siteSettings.imageId.toLowerCase()}`
  const field = og.getByRole('group', { name: fieldLabel })
  const before = await field
    .getByRole('img', { name: editorTexts.imageField.preview })
    .getAttribute('src')
    .catch(() => null)
  await field.getByRole('button', { name: /^(Choose|Change) image$/ }).click()
  const library = page.getByRole('dialog', { name: `${editorTexts.imageField.dialogTitle}: ${fieldLabel}` })
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
  await expect.poll(() => field.getByRole('img', { name: editorTexts.imageField.preview }).getAttribute('src')).toContain(`/img/${_id}?`)
  expect(before ?? '').not.toContain(_id)

  const preview = field.getByRole('img', { name: editorTexts.imageField.preview })
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  // Nothing saved: closing asks first, because the settings now differ from what is stored.
  page.once('dialog', (d) => void d.accept())
  await page.keyboard.press('Escape')
})
