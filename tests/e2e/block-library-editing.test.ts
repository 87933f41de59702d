/**
 * The block library through the editor, in real Chromium (issue "block library and in-place
 * editing"): an editor adds EVERY block type the page's picker offers, saves and publishes, and a
 * visitor gets each of them; an editor uploads a picture into an Image block, crops it for the
 * desktop breakpoint, describes it, publishes, and the visitor's picture is that crop.
 */
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { describe, expect, test, vi } from 'vitest'
import type { PageDoc } from '#lib/content'
import { containers } from '#blocks/containers'
import { axe, formatViolations } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, picture, saveAndPublish, uploadPicture } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(180_000) })

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const b = editorTexts.blocks
const ie = editorTexts.imageEditor
const run = Date.now().toString(36)

const session = openEditorSession({ viewport: { width: 1440, height: 900 } })

const blockTypes = (p: Page) => p.locator('main [data-block]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block')))

async function createPage(slug: string, contents: unknown[]): Promise<PageDoc> {
  const response = await session.editor.request.post(`${baseUrl}/api/page/save`, {
    data: { page: { slug, template: 'generic', header: { title: `Library ${run}` }, contents }, collection: 'pages' },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as PageDoc
}

describe('the whole library through the editor', () => {
  // About 30 s on a 2-core machine (some twenty blocks added one by one), twice that on CI's: 60 s was too short.
  test('every block type the page allows is added from the picker, saved, published and served', async () => {
    const slug = `e2e-library-${run}`
    await createPage(slug, [])
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)

    // The picker lists exactly the contents container's types (spec 02 §2.8).
    const addButton = p.getByRole('button', { name: b.addComponentTo('page') })
    await addButton.click()
    const picker = p.getByRole('dialog', { name: b.addComponent })
    const offered = await picker.locator('[data-component-type]').allInnerTexts()
    expect(offered.length).toBe(containers.contents.length)
    await p.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })

    for (const [index, label] of offered.entries()) {
      await addButton.click()
      // Typed, then Enter: the exact match comes first. (A click could miss: the page grows while
      // the last block's view loads, carrying the trigger and its popover below the viewport.)
      const search = picker.getByLabel(b.searchComponents)
      await search.fill(label)
      await expect.poll(() => picker.locator('[data-component-type]').first().innerText()).toBe(label)
      await search.press('Enter')
      await picker.waitFor({ state: 'detached' })
      await expect
        .poll(() => p.locator('main [data-editor-frame]').count(), { message: `after adding ${label}` })
        .toBeGreaterThanOrEqual(index + 1)
    }
    const added = await p.locator('main > * [data-editor-frame], main [data-editor-frame]').evaluateAll((els) =>
      // Top-level frames only: nested lists (split sides) start empty anyway.
      els.filter((el) => !el.parentElement?.closest('[data-editor-frame]')).map((el) => el.getAttribute('data-block')),
    )
    expect(new Set(added)).toEqual(new Set(containers.contents))
    expect(added).toHaveLength(containers.contents.length)

    await saveAndPublish(p)
    await p.close()

    // The visitor's page holds every one of them, in the order added, and stays accessible.
    const v = await session.visitor.newPage()
    await v.route(/youtube|vimeo|forms\.|alpaca/, (route) => route.abort())
    const response = await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    const served = (await blockTypes(v)).filter((type, i, all) => all.indexOf(type) === i)
    expect(served).toEqual(added)
    expect(await v.locator('[data-editor-frame], [data-editable], [contenteditable]').count()).toBe(0)
    const violations = await axe(v)
    expect(violations, formatViolations(violations)).toEqual([])
    await v.close()
  })

  test('an image is uploaded into an Image block, cropped for desktop, described, published; the visitor gets that crop', async () => {
    const slug = `e2e-image-crop-${run}`
    await createPage(slug, [{ componentType: 'Image' }])
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)

    // One click on the picture's prompt (it has none yet) opens its image editor, at the Gallery.
    const placeholder = p.locator('main [data-block="Image"] [data-editable="image"] > *').first()
    await placeholder.click({ position: { x: 400, y: 100 } })
    const sidebar = p.getByRole('dialog', { name: 'Image' })
    await sidebar.waitFor()
    await expect.poll(() => sidebar.getByRole('tab', { name: ie.tabs.gallery }).getAttribute('aria-selected')).toBe('true')

    // Gallery: upload a 1600x1000 picture; uploading picks it.
    const source = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3a5f2b' } })
      .png()
      .toBuffer()
    const [upload] = await Promise.all([
      p.waitForResponse((r) => r.url().endsWith('/img/upload')),
      sidebar.locator('input[type=file]').setInputFiles({ name: `vines-${run}.png`, mimeType: 'image/png', buffer: source }),
    ])
    expect(upload.status()).toBe(200)
    const { _id } = (await upload.json()) as { _id: string }
    await expect.poll(() => p.locator(`main img[src*="/img/${_id}"]`).count()).toBeGreaterThan(0)

    // Cropping, desktop breakpoint: a 1080-wide area from x=200, y=100 (the 1080x600 shape holds the height).
    await sidebar.getByRole('tab', { name: ie.tabs.cropping }).click()
    const width = sidebar.getByLabel(ie.cropWidth)
    await width.fill('1080')
    await width.press('Enter')
    const left = sidebar.getByLabel(ie.cropX)
    await left.fill('200')
    await left.press('Enter')
    const top = sidebar.getByLabel(ie.cropY)
    await top.fill('100')
    await top.press('Enter')
    await expect.poll(() => sidebar.getByText(ie.cropSaved(1080, 600)).count()).toBe(1)
    // The cropping tab, its frame and handles showing, passes axe (issue 31).
    const cropViolations = await axe(p)
    expect(cropViolations, `cropping tab: ${formatViolations(cropViolations)}`).toEqual([])

    // Alt text is required before publishing.
    await sidebar.getByRole('tab', { name: new RegExp(`^${ie.tabs.alt}`) }).click()
    await sidebar.getByRole('textbox', { name: ie.altLabel, exact: true }).fill('Rows of vines in spring')
    await saveAndPublish(p)
    await p.close()

    const v = await session.visitor.newPage()
    await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    const desktop = v.locator('main picture source[media="(min-width: 640px)"]')
    const srcset = (await desktop.getAttribute('srcset')) ?? ''
    const first = new URL(srcset.split(/\s/)[0]!, baseUrl)
    expect(first.pathname).toBe(`/img/${_id}`)
    expect(Object.fromEntries(['cx', 'cy', 'cw', 'ch'].map((k) => [k, first.searchParams.get(k)]))).toEqual({
      cx: '200',
      cy: '100',
      cw: '1080',
      ch: '600',
    })
    expect(await v.locator('main img').first().getAttribute('alt')).toBe('Rows of vines in spring')
    // The served variant really is the crop's shape.
    const served = await v.request.get(first.toString())
    expect(served.status()).toBe(200)
    const meta = await sharp(await served.body()).metadata()
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(1080 / 600, 1)
    await v.close()
  })

  test('the focal point follows a click, the arrow keys and typed values, is saved, and frames the visitor’s picture (issue 31)', async () => {
    const slug = `e2e-focal-${run}`
    const imageId = await uploadPicture(session.editor, `focal-${run}.png`, await picture('#6b4f2b', 1600, 1000))
    await createPage(slug, [{ componentType: 'Image', imageId, alt: 'A cellar door' }])
    const p = await session.editor.newPage()
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await editorMenu(p).waitFor()
    await chooseMenuItem(p, m.select)
    await p.locator('main [data-block="Image"] [data-editable="image"]').first().click()
    const sidebar = p.getByRole('dialog', { name: 'Image' })
    await sidebar.getByRole('tab', { name: ie.tabs.focal }).click()
    const across = sidebar.getByLabel(ie.focalX)
    const down = sidebar.getByLabel(ie.focalY)
    const marker = sidebar.locator('[data-testid="focal-area"] > span')
    const stored = async () =>
      ((await (await session.editor.request.get(`${baseUrl}/api/page/load?slug=${slug}`)).json()) as PageDoc).contents[0]

    // Typed: the fields keep what was typed and the marker moves there.
    await across.fill('30')
    await down.fill('35')
    await expect.poll(() => across.inputValue()).toBe('30')
    expect(await down.inputValue()).toBe('35')
    expect(await marker.evaluate((el) => [el.style.left, el.style.top])).toEqual(['30%', '35%'])

    // Arrow keys on the picture: 5 % a step.
    const area = sidebar.getByTestId('focal-area')
    await area.focus()
    await p.keyboard.press('ArrowRight')
    await p.keyboard.press('ArrowDown')
    await expect.poll(() => across.inputValue()).toBe('35')
    expect(await down.inputValue()).toBe('40')
    expect(await area.getAttribute('aria-label')).toBe(`${ie.focalArea}: 35%, 40%`)

    // A click on the picture puts the point there (a quarter across, three quarters down).
    const box = (await area.boundingBox())!
    await area.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } })
    await expect.poll(async () => Math.round(Number(await across.inputValue()))).toBe(25)
    expect(Math.round(Number(await down.inputValue()))).toBe(75)

    // Saved with the page; the visitor's picture is framed around it.
    const rounded = (focal: unknown) => {
      const f = focal as { x: number; y: number } | undefined
      return f && [Math.round(f.x * 100), Math.round(f.y * 100)]
    }
    await expect.poll(async () => rounded((await stored())?.focal), { timeout: 15_000 }).toEqual([25, 75])
    await saveAndPublish(p)
    await p.close()
    const v = await session.visitor.newPage()
    await v.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    const src = (await v.locator('main img').first().getAttribute('src')) ?? ''
    const url = new URL(src, baseUrl)
    expect([url.searchParams.get('fx'), url.searchParams.get('fy')].map((v) => Math.round(Number(v) * 100))).toEqual([25, 75])
    await v.close()
  })
})
