/**
 * The media library (issue 36) as an editor uses it, in Chromium against the production server:
 * twelve files uploaded at once, sorted into a folder and a tag, one placed on two published pages
 * and seen in "where used", its deletion refused with that list, replaced in place so that both
 * pages show the new picture, an unused file deleted and restored from the trash; a keyboard-only
 * pass; axe clean.
 */
import sharp from 'sharp'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { axe, formatViolations, openBrowserSession } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const session = openBrowserSession({ width: 1280, height: 900 })
const ie = editorTexts.imageEditor
const l = ie.library
const run = Date.now().toString(36)

/** Distinct per file and per run (the library answers the same bytes with the file it has). */
const seed = Date.now() % 200
const colour = (i: number) => ({ r: (i * 37 + 11) % 256, g: (i * 71 + seed) % 256, b: (i * 113 + 5) % 256 })
const png = (background: { r: number; g: number; b: number }, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

async function signIn(context: BrowserContext) {
  const login = await context.request.post(`${baseUrl}/api/user/login`, { data: { username: editor.username, password: editor.password } })
  expect(login.status()).toBe(200)
}

/** The library, as the site settings' social-card image field opens it. */
async function openLibrary(page: Page) {
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
  const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
  await menu.getByRole('button', { name: editorTexts.menu.siteSettings, exact: true }).click()
  const settings = page.getByRole('dialog', { name: editorTexts.panels.siteSettings })
  await settings.waitFor()
  const og = settings.getByRole('group', { name: editorTexts.siteSettings.og })
  const fieldLabel = `${editorTexts.siteSettings.og} ${editorTexts.siteSettings.imageId.toLowerCase()}`
  await og
    .getByRole('group', { name: fieldLabel })
    .getByRole('button', { name: /^(Choose|Change) image$/ })
    .click()
  const library = page.getByRole('dialog', { name: `${editorTexts.imageField.dialogTitle}: ${fieldLabel}` })
  await library.waitFor()
  return library
}

/**
 * Types a search into the focused field and waits for the library's answer to the whole of it. A pause
 * while typing sends a search for the letters so far, whose results can already show the file; tabbing
 * then could pass the grid while it reloads for the rest.
 */
async function typeSearch(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/image/list' && new URL(r.url()).searchParams.get('q') === text,
  )
  await page.keyboard.type(text)
  await answered
}

/** The pixel at the middle of a picture the server answers at an address. */
async function centreColour(context: BrowserContext, address: string) {
  const res = await context.request.get(`${baseUrl}${address}`)
  expect(res.status()).toBe(200)
  const { data, info } = await sharp(await res.body())
    .raw()
    .toBuffer({ resolveWithObject: true })
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! }
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b) < 20

describe('the media library', () => {
  test('upload twelve at once, folder and tag them, see where one is used, refuse its deletion, replace it on both pages, trash and restore another', async () => {
    const { page, context } = session
    await signIn(context)
    const library = await openLibrary(page)

    // Twelve files at once, each with its own progress, none picked (only a single upload is).
    const names = Array.from({ length: 12 }, (_, i) => `lib-${run}-${String(i).padStart(2, '0')}.png`)
    const files = await Promise.all(names.map(async (name, i) => ({ name, mimeType: 'image/png', buffer: await png(colour(i)) })))
    await library.getByTestId('image-file-input').setInputFiles(files)
    const queue = library.getByRole('list', { name: l.uploadsLabel })
    await expect.poll(() => queue.getByRole('listitem').count()).toBe(12)
    await expect.poll(() => queue.getByText(l.uploadDone, { exact: true }).count(), { timeout: 60_000 }).toBe(12)
    expect(await library.isVisible()).toBe(true)

    await library.getByLabel(ie.search).fill(run)
    const tiles = library.getByRole('checkbox', { name: new RegExp(`^Select lib-${run}-`) })
    await expect.poll(() => tiles.count()).toBe(12)

    // A folder, three files moved into it; five tagged.
    const folder = `Coast ${run}`
    await library.getByLabel(l.newFolder).fill(folder)
    await library.getByRole('button', { name: l.createFolder }).click()
    await library.getByText(l.folderCreated(folder)).waitFor()
    for (const name of names.slice(0, 3)) await library.getByRole('checkbox', { name: l.select(name) }).check()
    await library.getByRole('group', { name: l.selectedCount(3) }).waitFor()
    await library.getByLabel(l.moveTo).selectOption({ label: folder })
    await library.getByRole('button', { name: l.move, exact: true }).click()
    await library.getByText(l.bulkDone(3)).waitFor()
    const tag = `beach-${run}`
    for (const name of names.slice(3, 8)) await library.getByRole('checkbox', { name: l.select(name) }).check()
    await library.getByLabel(l.addTag).fill(tag)
    await library.getByRole('button', { name: l.addTagButton }).click()
    await library.getByText(l.bulkDone(5)).waitFor()

    await library.getByLabel(l.folder, { exact: true }).selectOption({ label: folder })
    await expect.poll(() => tiles.count()).toBe(3)
    await library.getByLabel(l.folder, { exact: true }).selectOption({ label: l.allFiles })
    await library.getByLabel(l.tag, { exact: true }).selectOption({ label: l.tagCount(tag, 5) })
    await expect.poll(() => tiles.count()).toBe(5)
    await library.getByLabel(l.tag, { exact: true }).selectOption({ label: l.allTags })
    await expect.poll(() => tiles.count()).toBe(12)

    const violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])

    // One file on two published pages.
    const heroName = names[8]!
    const listed = await context.request.get(`${baseUrl}/api/image/list?q=${heroName}`)
    const hero = ((await listed.json()) as { items: { _id: string }[] }).items[0]!
    const slugs = [`media-a-${run}`, `media-b-${run}`]
    for (const slug of slugs) {
      const published = await context.request.post(`${baseUrl}/api/page/publishPage`, {
        data: {
          page: {
            slug,
            template: 'generic',
            header: { title: `Uses ${slug}` },
            contents: [{ componentType: 'Image', imageId: hero._id, alt: `Hero ${run}` }],
          },
          collection: 'pages',
        },
      })
      expect(published.status(), await published.text()).toBe(200)
    }
    const visitor = await session.browser.newContext()
    const heroSrc = async (slug: string) => {
      const p = await visitor.newPage()
      await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
      const src = await p.getByRole('img', { name: `Hero ${run}` }).getAttribute('src')
      await p.close()
      return src!
    }
    const before = await heroSrc(slugs[0]!)
    expect(near(await centreColour(visitor, before), colour(8))).toBe(true)

    // Where used: both pages, each a link there.
    await library.getByRole('button', { name: l.details(heroName) }).click()
    const details = library.getByTestId('file-details')
    const used = details.getByRole('list', { name: l.whereUsed })
    await expect.poll(() => used.getByRole('link').count()).toBe(2)
    expect(await used.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')).sort())).toEqual(
      slugs.map((s) => `/${s}`).sort(),
    )

    // Deleting it is refused, naming both.
    await details.getByRole('button', { name: l.delete, exact: true }).click()
    const refusal = details.getByRole('alert')
    await refusal.waitFor()
    expect(await refusal.innerText()).toContain('used in 2 places')
    expect(await refusal.getByRole('link').count()).toBe(2)

    // Replaced in place: both pages show the new picture, at a new address.
    const green = { r: 20, g: 200, b: 40 }
    await details
      .getByTestId('replace-file-input')
      .setInputFiles({ name: 'hero-new.png', mimeType: 'image/png', buffer: await png(green, 640, 480) })
    await details.getByText(l.replaced(2)).waitFor()
    for (const slug of slugs) {
      const src = await heroSrc(slug)
      expect(src).toContain(`/img/${hero._id}?`)
      expect(src).toContain('v=2')
      expect(near(await centreColour(visitor, src), green)).toBe(true)
    }
    await visitor.close()
    await details.getByRole('button', { name: l.close }).click()

    // An unused file goes to the trash and comes back.
    const spare = names[11]!
    await library.getByRole('button', { name: l.details(spare) }).click()
    await details.getByRole('button', { name: l.delete, exact: true }).click()
    await details.getByText(l.deleted).waitFor()
    await details.getByRole('button', { name: l.close }).click()
    await expect.poll(() => tiles.count()).toBe(11)
    await library.getByRole('button', { name: l.trash }).click()
    await expect.poll(() => library.getByRole('checkbox', { name: l.select(spare) }).count()).toBe(1)
    await library.getByRole('button', { name: l.details(spare) }).click()
    await details.getByRole('button', { name: l.restore }).click()
    await details.getByText(l.restored).waitFor()
    await library.getByRole('button', { name: l.trash }).click()
    await expect.poll(() => tiles.count()).toBe(12)

    // Nothing changed in the settings: closing asks first only if it did.
    page.once('dialog', (d) => void d.accept())
    await page.keyboard.press('Escape')
  })

  test('works by keyboard alone: search, select a file, open its details, save a credit', async () => {
    const { page, context } = session
    await signIn(context)
    const name = `keys-${run}.png`
    const up = await context.request.post(`${baseUrl}/img/upload`, {
      multipart: { file: { name, mimeType: 'image/png', buffer: await png({ r: 9, g: 99, b: 199 }) } },
    })
    expect(up.status()).toBe(200)
    const library = await openLibrary(page)

    await library.getByLabel(ie.search).focus()
    await typeSearch(page, `keys-${run}`)
    await expect.poll(() => library.getByRole('checkbox', { name: new RegExp(`^Select keys-${run}`) }).count()).toBe(1)

    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '')
    const tabTo = async (label: string) => {
      for (let i = 0; i < 40; i++) {
        if ((await focused()) === label) return
        await page.keyboard.press('Tab')
      }
      throw new Error(`Tab never reached ${label}; it is on ${await focused()}`)
    }
    await tabTo(l.select(name))
    await page.keyboard.press('Space')
    await library.getByRole('group', { name: l.selectedCount(1) }).waitFor()
    await tabTo(l.details(name))
    await page.keyboard.press('Enter')
    const details = library.getByTestId('file-details')
    await details.getByRole('heading', { name }).waitFor()
    await details.getByLabel(l.credit).focus()
    await page.keyboard.type('Kim Keys')
    await tabTo(l.save)
    await page.keyboard.press('Enter')
    await details.getByText(l.saved).waitFor()
    const info = await context.request.get(`${baseUrl}/api/image/list?q=Kim%20Keys`)
    expect(((await info.json()) as { items: { filename: string; credit: string }[] }).items).toEqual([
      expect.objectContaining({ filename: name, credit: 'Kim Keys' }),
    ])
    page.once('dialog', (d) => void d.accept())
    await page.keyboard.press('Escape')
  })

  test('a slow answer to an earlier search does not replace the results of the search typed since', async () => {
    const { page, context } = session
    await signIn(context)
    const name = `late-${run}.png`
    const up = await context.request.post(`${baseUrl}/img/upload`, {
      multipart: { file: { name, mimeType: 'image/png', buffer: await png({ r: 19, g: 199, b: 99 }) } },
    })
    expect(up.status()).toBe(200)
    const library = await openLibrary(page)
    const search = library.getByLabel(ie.search)
    await library.getByText(/^\d+ of \d+ images$/).waitFor()

    // The answer to "late" is held back until the answer to the whole name has been shown.
    let releaseEarly = () => {}
    const early = new Promise<void>((resolve) => (releaseEarly = resolve))
    const heldBack = new Promise<void>((resolve) => {
      void page.route(
        (url) => url.pathname === '/api/image/list' && url.searchParams.get('q') === 'late',
        async (route) => {
          resolve()
          await early
          await route.continue()
        },
      )
    })
    await search.fill('late')
    await heldBack
    await search.fill(`late-${run}`)
    await library.getByText(ie.count(1, 1), { exact: true }).waitFor()
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === 'late')
    releaseEarly()
    await answered
    // The late answer arrived and was set aside: still the one result, not "Loading images…".
    await library.getByRole('checkbox', { name: l.select(name) }).waitFor()
    expect(await library.getByText(ie.count(1, 1), { exact: true }).isVisible()).toBe(true)
    expect(await library.getByText(ie.loading, { exact: true }).count()).toBe(0)
    await page.unrouteAll()
    page.once('dialog', (d) => void d.accept())
    await page.keyboard.press('Escape')
  })

  test('a keyboard-only pass through the grid: Tab into it, arrow keys to a picture, Enter places it', async () => {
    const { page, context } = session
    await signIn(context)
    const prefix = `grid-${run}`
    const ids = new Map<string, string>()
    for (let i = 0; i < 6; i++) {
      const name = `${prefix}-${i}.png`
      const up = await context.request.post(`${baseUrl}/img/upload`, {
        multipart: {
          file: { name, mimeType: 'image/png', buffer: await png({ r: 200 - i * 20, g: 40 + i * 15, b: (seed + i * 9) % 256 }) },
        },
      })
      expect(up.status(), await up.text()).toBe(200)
      ids.set(`${ie.pick(name)}`, ((await up.json()) as { _id: string })._id)
    }

    // The field's button and the settings menu by keyboard too.
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
    const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
    await menu.getByRole('button', { name: editorTexts.menu.siteSettings, exact: true }).focus()
    await page.keyboard.press('Enter')
    const settings = page.getByRole('dialog', { name: editorTexts.panels.siteSettings })
    await settings.waitFor()
    const fieldLabel = `${editorTexts.siteSettings.og} ${editorTexts.siteSettings.imageId.toLowerCase()}`
    const field = settings.getByRole('group', { name: editorTexts.siteSettings.og }).getByRole('group', { name: fieldLabel })
    await field.getByRole('button', { name: /^(Choose|Change) image$/ }).focus()
    await page.keyboard.press('Enter')
    const library = page.getByRole('dialog', { name: `${editorTexts.imageField.dialogTitle}: ${fieldLabel}` })
    await library.waitFor()

    await library.getByLabel(ie.search).focus()
    await typeSearch(page, prefix)
    const grid = library.getByRole('grid', { name: ie.tabs.gallery })
    const pickButtons = grid.getByRole('button', { name: new RegExp(`^Use ${prefix}-`) })
    await expect.poll(() => pickButtons.count()).toBe(6)
    // As laid out: the names in reading order, and the columns of a row.
    const order = await pickButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!))
    const columns = Number(await grid.getAttribute('aria-colcount'))
    expect(columns).toBeGreaterThan(1)
    // One tab stop: the first picture with its checkbox and details button, nothing else in the grid.
    expect(await grid.locator('[tabindex="0"]').count()).toBe(3)

    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
    for (let i = 0; i < 40 && (await focused()) !== order[0]; i++) await page.keyboard.press('Tab')
    expect(await focused()).toBe(order[0])
    const violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])

    const expectAt = async (index: number) => expect.poll(focused).toBe(order[index])
    await page.keyboard.press('ArrowRight')
    await expectAt(1)
    await page.keyboard.press('ArrowDown')
    const below = columns < order.length ? Math.min(1 + columns, order.length - 1) : 1
    await expectAt(below)
    await page.keyboard.press('Home')
    await expectAt(below - (below % columns))
    await page.keyboard.press('Control+End')
    await expectAt(order.length - 1)
    await page.keyboard.press('Control+Home')
    await expectAt(0)
    await page.keyboard.press('End')
    await expectAt(Math.min(columns, order.length) - 1)
    await page.keyboard.press('ArrowLeft')
    const chosen = Math.min(columns, order.length) - 2
    await expectAt(chosen)
    // The tab stop went with the focus: Tab leaves the grid from the chosen picture's own controls.
    expect(await grid.locator('[tabindex="0"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      order[chosen],
      order[chosen]!.replace(/^Use /, 'Select '),
      order[chosen]!.replace(/^Use /, 'Details of '),
    ])

    // Enter places it: the library closes and the field shows it.
    await page.keyboard.press('Enter')
    await library.waitFor({ state: 'hidden' })
    const preview = field.getByRole('img', { name: editorTexts.imageField.preview })
    await expect.poll(() => preview.getAttribute('src')).toContain(`/img/${ids.get(order[chosen]!)}`)

    // Nothing is saved: the lane's settings stay as they were.
    page.once('dialog', (d) => void d.accept())
    await page.keyboard.press('Escape')
    await settings.waitFor({ state: 'hidden' })
  })
})
