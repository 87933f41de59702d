/**
 * The measurement of issue 36: a library of 5,000 files opens in under a second. A server of its
 * own whose database holds 5,000 library files (one stored original, 5,000 records, as a library
 * grown over years would hold); an editor opens the library and the time is taken from the click
 * that opens it to the first thumbnails painted (the list's first answer, the grid's render and the
 * first thumbnails through the image pipeline). Alone at the end (vitest.config.ts e2e-alone).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { editorTexts } from '#lib/editor-texts'
import { loadConfig } from '#server/config'
import { openDatabase } from '#server/db/client'
import { seedDemo } from '#server/demo/seed'
import { createServices } from '#server/services/index'
import { lendBrowser } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'

const editor = inject('editor')
const FILES = 5000
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-e2e-media-5000-'))
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  const database = await openDatabase({ dataDir: config.dataDir })
  try {
    await database.migrate()
    const services = createServices(database, config)
    await seedDemo(services, { onlyIfEmpty: true })
    await services.users.create({ username: editor.username, email: editor.email, password: editor.password, roles: [] })
    const original = await services.images.save({
      bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6f97' } })
        .jpeg()
        .toBuffer(),
      filename: 'library-0000.jpg',
    })
    const folder = await services.media.createFolder('Archive', null)
    // The rest as records of the same stored original: what the panel reads is the records.
    await database.db.execute(sql`
      insert into images (id, storage_key, filename, content_type, width, height, bytes, alt, credit, tags, folder_id, created_at)
      select 'lib-' || n, i.storage_key, 'library-' || lpad(n::text, 4, '0') || '.jpg', i.content_type, i.width, i.height, i.bytes,
             case when n % 3 = 0 then '' else 'Picture ' || n end, case when n % 5 = 0 then 'Photographer ' || n else '' end,
             array['tag-' || (n % 40)], case when n % 2 = 0 then ${folder._id} else null end, now() - n * interval '1 minute'
        from generate_series(1, ${FILES - 1}) n, images i where i.id = ${original._id}`)
  } finally {
    await database.close()
  }
  server = await startProductionServer({ dataDir })
  browser = await lendBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test(`a library of ${FILES} files opens in under a second`, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const login = await context.request.post(`${server.baseUrl}/api/user/login`, {
    data: { username: editor.username, password: editor.password },
  })
  expect(login.status()).toBe(200)
  // The demo's own pictures come on top of the 5,000.
  const listed = await context.request.get(`${server.baseUrl}/api/image/list?pageSize=1`)
  const total = ((await listed.json()) as { total: number }).total
  expect(total).toBeGreaterThanOrEqual(FILES)
  // The panel's first answer alone, as the server gives it (median of five).
  const answers: number[] = []
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now()
    const res = await context.request.get(`${server.baseUrl}/api/image/list?sort=newest&page=1&pageSize=60`)
    expect(res.status()).toBe(200)
    answers.push(Date.now() - t0)
  }
  const serverAnswer = answers.sort((a, b) => a - b)[2]!
  const page = await context.newPage()
  await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' })
  const menu = page.getByRole('navigation', { name: editorTexts.menu.label })
  await menu.getByRole('button', { name: editorTexts.menu.siteSettings, exact: true }).click()
  const settings = page.getByRole('dialog', { name: editorTexts.panels.siteSettings })
  await settings.waitFor()
  const og = settings.getByRole('group', { name: editorTexts.siteSettings.og })
  const fieldLabel = `${editorTexts.siteSettings.og} ${editorTexts.siteSettings.imageId.toLowerCase()}`
  const choose = og.getByRole('group', { name: fieldLabel }).getByRole('button', { name: /^(Choose|Change) image$/ })

  // Four times: the first also loads the library's code (once per editor session); the median of
  // the other three is the panel alone (this machine is shared: one slow open is not the panel's).
  const timings: number[] = []
  const firstAnswers: number[] = []
  for (let round = 0; round < 4; round++) {
    const started = Date.now()
    const answered = page.waitForResponse((r) => r.url().includes('/api/image/list')).then(() => Date.now() - started)
    await choose.click()
    const library = page.getByRole('dialog', { name: `${editorTexts.imageField.dialogTitle}: ${fieldLabel}` })
    await library.getByText(/ of \d+ images$/).waitFor()
    // The first row's thumbnails are painted.
    await library
      .getByTestId('library-grid')
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
      )
    timings.push(Date.now() - started)
    firstAnswers.push(await answered)
    // Only the rows in view exist, not 5,000 tiles.
    expect(await library.getByTestId('library-grid').locator('img').count()).toBeLessThan(100)
    await page.keyboard.press('Escape')
    await library.waitFor({ state: 'hidden' })
  }
  console.log(
    `media library of ${FILES} files: the list answers in ${serverAnswer} ms (median of 5); in the browser, first answer after ${firstAnswers.join(' ms, then ')} ms; opened and painted in ${timings.join(' ms, then ')} ms`,
  )
  const median = timings.slice(1).sort((a, b) => a - b)[1]!
  expect(median).toBeLessThan(1000)

  // By keyboard through all of them: Ctrl+End reaches the last picture (its page fetched, its row
  // rendered and scrolled into view); scrolled away, the focused picture stays rendered and focused.
  let listRequests = 0
  page.on('request', (r) => {
    if (r.url().includes('/api/image/list')) listRequests++
  })
  await choose.focus()
  await page.keyboard.press('Enter')
  const library = page.getByRole('dialog', { name: `${editorTexts.imageField.dialogTitle}: ${fieldLabel}` })
  const grid = library.getByRole('grid', { name: editorTexts.imageEditor.tabs.gallery })
  const firstPick = grid.getByRole('button', { name: /^Use / }).first()
  await firstPick.waitFor()
  await firstPick.focus()
  const focusedTile = () =>
    page.evaluate(
      () => `${document.activeElement?.getAttribute('data-grid-index')}:${document.activeElement?.getAttribute('data-grid-loaded')}`,
    )
  expect(await focusedTile()).toBe('0:true')
  await page.keyboard.press('Control+End')
  await expect.poll(focusedTile, { timeout: 10_000 }).toBe(`${total - 1}:true`)
  const inView = () =>
    page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect()
      const view = document.activeElement!.closest('[data-testid="library-grid"]')!.getBoundingClientRect()
      return box.top >= view.top - 1 && box.bottom <= view.bottom + 1
    })
  expect(await inView()).toBe(true)
  expect(await grid.getAttribute('aria-rowcount')).toBe(String(Math.ceil(total / Number(await grid.getAttribute('aria-colcount')))))
  await library.getByTestId('library-grid').evaluate((el) => el.scrollTo({ top: 0 }))
  await expect.poll(() => firstPick.getAttribute('data-grid-index')).toBe('0')
  expect(await focusedTile()).toBe(`${total - 1}:true`)
  expect(await inView()).toBe(false)
  // The next key brings it back into view, one row up.
  await page.keyboard.press('ArrowUp')
  const columns = Number(await grid.getAttribute('aria-colcount'))
  await expect.poll(focusedTile).toBe(`${total - 1 - columns}:true`)
  await expect.poll(inView).toBe(true)
  // Only the rows in view (and the focused one) exist, and only their pages were fetched (the
  // first, and the last one or two), not the thousands in between.
  expect(await library.getByTestId('library-grid').locator('img').count()).toBeLessThan(100)
  expect(listRequests).toBeLessThanOrEqual(4)
  await page.keyboard.press('Escape')
  await library.waitFor({ state: 'hidden' })
  await context.close()
})
