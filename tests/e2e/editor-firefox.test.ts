/**
 * Issue 31 point 6, in real Firefox (firefox-esr over WebDriver BiDi, tests/helpers/firefox.ts): two
 * editors in two Firefox contexts on one page, whose saves merge field by field and whose change
 * of the same field asks which to keep, naming it with both values (point 1; Chromium:
 * tests/e2e/merge.test.ts); and History comparing two versions block by block with the changed
 * words marked, its restore asking first and naming the version (point 4; Chromium:
 * tests/e2e/version-history.test.ts). One Firefox for the file, no Chromium.
 */
import type { BrowserContext, Page } from 'puppeteer-core'
import { beforeAll, describe, expect, inject, test, vi } from 'vitest'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
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
vi.setConfig({ testTimeout: patient(180_000) })

const baseUrl = laneBaseUrl()
const maria = inject('editor')
const run = Date.now().toString(36)
const m = editorTexts.merge
const h = editorTexts.pageSettings.history
const firefox = openFirefox()
const { signedIn } = firefoxContexts(firefox, baseUrl)
let api: EditorApi

beforeAll(async () => {
  api = await editorApi(baseUrl, maria)
})

const saveDraft = (page: Record<string, unknown>) => api.post<PageDoc>('/api/page/save', { page, collection: 'pages' })
const stored = (slug: string) => api.get<PageDoc>(`/api/page/load?slug=${encodeURIComponent(slug)}`)
/** The text of the in-place field with this accessible name (the page header's Title, Description). */
const fieldText = (p: Page, name: string) => p.$eval(byRole('textbox', name), (el) => el.textContent)
const status = (p: Page) => p.$eval('[data-autosave-status]', (el) => el.textContent)

async function openEditing(context: BrowserContext, slug: string) {
  const p = await openEditorPage(context, `${baseUrl}/${slug}`)
  await chooseMenuItemFirefox(p, 'select')
  await p.waitForSelector(byRole('textbox', 'Title'))
  return p
}

/** Clicks the field, goes to the end of its text and types there. */
async function typeAtEnd(p: Page, name: string, text: string) {
  await p.locator(byRole('textbox', name)).click()
  await p.keyboard.press('End')
  await p.keyboard.type(text)
}

describe('Firefox: two editors on one page (issue 31 point 1)', () => {
  test('different fields merge with nothing lost, each told what the other changed, undo keeps the colleague’s; the same field asks, naming it with both values', async () => {
    const lee = await inviteColleague(api, baseUrl, laneMailDir(), 'lee')
    const [mariaContext, leeContext] = await Promise.all([signedIn(maria), signedIn(lee)])
    const slug = `e2e-ff-merge-${run}`
    await saveDraft({ slug, template: 'generic', header: { title: 'Harvest', description: 'Grapes' }, contents: [] })
    const mine = await openEditing(mariaContext, slug)
    const his = await openEditing(leeContext, slug)

    // Maria changes the heading, Lee the description; Maria saves at once, before Lee's autosave
    // (3 s after his last key): his save, based on the older version, merges with hers.
    await mine.bringToFront()
    await typeAtEnd(mine, 'Title', ' festival')
    await his.bringToFront()
    await typeAtEnd(his, 'Description', ' and wine')
    await mine.bringToFront()
    await chooseMenuItemFirefox(mine, 'savePage')
    await waitForToast(mine, texts.toasts.pageSaved)
    await chooseMenuItemFirefox(mine, 'select')
    await his.bringToFront()
    const told = m.changed([maria.username], [m.fields.title!])
    await waitForToast(his, told)
    expect(await his.$$eval('[data-sonner-toast]', (els, t) => els.find((el) => el.textContent?.includes(t))?.textContent, told)).toContain(
      m.yoursKept,
    )
    await expect.poll(() => fieldText(his, 'Title')).toBe('Harvest festival')
    expect(await fieldText(his, 'Description')).toBe('Grapes and wine')
    await expect.poll(async () => (await stored(slug)).header).toMatchObject({ title: 'Harvest festival', description: 'Grapes and wine' })
    await expect.poll(() => status(his)).toMatch(/^Draft saved \d\d:\d\d$/)

    // Maria's open page takes Lee's change in by itself and tells her who changed what.
    await mine.bringToFront()
    await waitForToast(mine, m.changed([lee.username], [m.fields.description!]))
    await expect.poll(() => fieldText(mine, 'Description')).toBe('Grapes and wine')
    expect(await fieldText(mine, 'Title')).toBe('Harvest festival')

    // Lee's undo steps back his own typing, saved as such; Maria's heading stays. (Once it is
    // stored and Maria's page has it, the two pages start the next round from the same version.)
    await his.bringToFront()
    const history = byRole('toolbar', editorTexts.history.label)
    await his.locator(`${history} >>> ${byRole('button', editorTexts.blocks.undo)}`).click()
    await expect.poll(() => fieldText(his, 'Description')).toBe('Grapes')
    expect(await fieldText(his, 'Title')).toBe('Harvest festival')
    await expect
      .poll(async () => (await stored(slug)).header, { timeout: 15_000 })
      .toMatchObject({ title: 'Harvest festival', description: 'Grapes' })
    await mine.bringToFront()
    await expect.poll(() => fieldText(mine, 'Description'), { timeout: 15_000 }).toBe('Grapes')

    // Both change the heading; Maria's Save Page comes before Lee's autosave (3 s after his last
    // key, and hers 3 s after her last): Lee's dialog names the one field with both values.
    await typeAtEnd(mine, 'Title', ' 2026')
    await his.bringToFront()
    await typeAtEnd(his, 'Title', ' (Lee)')
    await mine.bringToFront()
    await chooseMenuItemFirefox(mine, 'savePage')
    await waitForToast(mine, texts.toasts.pageSaved)
    await his.bringToFront()
    const dialog = await his.waitForSelector(byRole('alertdialog', editorTexts.conflict.title))
    expect(await status(his)).toBe(editorTexts.autosave.conflict)
    expect(await dialog!.evaluate((el) => el.textContent)).toMatch(
      new RegExp(`saved by ${maria.username} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after you opened it`),
    )
    const fields = await dialog!.$$eval('[data-conflict-field]', (els) =>
      els.map((el) => ({
        field: el.getAttribute('data-conflict-field'),
        legend: el.querySelector('legend')?.textContent,
        mine: el.querySelector('[data-conflict-value="mine"]')?.textContent,
        theirs: el.querySelector('[data-conflict-value="theirs"]')?.textContent,
      })),
    )
    expect(fields).toEqual([
      { field: m.fields.title, legend: m.fields.title, mine: 'Harvest festival (Lee)', theirs: 'Harvest festival 2026' },
    ])

    // Theirs for the heading, chosen by keyboard (the arrow moves the radio group's choice).
    await dialog!.$eval('[data-conflict-field] input[value="mine"]', (el) => (el as HTMLInputElement).focus())
    await his.keyboard.press('ArrowDown')
    expect(await dialog!.$eval('[data-conflict-field] input[value="theirs"]', (el) => (el as HTMLInputElement).checked)).toBe(true)
    await dialog!.$eval(byRole('button', m.dialog.saveChoices), (el) => (el as HTMLButtonElement).focus())
    await his.keyboard.press('Enter')
    await his.waitForSelector(byRole('alertdialog', editorTexts.conflict.title), { hidden: true })
    await expect.poll(async () => (await stored(slug)).header).toMatchObject({ title: 'Harvest festival 2026', description: 'Grapes' })
    await expect.poll(() => fieldText(his, 'Title')).toBe('Harvest festival 2026')
    await expect.poll(() => status(his)).toMatch(/^Draft saved \d\d:\d\d$/)
    await mine.close()
    await his.close()
  })
})

/** Opens Page Settings → History; answers the panel. */
async function openHistory(p: Page) {
  await chooseMenuItemFirefox(p, 'pageSettings')
  const settings = (await p.waitForSelector(byRole('dialog', editorTexts.panels.pageSettings)))!
  await (await settings.waitForSelector(byRole('tab', editorTexts.pageSettings.tabs.history)))!.click()
  await settings.waitForSelector('[data-page-history] tbody tr')
  return settings
}

/** The history row's button (Compare, Preview, Restore) for version `n`: its name starts '<what> version n '. */
const rowButton = (what: string, n: number) => `[data-page-history] button[aria-label^="${what} version ${n} "]`

describe('Firefox: version history (issue 31 point 4)', () => {
  test('two versions compared block by block with the changed words marked; restore asks, naming the version', async () => {
    const slug = `e2e-ff-compare-${run}`
    const first = await saveDraft({
      slug,
      template: 'generic',
      header: { title: `Compare ${run}` },
      contents: [
        { componentType: 'SectionHeading', _key: 'h', title: 'Old harbour', subtitle: '' },
        { componentType: 'Text', _key: 't', text: 'Cellar doors open at ten every day.' },
        { componentType: 'Quote', _key: 'q', text: 'The best weekend we had all year.', quotee: 'A visitor' },
      ],
    })
    // Version 2: the text changed, the quote gone, a link added. Version 3 (the draft): the heading.
    const second = await saveDraft({
      ...first,
      contents: [
        { componentType: 'SectionHeading', _key: 'h', title: 'Old harbour', subtitle: '' },
        { componentType: 'Text', _key: 't', text: 'Cellar doors open daily at nine.' },
        { componentType: 'Link', _key: 'l', link: { text: 'Plan your visit', href: '/plan' } },
      ],
    })
    await saveDraft({ ...second, contents: [{ ...(second.contents[0] as object), title: 'New harbour' }, ...second.contents.slice(1)] })
    const storedHeading = async () => ((await stored(slug)).contents[0] as { title?: string }).title

    const context = await signedIn(maria)
    const p = await openEditorPage(context, `${baseUrl}/${slug}`, { width: 1440, height: 900 })
    const settings = await openHistory(p)
    await (await settings.$(rowButton(h.compare, 1)))!.click()
    const dialog = (await p.waitForSelector(byRole('dialog', h.compareTitle)))!
    // Version 1 against version 2.
    const chooseVersion = async (side: 'from' | 'to', label: string) => {
      const select = (await dialog.$(`select[id$="-${side}"]`))!
      const value = await select.evaluate(
        (el, wanted) => [...(el as HTMLSelectElement).options].find((o) => o.text.startsWith(wanted))?.value,
        label,
      )
      await select.select(value!)
    }
    await chooseVersion('to', 'Version 2: ')
    const statuses = () => dialog.$$eval('[data-compare-block]', (els) => els.map((el) => el.getAttribute('data-compare-block')))
    await expect.poll(statuses).toEqual(['changed', 'removed', 'added'])
    const blocks = await dialog.$$eval('[data-compare-block]', (els) =>
      els.map((el) => ({
        text: (el as HTMLElement).innerText,
        del: [...el.querySelectorAll('del')].map((d) => d.textContent).join(' '),
        ins: [...el.querySelectorAll('ins')].map((d) => d.textContent).join(' '),
      })),
    )
    expect(blocks[0]!.text).toContain('Text')
    expect(blocks[0]!.text).toContain(h.position(2, 2))
    // Only the words that changed are marked: 'at ten every day.' out, 'daily at nine.' in.
    expect(blocks[0]!.del).toMatch(/ten.*every.*day\./)
    expect(blocks[0]!.del).not.toContain('Cellar')
    expect(blocks[0]!.ins).toMatch(/daily.*nine\./)
    expect(blocks[0]!.ins).not.toContain('Cellar')
    expect(blocks[1]!.text).toContain('Quote')
    expect(blocks[1]!.del).toContain('The best weekend we had all year.')
    expect(blocks[2]!.ins).toContain('Plan your visit')
    expect(await dialog.evaluate((el) => (el as HTMLElement).innerText)).toContain(h.unchangedBlocks(1))
    // Version 2 against the draft on the page: only the heading's word.
    await chooseVersion('from', 'Version 2: ')
    const to = (await dialog.$('select[id$="-to"]'))!
    await to.select('draft')
    await expect.poll(statuses).toEqual(['changed'])
    expect(await dialog.$eval('[data-compare-block] del', (el) => el.textContent)).toContain('Old')
    expect(await dialog.$eval('[data-compare-block] ins', (el) => el.textContent)).toContain('New')
    await p.keyboard.press('Escape')
    await p.waitForSelector(byRole('dialog', h.compareTitle), { hidden: true })

    // Restore from the list: the question names the version; Cancel leaves the draft as it is.
    await (await settings.$(rowButton(h.restore, 2)))!.click()
    let confirm = (await p.waitForSelector(byRole('alertdialog', h.restoreTitle(2))))!
    expect(await confirm.evaluate((el) => (el as HTMLElement).innerText)).toContain(`Version 2 (save by ${maria.username}, `)
    await (await confirm.$(byRole('button', editorTexts.cancel)))!.click()
    await p.waitForSelector(byRole('alertdialog', h.restoreTitle(2)), { hidden: true })
    expect(await storedHeading()).toBe('New harbour')
    await (await settings.$(rowButton(h.restore, 2)))!.click()
    confirm = (await p.waitForSelector(byRole('alertdialog', h.restoreTitle(2))))!
    await (await confirm.$(byRole('button', h.restoreConfirm(2))))!.click()
    await waitForToast(p, h.restored(2))
    await expect.poll(storedHeading).toBe('Old harbour')
    await expect.poll(() => p.$eval('main h2', (el) => el.textContent)).toBe('Old harbour')
    await p.close()
  })
})
