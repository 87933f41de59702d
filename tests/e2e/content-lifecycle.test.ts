/**
 * The content lifecycle in real Chromium: creating pages from every template, page settings,
 * saving and publishing (and what a visitor sees meanwhile), unpublishing and deleting, two
 * editors saving the same page (409, nothing lost), restoring a version, redirects from site
 * settings, search, domains, and editing the navigation in place.
 *
 * The e2e server is shared by every file: slugs are unique to this run, and what is global (the
 * navigation, site settings redirects, the active domain) is put back as it was.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import type { DomainDoc, PageDoc } from '#lib/content'
import { pageTemplates, templateKeys, type TemplateKey } from '#lib/templates'
import { texts } from '#lib/texts'
import { axe, closeContextsAfterEach, formatViolations, lendBrowser, screenshot } from '../helpers/browser.ts'
import { siteApi } from '../helpers/site.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const api = siteApi(baseUrl)
const m = editorTexts.menu
const run = Date.now().toString(36)
const screenshots = path.resolve('test-results/content-lifecycle')

let browser: Browser
/** The signed-in editor's cookie, reused by every editor context (sign-in is rate limited). */
let editorState: Awaited<ReturnType<BrowserContext['storageState']>>
/** A context for API calls as the editor (setup and checks). */
let editorApi: BrowserContext
const contexts: BrowserContext[] = []
closeContextsAfterEach(contexts)

beforeAll(async () => {
  fs.mkdirSync(screenshots, { recursive: true })
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

async function newContext(options: { signedIn: boolean; separateSession?: boolean }): Promise<BrowserContext> {
  let context: BrowserContext
  if (options.signedIn && options.separateSession) {
    // A second, independent session of the same editor (its own token), like a second editor.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const response = await context.request.post(`${baseUrl}/api/user/login`, {
      data: { username: editor.username, password: editor.password },
    })
    expect(response.status()).toBe(200)
  } else {
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...(options.signedIn ? { storageState: editorState } : {}),
    })
  }
  // The machine running the suite may be busy (as in the other files' contexts).
  context.setDefaultTimeout(30_000)
  contexts.push(context)
  return context
}

async function editorPage(pathname = '/', options: { separateSession?: boolean } = {}): Promise<Page> {
  const context = await newContext({ signedIn: true, ...options })
  const page = await context.newPage()
  await page.goto(baseUrl + pathname, { waitUntil: 'load' })
  await menu(page).waitFor()
  return page
}

async function visitorPage(): Promise<Page> {
  const context = await newContext({ signedIn: false })
  return context.newPage()
}

const menu = (p: Page) => p.getByRole('navigation', { name: m.label })

async function choose(p: Page, item: string) {
  await menu(p).getByRole('button', { name: item, exact: true }).click()
}

async function surface(p: Page, name: string): Promise<Locator> {
  const dialog = p.getByRole('dialog', { name, exact: true })
  await dialog.waitFor()
  return dialog
}

async function expectToast(p: Page, text: string) {
  await p.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 10_000 })
}

/** Waits until every toast has gone (4 s each, spec 01 §8), so the next one is new and none is mid-fade. */
async function waitForNoToasts(p: Page) {
  await expect.poll(() => p.locator('[data-sonner-toast]').count(), { timeout: 12_000, interval: 250 }).toBe(0)
}

async function heading(p: Page): Promise<string> {
  // By selector, not role: an open modal hides the page from the accessibility tree.
  return (await p.locator('main h1').first().textContent())?.trim() ?? ''
}

async function status(pathname: string, host?: string): Promise<number> {
  const context = await newContext({ signedIn: false })
  const response = await context.request.get(baseUrl + pathname, { maxRedirects: 0, ...(host ? { headers: { host } } : {}) })
  await context.close()
  return response.status()
}

/** A page made through the API as the editor (for flows that start from an existing page). */
async function createPage(slug: string, title: string, body = ''): Promise<PageDoc> {
  const response = await editorApi.request.post(`${baseUrl}/api/page/save`, {
    data: {
      page: { slug, template: 'generic', header: { title }, contents: body ? [{ componentType: 'Text', text: body }] : [] },
      collection: 'pages',
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as PageDoc
}

async function storedDraft(slug: string): Promise<PageDoc> {
  const response = await editorApi.request.get(`${baseUrl}/api/page/load?slug=${encodeURIComponent(slug)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as PageDoc
}

async function setTitleInSettings(p: Page, title: string): Promise<Locator> {
  await choose(p, m.pageSettings)
  const settings = await surface(p, editorTexts.panels.pageSettings)
  await settings.getByLabel(editorTexts.pageSettings.title, { exact: true }).fill(title)
  await settings.getByRole('button', { name: editorTexts.pageSettings.savePage }).click()
  return settings
}

async function closeSurface(p: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: editorTexts.close }).click()
  await dialog.waitFor({ state: 'detached' })
}

async function publishFromPanel(p: Page) {
  await choose(p, m.publishPage)
  const panel = await surface(p, editorTexts.panels.publishPage)
  await panel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true }).click()
  await expectToast(p, texts.toasts.pagePublished)
  await closeSurface(p, panel)
}

describe('Create New Page', () => {
  test.each(templateKeys)(
    'from the %s template: create, retitle in Page Settings, save, publish; visitors only see it published',
    async (template: TemplateKey) => {
      const label = pageTemplates[template].label
      const title = `E2E ${label} ${run}`
      const slug = `e2e-${template.toLowerCase()}-${run}`
      const p = await editorPage('/')

      await choose(p, m.createPage)
      const dialog = await surface(p, editorTexts.panels.createPage)
      const templateSelect = dialog.getByLabel(editorTexts.createPage.template)
      // All seven templates, with their labels (spec 01 §2.14).
      expect(await templateSelect.locator('option').allTextContents()).toEqual(templateKeys.map((k) => pageTemplates[k].label))
      await templateSelect.selectOption({ label })
      await dialog.getByLabel(editorTexts.createPage.title, { exact: true }).fill(title)
      // The slug follows the title until it is edited; 'Your slug: /…' shows what will be stored.
      expect(await dialog.getByLabel(editorTexts.createPage.slug, { exact: true }).inputValue()).toBe(
        `e2e-${label.toLowerCase().replace(/ /g, '-')}-${run}`,
      )
      await dialog.getByLabel(editorTexts.createPage.slug, { exact: true }).fill(slug)
      await dialog.getByText(editorTexts.createPage.slugPreview(slug)).waitFor()
      const create = dialog.getByRole('button', { name: editorTexts.createPage.submit })
      await expect.poll(() => create.isEnabled()).toBe(true)
      if (template === 'home') {
        await screenshot(p, { path: path.join(screenshots, 'create-page-dialog.png') })
        await waitForNoToasts(p) // a toast fading out behind another would be measured mid-transition
        const violations = await axe(p)
        expect(violations, formatViolations(violations)).toEqual([])
      }
      await create.click()

      await p.waitForURL(`${baseUrl}/${slug}`)
      await expectToast(p, texts.toasts.pageSaved)
      await expect.poll(() => heading(p)).toBe(title)
      // A draft: the editor sees it, visitors get a 404.
      expect(await status(`/${slug}`)).toBe(404)

      const edited = `${title} edited`
      const settings = await setTitleInSettings(p, edited)
      await expectToast(p, texts.toasts.pageSaved)
      if (template === 'generic') {
        await screenshot(p, { path: path.join(screenshots, 'page-settings.png') })
        await waitForNoToasts(p) // a toast fading out behind another would be measured mid-transition
        const violations = await axe(p)
        expect(violations, formatViolations(violations)).toEqual([])
      }
      await closeSurface(p, settings)
      await expect.poll(() => heading(p)).toBe(edited)
      expect(await status(`/${slug}`)).toBe(404)
      // Saved but never published: the publish item shows its notification.
      expect(await menu(p).locator('[data-publish-notification]').count()).toBe(1)

      await publishFromPanel(p)
      await expect.poll(() => menu(p).locator('[data-publish-notification]').count()).toBe(0)

      const visitor = await visitorPage()
      const response = await visitor.goto(`${baseUrl}/${slug}`)
      expect(response?.status()).toBe(200)
      expect(await heading(visitor)).toBe(edited)
      expect((await storedDraft(slug)).template).toBe(template)
    },
  )

  test('the slug is checked live: an address already in use is refused before submitting', async () => {
    const taken = `e2e-taken-${run}`
    await createPage(taken, 'Taken')
    const p = await editorPage('/')
    await choose(p, m.createPage)
    const dialog = await surface(p, editorTexts.panels.createPage)
    await dialog.getByLabel(editorTexts.createPage.title, { exact: true }).fill('Taken')
    await dialog.getByLabel(editorTexts.createPage.slug, { exact: true }).fill(taken)
    await dialog.getByText(editorTexts.createPage.slugTaken).waitFor()
    expect(await dialog.getByRole('button', { name: editorTexts.createPage.submit }).isDisabled()).toBe(true)
    await dialog.getByLabel(editorTexts.createPage.slug, { exact: true }).fill(`${taken}-2`)
    await expect.poll(() => dialog.getByText(editorTexts.createPage.slugTaken).count()).toBe(0)
    await expect.poll(() => dialog.getByRole('button', { name: editorTexts.createPage.submit }).isEnabled()).toBe(true)
  })
})

describe('publishing', () => {
  test('visitors never see a later draft until it is republished; search follows publishing; unpublish 404s; delete', async () => {
    const slug = `e2e-lifecycle-${run}`
    const word = `quokka${run}`
    await createPage(slug, `Lifecycle ${run}`, `A walk past the ${word} cellar door.`)
    const p = await editorPage(`/${slug}`)
    const visitor = await visitorPage()
    const search = async () => {
      await visitor.goto(`${baseUrl}/search?q=${word}`)
      return visitor
        .locator('main')
        .getByRole('link', { name: `Lifecycle ${run}` })
        .count()
    }
    expect(await search()).toBe(0)

    await publishFromPanel(p)
    await visitor.goto(`${baseUrl}/${slug}`)
    expect(await heading(visitor)).toBe(`Lifecycle ${run}`)
    expect(await search()).toBeGreaterThan(0)

    // A saved draft stays the editor's until it is published again.
    const settings = await setTitleInSettings(p, `Lifecycle draft ${run}`)
    await expectToast(p, texts.toasts.pageSaved)
    await closeSurface(p, settings)
    await expect.poll(() => heading(p)).toBe(`Lifecycle draft ${run}`)
    await expect.poll(() => menu(p).locator('[data-publish-notification]').count()).toBe(1)
    await visitor.goto(`${baseUrl}/${slug}`)
    expect(await heading(visitor)).toBe(`Lifecycle ${run}`)

    await publishFromPanel(p)
    // The publish answers once the page's cached copy is rendered again, or after 5 s at most on a
    // busy machine, when a visitor may get the old copy once while it is refreshed (decision 026).
    await expect
      .poll(async () => {
        await visitor.goto(`${baseUrl}/${slug}`)
        return heading(visitor)
      })
      .toBe(`Lifecycle draft ${run}`)

    // A published page cannot be deleted: the server's message is shown.
    await choose(p, m.pageSettings)
    let dialog = await surface(p, editorTexts.panels.pageSettings)
    await dialog.getByRole('button', { name: editorTexts.pageSettings.delete }).click()
    let confirm = p.getByRole('alertdialog', { name: editorTexts.confirm })
    await confirm.getByRole('button', { name: editorTexts.pageSettings.delete }).click()
    await dialog.getByRole('alert').filter({ hasText: 'Unpublish it before deleting it' }).waitFor()

    // Unpublishing asks first, saying what visitors will get (issue 31); Cancel keeps the page up.
    await dialog.getByRole('button', { name: editorTexts.pageSettings.unpublish }).click()
    const pp = editorTexts.pagePanel
    let ask = p.getByRole('alertdialog', { name: pp.unpublishTitle })
    expect(await ask.innerText()).toContain(pp.unpublishDescription(`/${slug}`))
    await ask.getByRole('button', { name: editorTexts.cancel }).click()
    await ask.waitFor({ state: 'detached' })
    expect(await status(`/${slug}`)).toBe(200)
    await dialog.getByRole('button', { name: editorTexts.pageSettings.unpublish }).click()
    ask = p.getByRole('alertdialog', { name: pp.unpublishTitle })
    await ask.getByRole('button', { name: pp.unpublishConfirm }).click()
    await expectToast(p, texts.toasts.pageUnpublished)
    expect(await status(`/${slug}`)).toBe(404)
    expect(await search()).toBe(0)

    await dialog.getByRole('button', { name: editorTexts.pageSettings.delete }).click()
    confirm = p.getByRole('alertdialog', { name: editorTexts.confirm })
    await confirm.getByRole('button', { name: editorTexts.pageSettings.delete }).click()
    await expectToast(p, texts.toasts.pageDeleted)
    await p.waitForURL(`${baseUrl}/`)
    dialog = p.getByRole('dialog', { name: editorTexts.panels.pageSettings })
    expect(await dialog.count()).toBe(0)
    const gone = await editorApi.request.get(`${baseUrl}/api/page/load?slug=${slug}`)
    expect(gone.status()).toBe(404)
  })

  test('two editors save the same field: the second sees who saved and both values, and nothing is lost either way', async () => {
    const slug = `e2e-conflict-${run}`
    await createPage(slug, `Conflict ${run}`)
    const a = await editorPage(`/${slug}`)
    const b = await editorPage(`/${slug}`, { separateSession: true })

    const settingsA = await setTitleInSettings(a, `Saved by A ${run}`)
    await expectToast(a, texts.toasts.pageSaved)

    // B still holds the version it loaded: its save is refused with the server's message.
    const settingsB = await setTitleInSettings(b, `Saved by B ${run}`)
    const conflict = b.getByRole('alertdialog', { name: editorTexts.conflict.title })
    await conflict.waitFor()
    // When, in the site's time and format (DD/MM/YYYY HH:MM), not a raw UTC timestamp.
    expect(await conflict.innerText()).toMatch(new RegExp(`saved by ${editor.username} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after`))
    // Nothing was lost yet: B's edit is still in the form.
    expect(await settingsB.getByLabel(editorTexts.pageSettings.title, { exact: true }).inputValue()).toBe(`Saved by B ${run}`)
    // Reloading theirs takes a moment on a slow connection; heartbeats answered meanwhile (which say
    // a newer draft is stored) must not save B's refused copy again and reopen the dialog. B's
    // reload is held while three heartbeats are answered one after the other (a tab shown again
    // beats at once): a save the first two had started would have been sent by the third's answer.
    const savesOfB: string[] = []
    b.on('request', (request) => {
      if (request.url().endsWith('/api/page/save')) savesOfB.push(request.url())
    })
    let releaseReload = () => {}
    const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve))
    await b.route(`**/${slug}.data*`, async (route) => {
      await reloadHeld
      await route.continue()
    })
    const beat = async () => {
      const answered = b.waitForResponse((response) => response.url().endsWith('/api/presence/heartbeat'))
      await b.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      await (await answered).finished()
    }
    await conflict.getByRole('button', { name: editorTexts.conflict.reload }).click()
    await conflict.waitFor({ state: 'detached' })
    for (let i = 0; i < 3; i++) await beat()
    expect(savesOfB).toEqual([])
    releaseReload()
    // Theirs is shown: in the form and on the page.
    await expect.poll(() => settingsB.getByLabel(editorTexts.pageSettings.title, { exact: true }).inputValue()).toBe(`Saved by A ${run}`)
    await expect.poll(() => heading(b)).toBe(`Saved by A ${run}`)

    // B saves on top of A's version: accepted.
    await settingsB.getByLabel(editorTexts.pageSettings.title, { exact: true }).fill(`B on top ${run}`)
    await settingsB.getByRole('button', { name: editorTexts.pageSettings.savePage }).click()
    await expectToast(b, texts.toasts.pageSaved)
    expect((await storedDraft(slug)).header.title).toBe(`B on top ${run}`)

    // Now A is stale and changes the same title: A keeps theirs, knowingly, for that field.
    await waitForNoToasts(a)
    await settingsA.getByLabel(editorTexts.pageSettings.title, { exact: true }).fill(`A wins ${run}`)
    await settingsA.getByRole('button', { name: editorTexts.pageSettings.savePage }).click()
    const conflictA = a.getByRole('alertdialog', { name: editorTexts.conflict.title })
    await conflictA.waitFor()
    const field = conflictA.getByRole('group', { name: editorTexts.merge.fields.title! })
    expect(await field.locator('[data-conflict-value="theirs"]').textContent()).toBe(`B on top ${run}`)
    await conflictA.getByRole('button', { name: editorTexts.merge.dialog.saveChoices }).click()
    await expectToast(a, texts.toasts.pageSaved)
    await conflictA.waitFor({ state: 'detached' })
    expect((await storedDraft(slug)).header.title).toBe(`A wins ${run}`)
    await expect.poll(() => heading(a)).toBe(`A wins ${run}`)
  })

  test('History lists the versions, newest first; Restore makes an older one the draft', async () => {
    const slug = `e2e-history-${run}`
    await createPage(slug, `First ${run}`)
    const p = await editorPage(`/${slug}`)
    const settings = await setTitleInSettings(p, `Second ${run}`)
    await expectToast(p, texts.toasts.pageSaved)
    await expect.poll(() => heading(p)).toBe(`Second ${run}`)

    await settings.getByRole('tab', { name: editorTexts.pageSettings.tabs.history }).click()
    const table = settings.locator('[data-page-history]')
    await table.waitFor()
    const rows = table.locator('tbody tr')
    expect(await rows.count()).toBe(2)
    expect(await rows.nth(0).locator('td').first().innerText()).toBe('2')
    expect(await rows.nth(0).innerText()).toContain(editor.username)
    await screenshot(p, { path: path.join(screenshots, 'page-settings-history.png') })

    await rows
      .nth(1)
      .getByRole('button', { name: /^Restore version 1 / })
      .click()
    // Restore asks first, naming the version, and its toast names it too (issue 31 point 4).
    const history = editorTexts.pageSettings.history
    const confirm = p.getByRole('alertdialog', { name: history.restoreTitle(1) })
    await confirm.getByRole('button', { name: history.restoreConfirm(1) }).click()
    await expectToast(p, history.restored(1))
    await expect.poll(() => heading(p)).toBe(`First ${run}`)
    await settings.getByRole('tab', { name: editorTexts.pageSettings.tabs.general }).click()
    expect(await settings.getByLabel(editorTexts.pageSettings.title, { exact: true }).inputValue()).toBe(`First ${run}`)
    expect((await storedDraft(slug)).header.title).toBe(`First ${run}`)
  })
})

describe('site settings and domains', () => {
  test('a redirect set in Site Settings and published answers 301; removing it again', async () => {
    const from = `/e2e-old-${run}`
    const to = `/e2e-new-${run}`
    const p = await editorPage('/')
    await choose(p, m.siteSettings)
    let dialog = await surface(p, editorTexts.panels.siteSettings)
    await dialog.locator('[data-site-settings]').waitFor()
    const before = await dialog.getByRole('button', { name: /^Remove redirect / }).count()

    await dialog.getByRole('button', { name: editorTexts.siteSettings.addRedirect }).click()
    const row = editorTexts.siteSettings.redirectRow(before + 1)
    await dialog.getByLabel(`${editorTexts.siteSettings.from} (${row})`).fill(from)
    await dialog.getByLabel(`${editorTexts.siteSettings.to} (${row})`).fill(to)
    await dialog.getByLabel(`${editorTexts.siteSettings.status} (${row})`).selectOption('301')
    await dialog.getByRole('button', { name: editorTexts.siteSettings.publish, exact: true }).click()
    await expectToast(p, texts.toasts.siteSettingsPublished)

    try {
      const context = await newContext({ signedIn: false })
      const response = await context.request.get(baseUrl + from, { maxRedirects: 0 })
      expect(response.status()).toBe(301)
      expect(response.headers().location).toMatch(new RegExp(`${to}$`))
    } finally {
      // Put the redirects back as they were.
      await p.reload({ waitUntil: 'load' })
      await menu(p).waitFor()
      await choose(p, m.siteSettings)
      dialog = await surface(p, editorTexts.panels.siteSettings)
      await dialog.locator('[data-site-settings]').waitFor()
      await dialog.getByRole('button', { name: editorTexts.siteSettings.removeRedirect(before + 1) }).click()
      await dialog.getByRole('button', { name: editorTexts.siteSettings.publish, exact: true }).click()
      await expectToast(p, texts.toasts.siteSettingsPublished)
    }
    expect(await status(from)).toBe(404)
  })

  test("a page of one domain is invisible on the other; 'Make active here' switches this address to another domain", async () => {
    const { domains } = await api.domains()
    const primary = domains.find((d) => d.hostnames.includes('localhost')) as DomainDoc
    const second = domains.find((d) => d !== primary && d.hostnames.includes('eden.localhost')) as DomainDoc
    expect(primary && second).toBeTruthy()
    const port = new URL(baseUrl).port
    const slug = `e2e-domain-${run}`
    await createPage(slug, `Domain ${run}`)
    const p = await editorPage(`/${slug}`)
    await publishFromPanel(p)

    const visitor = await visitorPage()
    expect((await visitor.goto(`${baseUrl}/${slug}`))?.status()).toBe(200)
    expect((await visitor.goto(`http://eden.localhost:${port}/${slug}`))?.status()).toBe(404)

    // Config Settings lists both domains; making the second active here reloads with its navigation.
    const secondNav = (await api.nav(second._id)).items.map((i) => i.text).filter(Boolean)
    await p.goto(`${baseUrl}/`, { waitUntil: 'load' })
    await menu(p).waitFor()
    await choose(p, m.configSettings)
    const dialog = await surface(p, editorTexts.panels.configSettings)
    await dialog.locator(`[data-domain="${second._id}"]`).waitFor()
    expect(await dialog.locator('[data-domain]').count()).toBe(domains.length)
    try {
      await Promise.all([
        p.waitForEvent('load'),
        dialog.getByRole('button', { name: `${editorTexts.config.makeActive}: ${second.name}` }).click(),
      ])
      await menu(p).waitFor()
      const banner = p.getByRole('banner')
      for (const text of secondNav) await banner.getByText(text, { exact: true }).first().waitFor({ state: 'attached' })
    } finally {
      const back = await editorApi.request.post(`${baseUrl}/api/config/swapActiveDomain`, { data: { domain: { _id: primary._id } } })
      expect(back.status()).toBe(200)
    }
    expect((await api.domains()).domain?._id).toBe(primary._id)
  })
})

describe('navigation in place', () => {
  test('add a menu item in the sidebar: the header shows it as typed; publish; a visitor sees it; a stale save of the same field asks', async () => {
    const text = `E2E nav ${run}`
    const href = `/e2e-nav-${run}`
    const original = await api.nav()
    const p = await editorPage('/')
    const other = await editorPage('/', { separateSession: true })
    await choose(other, m.saveNav)
    const otherPanel = await surface(other, editorTexts.panels.saveNav)
    await otherPanel.locator('[data-nav-editor]').waitFor()

    await choose(p, m.saveNav)
    const panel = await surface(p, editorTexts.panels.saveNav)
    await panel.locator('[data-nav-editor]').waitFor()
    const count = original.items.length
    await panel.getByRole('button', { name: editorTexts.nav.addItem }).click()
    const item = panel.getByRole('group', { name: editorTexts.nav.item(count + 1), exact: true })
    await item.getByLabel(editorTexts.siteDocs.text, { exact: true }).first().fill(text)
    await item.getByLabel(editorTexts.siteDocs.href, { exact: true }).first().fill(href)
    // In place: the real header shows the working copy before anything is saved.
    const banner = p.getByRole('banner')
    await banner.getByRole('link', { name: text }).first().waitFor()
    await screenshot(p, { path: path.join(screenshots, 'nav-in-place.png') })
    await waitForNoToasts(p)
    const violations = await axe(p)
    expect(violations, formatViolations(violations)).toEqual([])
    expect((await api.nav()).items.length).toBe(count)

    try {
      await panel.getByRole('button', { name: editorTexts.siteDocs.publish, exact: true }).click()
      await expectToast(p, texts.toasts.navPublished)
      const visitor = await visitorPage()
      // Right after a publish the cache may answer its stale copy once while it renders the new one.
      await expect
        .poll(
          async () => {
            await visitor.goto(`${baseUrl}/`)
            return visitor.getByRole('banner').getByRole('link', { name: text }).count()
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0)

      // The other session still holds the version it loaded and adds an item of its own: the menu
      // items changed on both sides, so its save asks about them (and only them), and can take theirs.
      await otherPanel.getByRole('button', { name: editorTexts.nav.addItem }).click()
      await otherPanel
        .getByRole('group', { name: editorTexts.nav.item(count + 1), exact: true })
        .getByLabel(editorTexts.siteDocs.text, { exact: true })
        .first()
        .fill(`${text} (B)`)
      await otherPanel.getByRole('button', { name: editorTexts.siteDocs.save, exact: true }).click()
      const conflict = other.getByRole('alertdialog', { name: editorTexts.conflict.title })
      await conflict.waitFor()
      expect(
        await conflict.locator('[data-conflict-field]').evaluateAll((els) => els.map((el) => el.getAttribute('data-conflict-field'))),
      ).toEqual(['the items'])
      await conflict.getByRole('button', { name: editorTexts.conflict.reload }).click()
      await conflict.waitFor({ state: 'detached' })
      await otherPanel.getByText(`${editorTexts.nav.item(count + 1)}: ${text}`).waitFor()
      expect(await otherPanel.getByLabel(editorTexts.nav.siteName).inputValue()).toBe(original.siteName)
    } finally {
      // Put the navigation back: remove the item and publish.
      await waitForNoToasts(p)
      await panel.getByRole('button', { name: `${editorTexts.siteDocs.remove}: ${editorTexts.nav.item(count + 1)}`, exact: true }).click()
      await panel.getByRole('button', { name: editorTexts.siteDocs.publish, exact: true }).click()
      await expectToast(p, texts.toasts.navPublished)
    }
    const restored = await api.nav()
    expect(restored.items.map((i) => i.text)).toEqual(original.items.map((i) => i.text))
    const visitor = await visitorPage()
    await visitor.goto(`${baseUrl}/`)
    expect(await visitor.getByRole('banner').getByRole('link', { name: text }).count()).toBe(0)
  })

  test('unsaved navigation edits count as unsaved changes when leaving', async () => {
    const p = await editorPage('/')
    await choose(p, m.saveNav)
    const panel = await surface(p, editorTexts.panels.saveNav)
    await panel.locator('[data-nav-editor]').waitFor()
    const siteName = panel.getByLabel(editorTexts.nav.siteName)
    const original = await siteName.inputValue()
    await siteName.fill(`${original} unsaved`)
    await p.getByRole('banner').getByText(`${original} unsaved`).waitFor()
    let prompted = ''
    p.once('dialog', (d) => {
      prompted = d.message()
      void d.dismiss()
    })
    // An in-app link to another page asks first (the editor stays).
    await p.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')].find((a) => a.getAttribute('href') !== '/')
      link?.click()
    })
    await expect.poll(() => prompted).toBe(editorTexts.unsavedChanges)
    expect(new URL(p.url()).pathname).toBe('/')
    await panel.getByRole('button', { name: editorTexts.siteDocs.discard }).click()
    await expect.poll(() => siteName.inputValue()).toBe(original)
  })

  test('the footer is edited in place too', async () => {
    const p = await editorPage('/')
    await choose(p, m.saveFooter)
    const panel = await surface(p, editorTexts.panels.saveFooter)
    await panel.locator('[data-footer-editor]').waitFor()
    const copy = panel.getByLabel(editorTexts.footer.copy)
    const original = await copy.inputValue()
    await copy.fill(`© E2E ${run}`)
    await p.locator('[data-site-footer]').getByText(`© E2E ${run}`).waitFor()
    // The footer is brought into view beside the form.
    await expect
      .poll(() => p.locator('[data-site-footer]').evaluate((el) => el.getBoundingClientRect().top < window.innerHeight * 0.75))
      .toBe(true)
    // The smooth scroll settles: the page stays put from one frame to the next.
    await p.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = NaN
          const check = () => (window.scrollY === last ? resolve() : ((last = window.scrollY), requestAnimationFrame(check)))
          requestAnimationFrame(check)
        }),
    )
    await screenshot(p, { path: path.join(screenshots, 'footer-in-place.png') })
    await copy.fill(original)
    await expect.poll(() => panel.getByRole('button', { name: editorTexts.siteDocs.discard }).count()).toBe(0)
  })
})
