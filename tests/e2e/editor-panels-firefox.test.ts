/**
 * Issue 31 point 6, in real Firefox (firefox-esr over WebDriver BiDi, tests/helpers/firefox.ts): the
 * editor's smaller flows the issue names, as their Chromium tests do them: the block picker opened
 * from a gap's "+" and used by keyboard, inserting where it was opened (block-picker-dnd.test.ts);
 * the focal point moved by typed numbers, the arrow keys and a click (block-library-editing.test.ts);
 * Unpublish Page asking first (content-lifecycle.test.ts); the invitation link copied from Dashboard
 * → Editors and used (team.test.ts); a deactivated editor told why, their typing kept
 * (deactivated-editor.test.ts). One Firefox for the file, no Chromium.
 */
import sharp from 'sharp'
import type { BrowserContext, ElementHandle, KeyInput, Page } from 'puppeteer-core'
import { beforeAll, describe, expect, inject, test, vi } from 'vitest'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { teamTexts } from '#lib/team'
import { editorTexts } from '#lib/editor-texts'
import {
  byRole,
  chooseMenuItemFirefox,
  editorApi,
  firefoxContexts,
  inviteColleague,
  openEditorPage,
  openFirefox,
  waitForToast,
  type EditorApi,
} from '../helpers/firefox.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(120_000) })

const baseUrl = laneBaseUrl()
const editor = inject('editor')
const run = Date.now().toString(36)
const b = editorTexts.blocks
const firefox = openFirefox()
const { signedIn, track } = firefoxContexts(firefox, baseUrl)
let api: EditorApi
let editing: BrowserContext

beforeAll(async () => {
  api = await editorApi(baseUrl, editor)
  editing = await signedIn(editor)
})

const saveDraft = (page: Record<string, unknown>) => api.post<PageDoc>('/api/page/save', { page, collection: 'pages' })
const stored = (slug: string) => api.get<PageDoc>(`/api/page/load?slug=${encodeURIComponent(slug)}`)
/** What a visitor's request for the path answers. */
const visitorStatus = async (pathname: string) => (await fetch(`${baseUrl}${pathname}`, { redirect: 'manual' })).status

/** A draft page with these blocks, open in Firefox with Select Component on. */
async function openEditing(slug: string, contents: Record<string, unknown>[], context = editing) {
  await saveDraft({ slug, template: 'generic', header: { title: `Firefox ${run}` }, contents })
  const p = await openEditorPage(context, `${baseUrl}/${slug}`, { width: 1440, height: 900 })
  await chooseMenuItemFirefox(p, 'select')
  await p.waitForSelector('main [data-editor-frame]')
  return p
}

/** The page's top-level blocks, by type, in order. */
const topTypes = (p: Page) =>
  p.$$eval('main [data-editor-frame]', (els) =>
    els.filter((el) => !el.parentElement?.closest('[data-editor-frame]')).map((el) => el.getAttribute('data-block')),
  )
const activeLabel = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)
const activeCard = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('data-component-type') ?? null)

/** The form control the label with exactly this text is for, inside `root`. */
async function control(root: ElementHandle, label: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await root.evaluateHandle(
    (el, text) => [...el.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control ?? null,
    label,
  )
  const input = handle.asElement()
  if (!input) throw new Error(`no control labelled '${label}'`)
  return input as ElementHandle<HTMLInputElement>
}

/** Selects what the field holds and types over it, as a person would (Ctrl+A, then the keys). */
async function typeOver(p: Page, field: ElementHandle<HTMLInputElement>, value: string) {
  await field.focus()
  await p.keyboard.down('Control')
  await p.keyboard.press('a')
  await p.keyboard.up('Control')
  await p.keyboard.type(value)
}

async function pressWithControl(p: Page, key: KeyInput) {
  await p.keyboard.down('Control')
  await p.keyboard.press(key)
  await p.keyboard.up('Control')
}

describe('Firefox: the editor’s panels and dialogs (issue 31)', () => {
  test('the block picker by keyboard: Tab to the gap’s "+", Enter, search, arrows, Enter inserts there; Escape gives the focus back; one undo step', async () => {
    const p = await openEditing(`e2e-ff-picker-${run}`, [
      { componentType: 'SectionHeading', title: 'Wine country', subtitle: 'Cellar doors and long lunches' },
      { componentType: 'Text', text: 'Opening paragraph.' },
      { componentType: 'Quote', text: 'The best weekend we had all year.', quotee: 'A visitor' },
    ])
    await p.waitForSelector('main [data-editor-frame][data-block="Quote"]')
    expect(await topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote'])

    // From the Text block (the second), Tab reaches the "+" of the gap before it.
    await p.$eval('main [data-editor-frame][data-block="Text"]', (el) => (el as HTMLElement).focus())
    await p.keyboard.press('Tab')
    expect(await activeLabel(p)).toBe(b.insertAt(2, 'page'))
    await p.keyboard.press('Enter')
    const picker = (await p.waitForSelector(byRole('dialog', b.addComponent)))!
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')
    expect(await picker.evaluate((el) => (el as HTMLElement).innerText)).not.toMatch(/Component:/)

    // Typed search; ArrowDown to the first card it shows, the Quote; Enter puts it in that gap.
    await p.keyboard.type('quote')
    await expect
      .poll(() => picker.$$eval('button[data-component-type]', (els) => els[0]?.getAttribute('data-component-type')))
      .toBe('Quote')
    await p.keyboard.press('ArrowDown')
    expect(await activeCard(p)).toBe('Quote')
    await p.keyboard.press('Enter')
    await p.waitForSelector(byRole('dialog', b.addComponent), { hidden: true })
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Quote', 'Text', 'Quote'])
    expect(await p.$eval('main [data-editor-frame][data-selected]', (el) => el.getAttribute('data-block'))).toBe('Quote')
    // One undo step (Ctrl+Z) takes it out again.
    await pressWithControl(p, 'z')
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote'])

    // "Add component" at the page's end: the arrows move along the cards, Escape closes and gives
    // the focus back to the button; opened again, Enter on the second card adds it at the end.
    await p.$eval(`[aria-label="${b.addComponentTo('page')}"]`, (el) => (el as HTMLElement).focus())
    await p.keyboard.press('Enter')
    const again = (await p.waitForSelector(byRole('dialog', b.addComponent)))!
    const cards = await again.$$eval('button[data-component-type]', (els) => els.map((el) => el.getAttribute('data-component-type')))
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')
    await p.keyboard.press('ArrowDown')
    expect(await activeCard(p)).toBe(cards[0])
    await p.keyboard.press('ArrowRight')
    expect(await activeCard(p)).toBe(cards[1])
    await p.keyboard.press('Escape')
    await p.waitForSelector(byRole('dialog', b.addComponent), { hidden: true })
    await expect.poll(() => activeLabel(p)).toBe(b.addComponentTo('page'))
    await p.keyboard.press('Enter')
    await p.waitForSelector(byRole('dialog', b.addComponent))
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')
    await p.keyboard.press('ArrowDown')
    await p.keyboard.press('ArrowRight')
    await p.keyboard.press('Enter')
    await p.waitForSelector(byRole('dialog', b.addComponent), { hidden: true })
    await expect.poll(() => topTypes(p)).toEqual(['SectionHeading', 'Text', 'Quote', cards[1]])
    await p.close()
  })

  test('the focal point follows typed numbers, the arrow keys and a click, and is saved', async () => {
    const ie = editorTexts.imageEditor
    const slug = `e2e-ff-focal-${run}`
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#6b4f2b' } })
      .png()
      .toBuffer()
    const imageId = await api.upload(`focal-ff-${run}.png`, png)
    const p = await openEditing(slug, [{ componentType: 'Image', imageId, alt: 'A cellar door' }])
    // The editable wrapper is display: contents (no box of its own): the click lands on the picture.
    await p.locator('main [data-block="Image"] [data-editable="image"] img').click()
    const sidebar = (await p.waitForSelector(byRole('dialog', 'Image')))!
    await (await sidebar.waitForSelector(byRole('tab', ie.tabs.focal)))!.click()
    const area = (await sidebar.waitForSelector('[data-testid="focal-area"]'))!
    const across = await control(sidebar, ie.focalX)
    const down = await control(sidebar, ie.focalY)
    const values = async () => [await across.evaluate((el) => el.value), await down.evaluate((el) => el.value)]
    const marker = () => area.$eval(':scope > span', (el) => [(el as HTMLElement).style.left, (el as HTMLElement).style.top])
    expect(await values()).toEqual(['50', '50'])

    // Typed: the fields keep what was typed and the marker moves there.
    await typeOver(p, across, '30')
    await typeOver(p, down, '35')
    await expect.poll(values).toEqual(['30', '35'])
    expect(await marker()).toEqual(['30%', '35%'])

    // Arrow keys on the picture: 5 % a step.
    await area.focus()
    await p.keyboard.press('ArrowRight')
    await p.keyboard.press('ArrowDown')
    await expect.poll(values).toEqual(['35', '40'])
    expect(await area.evaluate((el) => el.getAttribute('aria-label'))).toBe(`${ie.focalArea}: 35%, 40%`)
    expect(await marker()).toEqual(['35%', '40%'])

    // A click on the picture puts the point there (a quarter across, three quarters down).
    const box = (await area.boundingBox())!
    await p.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75)
    // (Within a point: the pointer's position is a whole CSS pixel.)
    const near = (v: string, want: number) => Math.abs(Number(v) - want) <= 1
    await expect
      .poll(async () => {
        const [x, y] = await values()
        return near(x!, 25) && near(y!, 75)
      })
      .toBe(true)
    const clicked = (await values()).map((v) => Math.round(Number(v)))

    // Saved with the page (the autosave).
    const focal = async () => {
      const f = ((await stored(slug)).contents[0] as { focal?: { x: number; y: number } }).focal
      return f && [Math.round(f.x * 100), Math.round(f.y * 100)]
    }
    await expect.poll(focal, { timeout: 15_000 }).toEqual(clicked)
    await p.close()
  })

  test('Unpublish Page asks first, saying what visitors will get; Cancel keeps the page up, confirming takes it down', async () => {
    const slug = `e2e-ff-unpublish-${run}`
    const doc = await saveDraft({ slug, template: 'generic', header: { title: `Unpublish ${run}` }, contents: [] })
    await api.post('/api/page/publishPage', { page: doc, collection: 'pages' })
    expect(await visitorStatus(`/${slug}`)).toBe(200)
    const pp = editorTexts.pagePanel
    const p = await openEditorPage(editing, `${baseUrl}/${slug}`, { width: 1440, height: 900 })
    await chooseMenuItemFirefox(p, 'pageSettings')
    const settings = (await p.waitForSelector(byRole('dialog', editorTexts.panels.pageSettings)))!
    const unpublish = async () => (await settings.waitForSelector(byRole('button', editorTexts.pageSettings.unpublish)))!.click()

    await unpublish()
    let ask = (await p.waitForSelector(byRole('alertdialog', pp.unpublishTitle)))!
    expect(await ask.evaluate((el) => (el as HTMLElement).innerText)).toContain(pp.unpublishDescription(`/${slug}`))
    await (await ask.$(byRole('button', editorTexts.cancel)))!.click()
    await p.waitForSelector(byRole('alertdialog', pp.unpublishTitle), { hidden: true })
    expect(await visitorStatus(`/${slug}`)).toBe(200)

    await unpublish()
    ask = (await p.waitForSelector(byRole('alertdialog', pp.unpublishTitle)))!
    await (await ask.$(byRole('button', pp.unpublishConfirm)))!.click()
    await waitForToast(p, texts.toasts.pageUnpublished)
    expect(await visitorStatus(`/${slug}`)).toBe(404)
    await p.close()
  })

  test('Dashboard → Editors → "Copy invitation link": the link is copied and shown, and the colleague gets in with it', async () => {
    const e = editorTexts
    const t = teamTexts.editors
    const person = { username: `ff-nomail-${run}`, email: `ff-nomail-${run}@example.com`, password: 'harvest-by-hand-2026' }
    await api.post('/api/team/invite', { username: person.username, email: person.email, role: 'editor' })
    const p = await openEditorPage(editing, `${baseUrl}/`, { width: 1440, height: 900 })
    await chooseMenuItemFirefox(p, 'dashboard')
    const dashboard = (await p.waitForSelector(byRole('dialog', `${e.dashboard.title} ${editor.username}`)))!
    await (await dashboard.waitForSelector(byRole('tab', teamTexts.tabs.editors)))!.click()
    const row = (await dashboard.waitForSelector(`[data-editor-row="${person.username}"]`))!
    await (await row.waitForSelector(byRole('button', t.copyLink)))!.click()
    await waitForToast(p, t.linkCopied(person.username))
    const shown = await control(dashboard, t.linkFor(person.username))
    const link = await shown.evaluate((el) => el.value)
    expect(link).toMatch(new RegExp(`^${baseUrl}/\\?token=[\\w-]+&email=`))
    // What the clipboard holds is that link: pasted (Ctrl+V) into the invitation form's e-mail field.
    const pasteInto = await control(dashboard, t.email)
    await pasteInto.focus()
    await pressWithControl(p, 'v')
    expect(await pasteInto.evaluate((el) => el.value)).toBe(link)
    await p.close()

    // The colleague, in a Firefox of their own, opens it, chooses a password and signs in.
    const theirs = track(await firefox.browser.createBrowserContext())
    const page = await theirs.newPage()
    page.setDefaultTimeout(30_000)
    await page.goto(link, { waitUntil: 'load' })
    const recovery = (await page.waitForSelector(byRole('dialog', e.recovery.title)))!
    await (await control(recovery, e.recovery.password)).type(person.password)
    await (await control(recovery, e.recovery.passwordConfirm)).type(person.password)
    await (await recovery.$(byRole('button', e.recovery.submit)))!.click()
    await waitForToast(page, texts.toasts.passwordReset)
    const login = (await page.waitForSelector(byRole('dialog', e.login.title)))!
    await (await control(login, e.login.username)).type(person.username)
    await (await control(login, e.login.password)).type(person.password)
    await (await login.$(byRole('button', e.login.submit)))!.click()
    await page.waitForSelector('[data-editor-menu] [data-menu-item="logout"]')
    const list = await api.get<{ editors: { username: string; status: string }[] }>('/api/team/list')
    expect(list.editors.find((x) => x.username === person.username)?.status).toBe('active')
  })

  test('a deactivated editor is told on their next save, sees their unsaved text, and it stays in this browser', async () => {
    const d = teamTexts.deactivated
    const slug = `e2e-ff-deactivated-${run}`
    const lee = await inviteColleague(api, baseUrl, laneMailDir(), 'dee', 'editor')
    const p = await openEditing(slug, [{ componentType: 'SectionHeading', title: 'Cellar doors', subtitle: '' }], await signedIn(lee))
    const page = await stored(slug)
    const heading = `${byRole('group', b.component('Section Heading'))} >>> ${byRole('textbox', 'Title')}`
    await p.locator(heading).click()
    await p.keyboard.press('End')
    await p.keyboard.type(' open late on Fridays')
    // Deactivated before the autosave (3 s after the last key).
    const { editors } = await api.get<{ editors: { _id: string; username: string }[] }>('/api/team/list')
    await api.post('/api/team/deactivate', { id: editors.find((x) => x.username === lee.username)!._id })

    const dialog = (await p.waitForSelector(byRole('alertdialog', d.title), { timeout: 20_000 }))!
    expect(await dialog.evaluate((el) => (el as HTMLElement).innerText)).toContain(d.description)
    expect(await (await control(dialog, d.textLabel)).evaluate((el) => el.value)).toBe('Cellar doors open late on Fridays')
    await expect
      .poll(() => p.$eval('[data-autosave-status]', (el) => el.textContent), { timeout: 15_000 })
      .toBe(editorTexts.autosave.signedOut)
    const kept = () => p.evaluate((key) => localStorage.getItem(key), `editor-unsaved:pages:${page._id}`)
    expect(await kept()).toContain('Cellar doors open late on Fridays')
    // Closed, the page is the signed-out view (the menu offers signing in); the kept copy stays.
    await (await dialog.$(byRole('button', d.close)))!.click()
    await p.waitForSelector('[data-editor-menu] [data-menu-item="login"]')
    expect(await kept()).toContain('open late on Fridays')
    await p.close()
  })
})
