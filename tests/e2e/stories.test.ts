/**
 * Stories and chapters in real Chromium (spec 01 §2.11, §2.13, spec 02 §2.7): an editor creates a
 * story in the Chapters settings panel and two chapter pages with Create New Page, publishes them;
 * a visitor reads them: the story header, the Chapters block's slider (by mouse and by keyboard,
 * with its live announcement), Read More / Read Less, the download link, up next and the overview.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { axe, closeContextsAfterEach, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(180_000) })

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const m = editorTexts.menu
const c = texts.chapters
const run = Date.now().toString(36)
const shots = '/tmp/shots-hd'
/** expect.poll waits one second by default; on a busy machine loads and image resizes take longer. */
const busy = { timeout: 30_000 }

let browser: Browser
let editorState: Awaited<ReturnType<BrowserContext['storageState']>>
let editorApi: BrowserContext
const contexts: BrowserContext[] = []
closeContextsAfterEach(contexts)

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  browser = await lendBrowser()
  editorApi = await browser.newContext()
  const response = await editorApi.request.post(`${baseUrl}/api/user/login`, {
    data: { username: editor.username, password: editor.password },
  })
  expect(response.status()).toBe(200)
  editorState = await editorApi.storageState()
})

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
  await editorApi?.close()
  await browser?.close()
})

async function newPage(signedIn: boolean, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, ...(signedIn ? { storageState: editorState } : {}) })
  context.setDefaultTimeout(30_000)
  // The machine running the suite may be busy: a first page load (images resized on demand) can be slow.
  context.setDefaultNavigationTimeout(60_000)
  contexts.push(context)
  return context.newPage()
}

const menu = (p: Page) => p.getByRole('navigation', { name: m.label })

async function surface(p: Page, name: string): Promise<Locator> {
  const dialog = p.getByRole('dialog', { name, exact: true })
  await dialog.waitFor()
  return dialog
}

async function openChaptersPanel(p: Page): Promise<Locator> {
  await menu(p).getByRole('button', { name: m.siteSettings, exact: true }).click()
  const dialog = await surface(p, editorTexts.panels.siteSettings)
  await dialog.getByRole('tab', { name: c.panelTitle, exact: true }).click()
  await dialog.getByRole('table').waitFor()
  return dialog
}

async function createChapterPage(p: Page, storyTitle: string, storySlug: string, title: string, slug: string) {
  await menu(p).getByRole('button', { name: m.createPage, exact: true }).click()
  const dialog = await surface(p, editorTexts.panels.createPage)
  await dialog.getByLabel(c.pageType).selectOption({ label: c.pageTypes.chapters })
  const story = dialog.getByLabel(c.associate)
  await expect.poll(() => story.isEnabled(), busy).toBe(true)
  // The story just created is offered (the list is asked for afresh when the page type changes).
  // When it is not, the failure shows what each of the two story calls answers this browser.
  await expect
    .poll(async () => (await story.locator('option').allInnerTexts()).map((o) => o.trim()), busy)
    .toContain(storyTitle)
    .catch(async (err: unknown) => {
      const seen = await p.evaluate(async () => {
        const read = async (path: string) => (await fetch(path, { credentials: 'same-origin', cache: 'no-store' })).text()
        return { objStory: await read('/api/obj/story'), loadStories: await read('/api/chapters/loadStories'), host: location.host }
      })
      throw new Error(`${String(err)}\nwhat the story calls answer: ${JSON.stringify(seen)}`)
    })
  await story.selectOption({ label: storyTitle })
  await dialog.getByLabel(editorTexts.createPage.title, { exact: true }).fill(title)
  await dialog.getByLabel(editorTexts.createPage.slug, { exact: true }).fill(slug)
  // The stored slug lives under the story (spec 01 §2.1).
  await dialog.getByText(editorTexts.createPage.slugPreview(`chapters/${storySlug}/${slug}`)).waitFor()
  const create = dialog.getByRole('button', { name: editorTexts.createPage.submit })
  await expect.poll(() => create.isEnabled(), busy).toBe(true)
  await Promise.all([p.waitForURL((url) => url.pathname === `/chapters/${storySlug}/${slug}`), create.click()])
  await p.locator('main h1').filter({ hasText: title }).waitFor()
}

async function publishFromPanel(p: Page) {
  await menu(p).getByRole('button', { name: m.publishPage, exact: true }).click()
  const panel = await surface(p, editorTexts.panels.publishPage)
  await panel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true }).click()
  await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pagePublished }).first().waitFor()
}

async function draftOf(slug: string): Promise<PageDoc> {
  const response = await editorApi.request.get(`${baseUrl}/api/page/load?slug=${encodeURIComponent(slug)}&collection=chapters`)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as PageDoc
}

const storyTitle = `Vintage Trail ${run}`
const storySlug = `vintage-trail-${run}`
const chapterItems = [
  {
    heading: 'The first vines',
    subheading: 'Silesian settlers planted shiraz in 1843.',
    media: { imageId: '', alt: '' },
    downloadLink: { type: 'external', href: 'https://example.com/first-vines.pdf', text: 'Download Chapter' },
    contents: [{ componentType: 'Text', text: `Hidden history ${run}: the cellar was dug by hand.` }],
  },
  {
    heading: 'Phylloxera passes by',
    subheading: 'The valley kept its old vines.',
    media: { imageId: '', alt: '' },
    downloadLink: { type: 'external', href: '', text: 'Download Chapter' },
    contents: [],
  },
  {
    heading: 'A new century',
    subheading: 'Old vines, new hands.',
    media: { imageId: '', alt: '' },
    downloadLink: { type: 'external', href: '', text: 'Download Chapter' },
    contents: [],
  },
]

describe('stories and chapter pages', () => {
  test('an editor creates a story and two chapter pages; a visitor reads them through the slider, by mouse and keyboard', async () => {
    const p = await newPage(true)
    await p.goto(baseUrl + '/', { waitUntil: 'load' })
    await menu(p).waitFor()

    // --- The Chapters panel: create a story (the slug preview follows the story slug rules).
    let panel = await openChaptersPanel(p)
    for (const header of [c.title, c.slug, c.actions]) await panel.getByRole('columnheader', { name: header, exact: true }).waitFor()
    await panel.getByRole('button', { name: c.createStory }).click()
    const modal = await surface(p, c.newStory)
    await modal.getByLabel(c.title, { exact: true }).fill(storyTitle)
    await modal.getByLabel(c.slug, { exact: true }).fill(`//Vintage Trail ${run}!`)
    await modal.getByText(c.slugPreview(storySlug), { exact: true }).waitFor()
    await modal.getByLabel(c.description, { exact: true }).fill('Four generations in the Barossa.')
    await modal.getByRole('button', { name: c.create, exact: true }).click()
    await modal.waitFor({ state: 'detached' })
    const row = panel.getByRole('row').filter({ hasText: storyTitle })
    await row.getByRole('cell', { name: storySlug, exact: true }).waitFor()

    // A second story, created and deleted again through the row's delete icon ('Delete Story' tooltip).
    await panel.getByRole('button', { name: c.createStory }).click()
    const again = await surface(p, c.newStory)
    // The form was reset after the first story.
    expect(await again.getByLabel(c.title, { exact: true }).inputValue()).toBe('')
    await again.getByLabel(c.title, { exact: true }).fill(`Short-lived ${run}`)
    // The slug follows the title until one is typed (issue 31); cleared, the story's id stands in.
    await again.getByLabel(c.slug, { exact: true }).fill('')
    await again.getByRole('button', { name: c.create, exact: true }).click()
    await again.waitFor({ state: 'detached' })
    const shortLived = panel.getByRole('row').filter({ hasText: `Short-lived ${run}` })
    await shortLived.waitFor()
    // An empty slug falls back to the story's id.
    expect((await shortLived.getByRole('cell').nth(1).innerText()).trim()).toMatch(/^[0-9a-f-]{36}$/)
    const deleteButton = shortLived.getByRole('button', { name: new RegExp(`^${c.deleteStory}`) })
    await deleteButton.hover()
    await p.getByRole('tooltip').filter({ hasText: c.deleteStory }).waitFor()
    await deleteButton.click()
    const confirm = p.getByRole('alertdialog')
    await confirm.getByRole('button', { name: c.deleteStory, exact: true }).click()
    await shortLived.waitFor({ state: 'detached' })
    // The question closes once the deletion has answered (the row may go first): Escape is then for the panel.
    await confirm.waitFor({ state: 'detached' })
    await screenshot(p, { path: `${shots}/chapters-panel-1440.png` })
    await p.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })

    // --- Two chapter pages, each associated with the story, then published.
    await createChapterPage(p, storyTitle, storySlug, 'The First Vintage', 'first-vintage')
    const first = await draftOf(`chapters/${storySlug}/first-vintage`)
    // One of the demo's images for the first chapter item.
    const home = await (await editorApi.request.get(`${baseUrl}/api/page/load?slug=`)).text()
    const imageId = /"imageId":"([^"]+)"/.exec(home)?.[1]
    expect(imageId, 'an image in the demo home page').toBeTruthy()
    chapterItems[0]!.media = { imageId: imageId!, alt: 'Old vines at dusk' }
    expect(first.story).toMatchObject({ slug: storySlug })
    expect(first.template).toBe('chapter')
    // The chapter's Chapters block (a block like any other; placed through the API to keep this test short).
    const saved = await editorApi.request.post(`${baseUrl}/api/page/save`, {
      data: {
        page: { ...first, contents: [{ componentType: 'Chapters', title: 'Chapters of the vintage', items: chapterItems }] },
        collection: 'chapters',
      },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await p.reload({ waitUntil: 'load' })
    await p.locator('[data-chapters]').waitFor()
    await publishFromPanel(p)

    await createChapterPage(p, storyTitle, storySlug, 'The Second Vintage', 'second-vintage')
    await publishFromPanel(p)
    await p.keyboard.press('Escape')
    // Page Settings of a chapter page show its story in 'Associate this page to a story'.
    await menu(p).getByRole('button', { name: m.pageSettings, exact: true }).click()
    const settings = await surface(p, editorTexts.panels.pageSettings)
    const associated = settings.getByLabel(c.associate)
    await expect.poll(async () => (await associated.locator('option:checked').textContent())?.trim(), busy).toBe(storyTitle)
    await p.keyboard.press('Escape')
    await settings.waitFor({ state: 'detached' })

    // Deleting the story is refused while chapter pages belong to it; the message shows in the panel.
    panel = await openChaptersPanel(p)
    await panel
      .getByRole('row')
      .filter({ hasText: storyTitle })
      .getByRole('button', { name: new RegExp(`^${c.deleteStory}`) })
      .click()
    await p.getByRole('alertdialog').getByRole('button', { name: c.deleteStory, exact: true }).click()
    await panel
      .getByRole('alert')
      .filter({ hasText: c.storyHasChapters(2) })
      .waitFor()
    await p.keyboard.press('Escape')

    // --- A visitor reads chapter one.
    const v = await newPage(false)
    const response = await v.goto(`${baseUrl}/chapters/${storySlug}/first-vintage`, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    expect(await v.locator('main h1').innerText()).toBe('The First Vintage')
    const header = v.locator('main section').first()
    await header.getByRole('link', { name: storyTitle }).waitFor()
    await header.getByText(c.chapterOf(1, 2)).waitFor()

    const block = v.locator('[data-chapters]')
    const slider = block.getByRole('group', { name: c.chaptersNav })
    const numbers = slider.getByRole('button', { name: /^Chapter \d\d/ })
    expect(await numbers.allInnerTexts()).toEqual(['01', '02', '03'])
    const visibleHeading = () => block.locator('article:not([hidden]) h3').innerText()
    expect(await visibleHeading()).toContain('The first vines')
    expect(await block.locator('article:not([hidden])').count()).toBe(1)
    const previous = slider.getByRole('button', { name: c.previous })
    const next = slider.getByRole('button', { name: c.next })
    expect(await previous.isDisabled()).toBe(true)

    // Chapter image: 600x600.
    const img = block.locator('article:not([hidden]) img').first()
    expect(await img.getAttribute('alt')).toBe('Old vines at dusk')
    expect(await img.getAttribute('width')).toBe('600')
    expect(await img.getAttribute('height')).toBe('600')
    expect(await img.getAttribute('src')).toMatch(/[?&]w=600\b.*[?&]h=600\b|[?&]h=600\b.*[?&]w=600\b/)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), busy).toBe(true)

    // Read More opens the nested content; Read Less closes it.
    const hidden = block.getByText(`Hidden history ${run}`)
    expect(await hidden.isVisible()).toBe(false)
    await block.getByText(c.readMore, { exact: true }).click()
    await hidden.waitFor({ state: 'visible' })
    await block.getByText(c.readLess, { exact: true }).click()
    await hidden.waitFor({ state: 'hidden' })
    const download = block.getByRole('link', { name: c.downloadChapter })
    expect(await download.getAttribute('href')).toBe('https://example.com/first-vines.pdf')

    // The accessibility checks run on the chapter page as visitors get it.
    const violations = await axe(v)
    expect(violations, formatViolations(violations)).toEqual([])
    await screenshot(v, { path: `${shots}/chapter-1440.png`, fullPage: true })

    // By mouse: the number and the arrows.
    await numbers.nth(1).click()
    expect(await visibleHeading()).toContain('Phylloxera passes by')
    expect(await numbers.nth(1).getAttribute('aria-pressed')).toBe('true')
    expect(await numbers.nth(0).getAttribute('aria-pressed')).toBe('false')
    await block.locator('[aria-live="polite"]').filter({ hasText: 'Chapter 2 of 3: Phylloxera passes by' }).waitFor()
    await next.click()
    expect(await visibleHeading()).toContain('A new century')
    expect(await next.isDisabled()).toBe(true)
    await previous.click()
    await previous.click()
    expect(await visibleHeading()).toContain('The first vines')

    // By keyboard: Tab to the third number, Enter; then Space on the previous arrow.
    await numbers.nth(0).focus()
    await v.keyboard.press('Tab')
    await v.keyboard.press('Tab')
    expect(await v.evaluate(() => document.activeElement?.textContent)).toBe('03')
    await v.keyboard.press('Enter')
    expect(await visibleHeading()).toContain('A new century')
    await block.locator('[aria-live="polite"]').filter({ hasText: 'Chapter 3 of 3: A new century' }).waitFor()
    await previous.focus()
    await v.keyboard.press('Space')
    expect(await visibleHeading()).toContain('Phylloxera passes by')

    // Up next leads to chapter two; the overview lists both, the current one marked.
    const upNext = v.getByRole('region', { name: 'The Second Vintage' })
    await upNext.getByText(`${c.upNext} · ${c.chapterOf(2, 2)}`).waitFor()
    const overview = v.getByRole('navigation', { name: c.overview })
    expect(await overview.getByRole('link').count()).toBe(2)
    expect(await overview.getByRole('link', { name: /The First Vintage/ }).getAttribute('aria-current')).toBe('page')
    await Promise.all([v.waitForURL((url) => url.pathname === `/chapters/${storySlug}/second-vintage`), upNext.getByRole('link').click()])
    await v.locator('main h1').filter({ hasText: 'The Second Vintage' }).waitFor()
    await v.locator('main section').first().getByText(c.chapterOf(2, 2)).waitFor()
    const second = await axe(v)
    expect(second, formatViolations(second)).toEqual([])

    // A phone-sized screen.
    const phone = await newPage(false, { width: 375, height: 800 })
    await phone.goto(`${baseUrl}/chapters/${storySlug}/first-vintage`, { waitUntil: 'load' })
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(phone, { path: `${shots}/chapter-375.png`, fullPage: true })

    // An unpublished story path that does not exist is a real 404.
    const missing = await v.goto(`${baseUrl}/chapters/${storySlug}/no-such-chapter`, { waitUntil: 'load' })
    expect(missing?.status()).toBe(404)
  })

  // Uses the story and the two chapter pages the test above made.
  test("an editor sets the story's header image and up-next teaser in the Chapters panel, saves, publishes; visitors see them", async () => {
    const s = editorTexts.story
    const upNextHeading = `Plan your visit ${run}`
    const p = await newPage(true)
    await p.goto(`${baseUrl}/chapters/${storySlug}/second-vintage`, { waitUntil: 'load' })
    await menu(p).waitFor()
    const panel = await openChaptersPanel(p)
    const editButton = panel.getByRole('button', { name: s.edit(storyTitle), exact: true })
    await editButton.hover()
    await p.getByRole('tooltip').filter({ hasText: s.editStory }).waitFor()
    await editButton.click()
    const form = panel.getByRole('form', { name: s.edit(storyTitle) })
    await form.waitFor()
    expect(await form.getByLabel(c.title, { exact: true }).inputValue()).toBe(storyTitle)
    expect(await form.getByLabel(c.description, { exact: true }).inputValue()).toBe('Four generations in the Barossa.')
    // The story's chapter pages, in order.
    const chapters = form.getByRole('region', { name: s.chapters(2) })
    expect(await chapters.getByRole('link').allInnerTexts()).toEqual(['The First Vintage', 'The Second Vintage'])

    // The header image, picked from the media library.
    const header = form.getByRole('group', { name: s.headerImage })
    await header.getByRole('button', { name: editorTexts.imageField.choose }).click()
    const library = p.getByRole('dialog', { name: `${editorTexts.imageField.dialogTitle}: ${s.headerImage}` })
    await library.waitFor()
    // The library is a grid of pictures (issue 36); each cell's first button uses the picture.
    const firstImage = library
      .getByRole('grid', { name: editorTexts.imageEditor.tabs.gallery })
      .getByRole('button', { name: new RegExp(`^${editorTexts.imageEditor.pick('')}`) })
      .first()
    await firstImage.waitFor()
    await firstImage.click()
    await library.waitFor({ state: 'detached' })
    const headerSrc = await header.getByRole('img', { name: editorTexts.imageField.preview }).getAttribute('src')
    const headerImageId = /\/img\/([^?]+)\?/.exec(headerSrc ?? '')?.[1]
    expect(headerImageId, `preview ${headerSrc}`).toBeTruthy()

    // The up-next teaser: heading, subtitle, link.
    const upNext = form.getByRole('group', { name: s.upNext })
    await upNext.getByLabel(s.heading, { exact: true }).fill(upNextHeading)
    await upNext.getByLabel(s.subtitle, { exact: true }).fill('Where to stay, eat and book after the vintage.')
    await upNext.getByLabel(editorTexts.siteDocs.text, { exact: true }).fill('Plan your visit')
    await upNext.getByLabel(editorTexts.siteDocs.linkType, { exact: true }).selectOption('page')
    await upNext.getByLabel(editorTexts.siteDocs.href, { exact: true }).fill('/plan-your-visit')
    await form.getByText(editorTexts.siteDocs.unsaved).waitFor()

    // Save keeps a draft: 'Story Saved', and visitors still see the published story.
    await form.getByRole('button', { name: editorTexts.save, exact: true }).click()
    await p.locator('[data-sonner-toast]').filter({ hasText: s.saved }).first().waitFor()
    await form.locator('[data-story-status]').filter({ hasText: s.status.changes }).waitFor()
    const v = await newPage(false)
    await v.goto(`${baseUrl}/chapters/${storySlug}/second-vintage`, { waitUntil: 'load' })
    expect(await v.locator('main section').first().locator('img').count()).toBe(0)
    expect(await v.getByRole('heading', { name: upNextHeading }).count()).toBe(0)

    // Publish: 'Story Published'.
    await form.getByRole('button', { name: editorTexts.publish, exact: true }).click()
    await p.locator('[data-sonner-toast]').filter({ hasText: s.published }).first().waitFor()
    await form
      .locator('[data-story-status]')
      .filter({ hasText: new RegExp(`^${s.status.published}$`) })
      .waitFor()
    await screenshot(p, { path: `${shots}/story-editor-1440.png` })
    // The editor's own page shows the new header at once.
    await p.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    await expect
      .poll(async () => p.locator('main section').first().locator('img').getAttribute('src'), busy)
      .toContain(`/img/${headerImageId}?`)

    // A visitor: the header image behind the title of every chapter page of the story...
    await v.goto(`${baseUrl}/chapters/${storySlug}/first-vintage`, { waitUntil: 'load' })
    const firstHeader = v.locator('main section').first()
    expect(await firstHeader.locator('img').getAttribute('src')).toContain(`/img/${headerImageId}?`)
    await expect
      .poll(() => firstHeader.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), busy)
      .toBe(true)
    // ... where up next is still the next chapter,
    await v.getByRole('region', { name: 'The Second Vintage' }).waitFor()
    expect(await v.getByRole('heading', { name: upNextHeading }).count()).toBe(0)
    // ... and after the last chapter, the story's teaser leads on.
    await v.goto(`${baseUrl}/chapters/${storySlug}/second-vintage`, { waitUntil: 'load' })
    expect(await v.locator('main section').first().locator('img').getAttribute('src')).toContain(`/img/${headerImageId}?`)
    const teaser = v.getByRole('region', { name: upNextHeading })
    await teaser.getByText('Where to stay, eat and book after the vintage.').waitFor()
    await teaser.getByText(c.upNext, { exact: true }).waitFor()
    const violations = await axe(v)
    expect(violations, formatViolations(violations)).toEqual([])
    await screenshot(v, { path: `${shots}/chapter-up-next-1440.png`, fullPage: true })
    await Promise.all([
      v.waitForURL((url) => url.pathname === '/plan-your-visit'),
      teaser.getByRole('link', { name: 'Plan your visit' }).click(),
    ])

    // Kept on the server: the panel shows the saved values again after a reload.
    await p.reload({ waitUntil: 'load' })
    const again = await openChaptersPanel(p)
    await again.getByRole('button', { name: storyTitle, exact: true }).click()
    const reopened = again.getByRole('form', { name: s.edit(storyTitle) })
    const heading = reopened.getByRole('group', { name: s.upNext }).getByLabel(s.heading, { exact: true })
    await expect.poll(() => heading.inputValue(), busy).toBe(upNextHeading)
    expect(await reopened.getByRole('group', { name: s.upNext }).getByLabel(editorTexts.siteDocs.href, { exact: true }).inputValue()).toBe(
      '/plan-your-visit',
    )
    await reopened.getByRole('group', { name: s.headerImage }).getByRole('img', { name: editorTexts.imageField.preview }).waitFor()
    // Back leads to the list of stories.
    await reopened.getByRole('button', { name: s.back }).click()
    await again.getByRole('table').waitFor()
  })
})
