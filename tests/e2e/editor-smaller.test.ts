/**
 * Issue 31's smaller editor items, in real Chromium against the shared server: what a newcomer met
 * that lost work or misled them (a category added and not saved, a panel's message naming no field...).
 */
import type { Dialog, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { PRESENCE_EXPIRY_SECONDS, PRESENCE_HEARTBEAT_MS, presenceTexts, scheduleTexts, siteLocalToInstant } from '#lib/schedule'
import { formatSiteTime } from '#lib/team'
import { listingTexts, texts } from '#lib/texts'
import { editorTexts } from '#lib/editor-texts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage, signInColleague } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { fetchListings } from '../helpers/site.ts'

const a = listingTexts.atdw
const run = Date.now().toString(36)
const session = openEditorSession()

/** Answers the next browser prompt with `accept`; resolves to its text. */
function answerNextPrompt(p: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    p.once('dialog', (dialog: Dialog) => {
      resolve(dialog.message())
      void (accept ? dialog.accept() : dialog.dismiss())
    })
  })
}

async function openSiteSettings(p: Page) {
  await chooseMenuItem(p, editorTexts.menu.siteSettings)
  const dialog = p.getByRole('dialog', { name: editorTexts.panels.siteSettings, exact: true })
  await dialog.waitFor()
  return dialog
}

describe('issue 31, smaller editor items', () => {
  test('a category added and not saved is not dropped without asking: closing Site Settings or switching its tab asks first', async () => {
    const p = await session.editor.newPage()
    try {
      await p.goto(`${laneBaseUrl()}/`, { waitUntil: 'load' })
      let dialog = await openSiteSettings(p)
      await dialog.getByRole('tab', { name: a.tab }).click()
      const list = dialog.getByRole('list', { name: a.categoriesTab })
      await list.waitFor()
      // Nothing changed yet: closing does not ask.
      let asked = false
      const noteAsked = () => {
        asked = true
      }
      p.on('dialog', noteAsked)
      await dialog.getByRole('button', { name: editorTexts.close, exact: true }).click()
      await dialog.waitFor({ state: 'detached' })
      p.off('dialog', noteAsked)
      expect(asked).toBe(false)

      dialog = await openSiteSettings(p)
      await dialog.getByRole('tab', { name: a.tab }).click()
      await list.waitFor()
      const count = await list.getByRole('listitem').count()
      await dialog.getByRole('button', { name: a.addCategory }).click()
      const added = list.getByRole('button', { name: `New Category ${count + 1}`, exact: true })
      await added.waitFor()

      // Close, then Cancel: the panel stays with the new category.
      let prompt = answerNextPrompt(p, false)
      await dialog.getByRole('button', { name: editorTexts.close, exact: true }).click()
      expect(await prompt).toBe(editorTexts.unsavedChanges)
      await added.waitFor()

      // Escape asks the same.
      prompt = answerNextPrompt(p, false)
      await p.keyboard.press('Escape')
      expect(await prompt).toBe(editorTexts.unsavedChanges)
      await added.waitFor()

      // Another tab of the ATDW panel, or of Site Settings, would drop it too: each asks.
      prompt = answerNextPrompt(p, false)
      await dialog.getByRole('tab', { name: a.tagsTab }).click()
      expect(await prompt).toBe(editorTexts.unsavedChanges)
      prompt = answerNextPrompt(p, false)
      await dialog.getByRole('tab', { name: editorTexts.siteSettings.tabs.general }).click()
      expect(await prompt).toBe(editorTexts.unsavedChanges)
      await added.waitFor()

      // Leaving anyway: the modal closes once the editor says so.
      prompt = answerNextPrompt(p, true)
      await dialog.getByRole('button', { name: editorTexts.close, exact: true }).click()
      expect(await prompt).toBe(editorTexts.unsavedChanges)
      await dialog.waitFor({ state: 'detached' })
    } finally {
      await p.close()
    }
  })

  /** This editor on `/<slug>`, a colleague (Sam) on `/<theirPrefix><slug>`, each with the editor loaded; `check` gets both pages. */
  async function withColleagueOn(name: string, theirPrefix: string, check: (mine: Page, theirs: Page, sam: string) => Promise<void>) {
    const slug = `e2e-presence-${name}-${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Presence ${name} ${run}` }, contents: [] })
    const sam = await signInColleague(session, 'sam')
    const mine = await session.editor.newPage()
    try {
      await mine.goto(`${laneBaseUrl()}/${slug}`, { waitUntil: 'load' })
      await editorMenu(mine).waitFor()
      const theirs = await sam.context.newPage()
      await theirs.goto(`${laneBaseUrl()}/${theirPrefix}${slug}`, { waitUntil: 'load' })
      await editorMenu(theirs).waitFor()
      await check(mine, theirs, sam.username)
    } finally {
      await mine.close()
      await sam.context.close()
    }
  }

  test('a colleague who closes the tab leaves "Also here" at once, not after the presence expiry', async () => {
    await withColleagueOn('close', '', async (mine, theirs, sam) => {
      const samHere = mine.locator('[data-presence]').locator(`[data-present-editor="${sam}"]`)
      await samHere.waitFor()
      const closedAt = Date.now()
      await theirs.close()
      // The next heartbeat (every PRESENCE_HEARTBEAT_MS) no longer names Sam: well before the expiry.
      await samHere.waitFor({ state: 'detached', timeout: (PRESENCE_EXPIRY_SECONDS * 1000) / 2 })
      expect(Date.now() - closedAt).toBeLessThan(PRESENCE_EXPIRY_SECONDS * 1000)
    })
  })

  test('"Also here" says which language a colleague edits the page in, when it is not this editor\'s (issue 33)', async () => {
    await withColleagueOn('language', 'de/', async (mine, theirs, sam) => {
      const samHere = mine.locator('[data-presence]').locator(`[data-present-editor="${sam}"]`)
      await expect
        .poll(() => samHere.textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`\\(since \\d{2}:\\d{2}, ${presenceTexts.inLanguage('German')}\\)`))
      // Sam sees this editor in the default language, named.
      const meThere = theirs.locator('[data-presence] [data-present-editor]')
      await expect.poll(() => meThere.textContent(), { timeout: 20_000 }).toContain(presenceTexts.inLanguage('English'))
      // Both in German: nothing said about the language.
      await mine.goto(`${new URL(mine.url()).origin}/de${new URL(mine.url()).pathname}`, { waitUntil: 'load' })
      await editorMenu(mine).waitFor()
      await expect.poll(() => samHere.textContent(), { timeout: 20_000 }).toMatch(/\(since \d{2}:\d{2}\)/)
    })
  })

  test('right after Create New Page makes a chapter page, its schedule and presence calls are answered (no 404 until a reload)', async () => {
    const storySlug = `e2e-small-story-${run}`
    const storyTitle = `Small Story ${run}`
    const story = await session.editor.request.post(`${laneBaseUrl()}/api/obj/story`, {
      data: { title: storyTitle, slug: storySlug, description: '' },
    })
    expect(story.status(), await story.text()).toBe(200)
    const storyId = ((await story.json()) as { _id: string })._id
    const chapterSlug = `chapters/${storySlug}/first-chapter-${run}`
    const p = await session.editor.newPage()
    const failed: string[] = []
    p.on('response', (response) => {
      const url = new URL(response.url())
      if (/\/api\/(schedule|presence)\//.test(url.pathname) && response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`)
    })
    try {
      await p.goto(`${laneBaseUrl()}/`, { waitUntil: 'load' })
      await chooseMenuItem(p, editorTexts.menu.createPage)
      const dialog = p.getByRole('dialog', { name: editorTexts.panels.createPage, exact: true })
      await dialog.getByLabel(texts.chapters.pageType).selectOption({ label: texts.chapters.pageTypes.chapters })
      const stories = dialog.getByLabel(texts.chapters.associate)
      await expect
        .poll(async () => (await stories.locator('option').allInnerTexts()).map((o) => o.trim()), { timeout: 20_000 })
        .toContain(storyTitle)
      await stories.selectOption({ label: storyTitle })
      await dialog.getByLabel(editorTexts.createPage.title, { exact: true }).fill(`First chapter ${run}`)
      const create = dialog.getByRole('button', { name: editorTexts.createPage.submit })
      await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true)
      const path = `/${chapterSlug}`
      const heartbeat = p.waitForResponse(
        (r) => r.url().includes('/api/presence/heartbeat') && r.status() === 200 && r.request().postData()?.includes('"chapters"') === true,
      )
      const schedules = p.waitForResponse(
        (r) => r.url().includes('/api/schedule/forPage') && r.url().includes('collection=chapters') && r.status() === 200,
      )
      await Promise.all([p.waitForURL((url) => url.pathname === path), create.click()])
      await Promise.all([heartbeat, schedules])
      // A further heartbeat: still answered.
      await p.waitForResponse((r) => r.url().includes('/api/presence/heartbeat'), { timeout: PRESENCE_HEARTBEAT_MS * 3 })
      expect(failed).toEqual([])
    } finally {
      await p.close()
      // The lane's other files see the stories as the demo has them.
      const chapter = await session.editor.request.get(`${laneBaseUrl()}/api/page/load?slug=${chapterSlug}&collection=chapters`)
      if (chapter.ok()) {
        const { _id } = (await chapter.json()) as { _id: string }
        await session.editor.request.post(`${laneBaseUrl()}/api/page/delete`, { data: { _id, collection: 'chapters' } })
      }
      await session.editor.request.delete(`${laneBaseUrl()}/api/obj/story/${storyId}`)
    }
  })

  test("a new story's slug follows its title until one is typed, as a page's does, and creating it says so", async () => {
    const p = await session.editor.newPage()
    let storyId: string | undefined
    try {
      await p.goto(`${laneBaseUrl()}/`, { waitUntil: 'load' })
      const dialog = await openSiteSettings(p)
      await dialog.getByRole('tab', { name: texts.chapters.panelTitle, exact: true }).click()
      await dialog.getByRole('button', { name: texts.chapters.createStory }).click()
      const form = p.getByRole('dialog', { name: texts.chapters.newStory })
      const title = `Barossa Harvest ${run}`
      await form.getByLabel(texts.chapters.title, { exact: true }).fill(title)
      const slug = form.getByLabel(texts.chapters.slug, { exact: true })
      expect(await slug.inputValue()).toBe(`barossa-harvest-${run}`)
      await form.getByText(texts.chapters.slugPreview(`barossa-harvest-${run}`)).waitFor()
      // Typed by hand: the title no longer changes it.
      await slug.fill(`harvest-${run}`)
      await form.getByLabel(texts.chapters.title, { exact: true }).fill(`${title}!`)
      expect(await slug.inputValue()).toBe(`harvest-${run}`)
      const created = p.waitForResponse((r) => r.url().endsWith('/api/obj/story') && r.request().method() === 'POST')
      await form.getByRole('button', { name: texts.chapters.create, exact: true }).click()
      const answer = await created
      expect(answer.status()).toBe(200)
      storyId = ((await answer.json()) as { _id: string })._id
      await p
        .locator('[data-sonner-toast]')
        .filter({ hasText: editorTexts.story.created(`${title}!`) })
        .first()
        .waitFor()
    } finally {
      if (storyId) await session.editor.request.delete(`${laneBaseUrl()}/api/obj/story/${storyId}`)
      await p.close()
    }
  })

  test("a listing field linked back shows the provider's value at once; 'Listing Saved' says visitors see it once the page is published", async () => {
    const { listings } = await fetchListings(laneBaseUrl(), {})
    const card = listings[0]
    expect(card, 'the demo has provider listings').toBeTruthy()
    const p = await session.editor.newPage()
    try {
      await p.goto(`${laneBaseUrl()}/${card!.slug}`, { waitUntil: 'load' })
      // 'Edit Listing' shows while an editing item is active.
      await chooseMenuItem(p, editorTexts.menu.select)
      await p.getByRole('button', { name: listingTexts.editor.open, exact: true }).click()
      const sidebar = p.getByRole('dialog', { name: listingTexts.editor.title })
      const field = sidebar.locator('[data-field="description"]')
      const description = field.getByLabel(listingTexts.editor.fields.description, { exact: true })
      await description.waitFor()
      const fromProvider = await description.inputValue()
      await field.getByRole('button', { name: `${listingTexts.editor.unlink} ${listingTexts.editor.fields.description}` }).click()
      await description.fill(`Our own words ${run}`)
      await field.getByRole('button', { name: `${listingTexts.editor.link} ${listingTexts.editor.fields.description}` }).click()
      // Linked again: the provider's text, before any save.
      expect(await description.inputValue()).toBe(fromProvider)

      await sidebar.getByRole('button', { name: listingTexts.editor.save, exact: true }).click()
      const toast = p.locator('[data-sonner-toast]').filter({ hasText: listingTexts.toasts.listingSaved }).first()
      await toast.waitFor()
      expect(await toast.textContent()).toContain(editorTexts.listing.savedNotePublished)
      expect(await description.inputValue()).toBe(fromProvider)
    } finally {
      await p.close()
    }
  })

  test('the schedule is typed as DD/MM/YYYY and 24-hour time in an en-US browser, as the site reads it back', async () => {
    const slug = `e2e-schedule-dmy-${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Schedule ${run}` }, contents: [] })
    const context = await session.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    try {
      await context.addCookies(await session.editor.cookies())
      const p = await context.newPage()
      await p.goto(`${laneBaseUrl()}/${slug}`, { waitUntil: 'load' })
      await chooseMenuItem(p, editorTexts.menu.publishPage)
      const section = p.getByRole('dialog', { name: editorTexts.panels.publishPage }).locator('[data-schedule]')
      const date = section.getByLabel(editorTexts.schedule.date, { exact: true })
      const time = section.getByLabel(editorTexts.schedule.time, { exact: true })
      // An hour ahead, already in the site's order.
      expect(await date.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
      expect(await time.inputValue()).toMatch(/^\d{2}:\d{2}$/)
      await date.fill('05/12/2026')
      await time.fill('9:30')
      const due = siteLocalToInstant('2026-12-05T09:30')!
      const reading = section.locator('[data-schedule-reading]')
      await reading.filter({ hasText: scheduleTexts.atReading('Sat', formatSiteTime(due.toISOString())) }).waitFor()
      // A day that does not exist says so, and nothing can be scheduled.
      await date.fill('31/02/2027')
      await reading.filter({ hasText: editorTexts.schedule.badDate }).waitFor()
      expect(await date.getAttribute('aria-invalid')).toBe('true')
      expect(await section.getByRole('button', { name: scheduleTexts.schedulePublish }).isDisabled()).toBe(true)
    } finally {
      await context.close()
    }
  })

  test('the consent banner\'s buttons are not covered by the editor\'s undo/redo box, draft status or "Also here"', async () => {
    // An editor who has not answered the banner yet (the session's contexts have).
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const cookies = await session.editor.cookies()
      await context.addCookies(cookies.filter((c) => c.name !== 'consent'))
      const p = await context.newPage()
      await p.goto(`${laneBaseUrl()}/`, { waitUntil: 'load' })
      const banner = p.locator('[data-consent-banner]')
      await banner.waitFor()
      const history = p.getByRole('toolbar', { name: editorTexts.history.label })
      await history.waitFor()
      // The editor's chrome at the foot of the window stands on the banner.
      await expect
        .poll(async () => {
          const [box, bar] = await Promise.all([history.boundingBox(), banner.boundingBox()])
          return box && bar ? Math.round(box.y + box.height - bar.y) : null
        })
        .toBeLessThanOrEqual(0)
      // Decline is reachable by the pointer: the banner goes.
      await banner.getByRole('button', { name: texts.consent.decline, exact: true }).click({ timeout: 5000 })
      await banner.waitFor({ state: 'detached' })
      // And the chrome returns to the foot of the window.
      await expect
        .poll(async () => Math.round(((await history.boundingBox())?.y ?? 0) + ((await history.boundingBox())?.height ?? 0)))
        .toBeGreaterThan(800 - 20)
    } finally {
      await context.close()
    }
  })

  test("the dashboard's Pages tab lists every page, drafts included, found by title; opening one goes there to edit it", async () => {
    const slug = `e2e-all-pages-${run}`
    const title = `Hidden cellar door ${run}`
    await saveDraftPage(session.editor, { slug, template: 'generic', header: { title }, contents: [] })
    const p = await session.editor.newPage()
    try {
      await p.goto(`${laneBaseUrl()}/`, { waitUntil: 'load' })
      await chooseMenuItem(p, editorTexts.menu.dashboard)
      const dialog = p.getByRole('dialog', { name: new RegExp(editorTexts.dashboard.title) })
      await dialog.getByRole('tab', { name: editorTexts.allPages.tab, exact: true }).click()
      const table = dialog.getByRole('table', { name: editorTexts.allPages.heading })
      await table.waitFor()
      // The home page and the demo's pages are there.
      await table.locator('[data-listed-page=""]').waitFor()
      await dialog.getByLabel(editorTexts.allPages.filter).fill(`cellar door ${run}`)
      const row = table.locator(`[data-listed-page="${slug}"]`)
      await row.waitFor()
      expect(await table.locator('tbody tr').count()).toBe(1)
      expect(await row.innerText()).toContain(editorTexts.allPages.draft)
      await row.getByRole('link', { name: title }).click()
      await p.waitForURL((url) => url.pathname === `/${slug}`)
      await dialog.waitFor({ state: 'detached' })
      await p.locator('main h1').filter({ hasText: title }).waitFor()
    } finally {
      await p.close()
    }
  })

  test('a page made with the Empty template opens ready to edit and says how to add its first block', async () => {
    const title = `Empty start ${run}`
    const p = await session.editor.newPage()
    try {
      await p.goto(`${laneBaseUrl()}/`, { waitUntil: 'load' })
      await chooseMenuItem(p, editorTexts.menu.createPage)
      const dialog = p.getByRole('dialog', { name: editorTexts.panels.createPage, exact: true })
      await dialog.getByLabel(editorTexts.createPage.template, { exact: true }).selectOption({ label: 'Empty' })
      await dialog.getByLabel(editorTexts.createPage.title, { exact: true }).fill(title)
      const create = dialog.getByRole('button', { name: editorTexts.createPage.submit })
      await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true)
      await Promise.all([p.waitForURL((url) => url.pathname === `/empty-start-${run}`), create.click()])
      await p.locator('[data-empty-list-hint]').filter({ hasText: editorTexts.blocks.emptyList }).waitFor()
      const add = p
        .locator('.editor-add-row')
        .filter({ has: p.locator('[data-empty-list-hint]') })
        .getByRole('button')
        .first()
      await add.waitFor()
      expect(await add.isVisible()).toBe(true)
      expect(await editorMenu(p).getByRole('button', { name: editorTexts.menu.select, exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      )
    } finally {
      await p.close()
    }
  })
})
