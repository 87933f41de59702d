/**
 * The page header's own sidebar editors (spec 02 §2.9, spec 01 §3, §5), in real Chromium: on a
 * template with a video header an editor opens 'Edit Video', a link that is not an mp4 file is
 * refused with the spec's message, an mp4 link and a poster are taken; on a template with a header
 * picture 'Edit Overlayer' lays a cropped picture over the header at a chosen position and width
 * (10 to 100 %). Saved and published, a visitor gets exactly that header.
 */
import sharp from 'sharp'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { texts } from '#lib/texts'
import { axe, formatViolations } from '../helpers/browser.ts'
import {
  chooseMenuItem,
  editorMenu,
  openEditorSession,
  picture,
  saveAndPublish,
  saveDraftPage,
  uploadPicture,
} from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts, blockEditorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const h = blockEditorTexts.header
const b = editorTexts.blocks
const ie = editorTexts.imageEditor
const run = Date.now().toString(36)

const session = openEditorSession()

/** A picture in the media library (what the page's header picture is). */
const upload = async (name: string, colour: string) => uploadPicture(session.editor, name, await picture(colour))

/** A raw save, for the answers the server refuses. */
async function savePage(page: Record<string, unknown>) {
  return session.editor.request.post(`${baseUrl}/api/page/save`, { data: { page, collection: 'pages' } })
}

/** A page whose header has a picture; answers that picture's id. */
async function createPage(slug: string, template: string, title: string): Promise<string> {
  const imageId = await upload(`header-${slug}.png`, '#5b3a29')
  await saveDraftPage(session.editor, { slug, template, header: { title, image: { imageId, alt: 'Vines at dusk' } }, contents: [] })
  return imageId
}

/** Uploads a picture in an image editor's Gallery (which picks it) and describes it in its Alt text tab. */
async function uploadAndDescribe(p: Page, panel: Locator, name: string, colour: string, alt: string): Promise<string> {
  const [response] = await Promise.all([
    p.waitForResponse((r) => r.url().endsWith('/img/upload')),
    panel.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: await picture(colour, 800, 600) }),
  ])
  expect(response.status()).toBe(200)
  const { _id } = (await response.json()) as { _id: string }
  await panel.getByRole('img', { name: ie.current }).waitFor()
  await panel
    .getByRole('tablist', { name: ie.tabsLabel })
    .getByRole('tab', { name: new RegExp(`^${ie.tabs.alt}`) })
    .click()
  await panel.getByRole('textbox', { name: ie.altLabel, exact: true }).fill(alt)
  return _id
}

describe('page header editors', () => {
  test('Edit Video: a non-mp4 link is refused with the spec message, an mp4 link and a poster are taken; the visitor’s header plays that video', async () => {
    const slug = `e2e-header-video-${run}`
    await createPage(slug, 'premium', `Video header ${run}`)
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    // The header's editors show only while Select Component is on.
    expect(await p.getByRole('button', { name: h.editVideo }).count()).toBe(0)
    await chooseMenuItem(p, m.select)
    await p.getByRole('button', { name: h.editVideo, exact: true }).click()
    const sidebar = p.getByRole('dialog', { name: h.editVideo })
    await sidebar.waitFor()
    const tabs = sidebar.getByRole('tablist', { name: h.editVideo })
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([h.tabs.cropping, h.tabs.gallery, h.tabs.video])

    // Video tab: a link to a .webm file is refused, shown with the spec's message and not stored.
    const link = sidebar.getByRole('textbox', { name: h.videoLink })
    await link.fill('https://cdn.example.com/harvest.webm')
    await sidebar.getByText(h.mp4Only).waitFor()
    expect(await link.getAttribute('aria-invalid')).toBe('true')
    expect(await p.locator('main video').count()).toBe(0)

    // An mp4 file is taken: the error goes and the header plays it while editing already.
    const mp4 = `/media/harvest-${run}.mp4`
    await link.fill(mp4)
    await expect.poll(() => sidebar.getByText(h.mp4Only).count()).toBe(0)
    expect(await link.getAttribute('aria-invalid')).toBeNull()
    await expect.poll(() => p.locator('main video').getAttribute('src')).toBe(mp4)

    // Gallery: a poster, uploaded and described.
    await tabs.getByRole('tab', { name: h.tabs.gallery }).click()
    const posterId = await uploadAndDescribe(p, sidebar, `poster-${run}.png`, '#d9b44a', 'The valley at harvest')
    await expect.poll(() => p.locator('main video').getAttribute('poster')).toContain(`/img/${posterId}`)

    await saveAndPublish(p)
    await p.close()

    // The visitor's header: that video over the poster, with its pause button; no editor button.
    const v = await session.visitor.newPage()
    await v.route('**/*.mp4', (route) => route.abort())
    const response = await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    const video = v.locator('main video')
    expect(await video.getAttribute('src')).toBe(mp4)
    expect(await video.getAttribute('poster')).toContain(`/img/${posterId}`)
    expect(await v.getByRole('button', { name: h.editVideo }).count()).toBe(0)
    await v.getByRole('button', { name: new RegExp(`${texts.blocks.header.pauseVideo}|${texts.blocks.header.playVideo}`) }).waitFor()
    const violations = await axe(v)
    expect(violations, formatViolations(violations)).toEqual([])
    await v.close()

    // The server holds the same rule: a page saved with a link that is not an mp4 file is refused.
    const refused = await savePage({
      slug: `${slug}-api`,
      template: 'premium',
      header: { title: 'API', video: { link: 'https://cdn.example.com/clip.mov' } },
      contents: [],
    })
    expect(refused.status()).toBe(400)
    expect(await refused.text()).toContain(h.mp4Only)
  })

  test('the header picture (a field of the page, outside any block) opens its image editor', async () => {
    const slug = `e2e-header-image-${run}`
    const imageId = await createPage(slug, 'genericImage', `Header picture ${run}`)
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)
    const name = b.edit('Header image')
    const headerPicture = p.locator('main > section').first().locator('[data-editable="image"]')
    expect(await headerPicture.getAttribute('title')).toBe(name)
    await headerPicture.click({ position: { x: 40, y: 40 } })
    const sidebar = p.getByRole('dialog', { name })
    await sidebar.waitFor()
    await sidebar.getByRole('tablist', { name: ie.tabsLabel }).waitFor()
    expect(await sidebar.getByRole('img', { name: ie.current }).getAttribute('src')).toContain(`/img/${imageId}`)
    expect(await sidebar.getByText(b.nothingSelected).count()).toBe(0)
    await p.close()
  })

  test('Edit Overlayer: a cropped picture over the header, moved to the start at 55 % wide (typed, 10 to 100); the visitor sees it there', async () => {
    const slug = `e2e-header-overlayer-${run}`
    await createPage(slug, 'genericImage', `Overlayer header ${run}`)
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)
    // This template has a header picture but no video.
    await p.getByRole('button', { name: h.editOverlayer, exact: true }).waitFor()
    expect(await p.getByRole('button', { name: h.editVideo }).count()).toBe(0)
    await p.getByRole('button', { name: h.editOverlayer, exact: true }).click()
    const sidebar = p.getByRole('dialog', { name: h.editOverlayer })
    await sidebar.waitFor()
    const tabs = sidebar.getByRole('tablist', { name: h.editOverlayer })
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([h.tabs.cropping, h.tabs.gallery, h.tabs.position])

    // No picture yet: the Gallery is open; upload one and describe it. It shows over the header at once.
    const overlayId = await uploadAndDescribe(p, sidebar, `overlay-${run}.png`, '#f4efe6', 'The Barossa wordmark')
    const overlay = p.locator(`main img[src*="/img/${overlayId}"]`)
    await overlay.waitFor()

    // Cropping: a square, 300 px of the picture (it keeps its own shape: no fixed crop box).
    await tabs.getByRole('tab', { name: h.tabs.cropping }).click()
    await sidebar.getByRole('combobox', { name: ie.freeformAspect }).selectOption({ label: ie.aspects.square })
    const cropWidth = sidebar.getByLabel(ie.cropWidth)
    await cropWidth.fill('300')
    await cropWidth.press('Enter')
    await sidebar.getByText(ie.cropSaved(300, 300)).waitFor()
    await expect.poll(() => overlay.getAttribute('src')).toMatch(/[?&]cw=300&ch=300(&|$)/)

    // Position: start, and a width typed into the number box (out of range values are held to 10..100).
    await tabs.getByRole('tab', { name: h.tabs.position }).click()
    await sidebar.getByRole('combobox', { name: h.position }).selectOption({ label: h.positions.start })
    const width = sidebar.getByRole('spinbutton', { name: h.width })
    await width.click()
    await p.keyboard.press('Control+a')
    await p.keyboard.type('150')
    await p.keyboard.press('Tab')
    await expect.poll(() => width.inputValue()).toBe('100')
    await width.click()
    await p.keyboard.press('Control+a')
    await p.keyboard.type('5')
    await p.keyboard.press('Tab')
    await expect.poll(() => width.inputValue()).toBe('10')
    await width.click()
    await p.keyboard.press('Control+a')
    await p.keyboard.type('55')
    await p.keyboard.press('Tab')
    await expect.poll(() => width.inputValue()).toBe('55')
    expect(await sidebar.getByRole('slider', { name: h.width }).inputValue()).toBe('55')
    await expect.poll(() => overlay.evaluate((el) => (el as HTMLElement).style.width)).toBe('55%')

    await saveAndPublish(p)
    await p.close()

    // The visitor: the overlay sits at the start of the header's content area and is 55 % of its width.
    const v = await session.visitor.newPage()
    await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    const shown = v.locator(`main img[src*="/img/${overlayId}"]`)
    await shown.waitFor()
    expect(await shown.getAttribute('alt')).toBe('The Barossa wordmark')
    // The crop is applied: the served picture is square.
    const served = await v.request.get(new URL((await shown.getAttribute('src'))!, baseUrl).toString())
    expect(served.status()).toBe(200)
    const meta = await sharp(await served.body()).metadata()
    expect(meta.width).toBe(meta.height)
    const geometry = await shown.evaluate((img) => {
      const area = img.parentElement!
      const style = getComputedStyle(area)
      const box = area.getBoundingClientRect()
      const inner = {
        left: box.left + parseFloat(style.paddingLeft),
        width: box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      }
      const own = img.getBoundingClientRect()
      return { fraction: own.width / inner.width, fromStart: own.left - inner.left, toEnd: inner.left + inner.width - own.right }
    })
    expect(geometry.fraction).toBeCloseTo(0.55, 2)
    expect(Math.abs(geometry.fromStart)).toBeLessThan(1)
    expect(geometry.toEnd).toBeGreaterThan(100)
    await v.close()
  })
})
