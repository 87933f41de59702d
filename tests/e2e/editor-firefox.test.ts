/**
 * Issue 31 point 6, in real Firefox (firefox-esr over WebDriver BiDi, tests/helpers/firefox.ts):
 * History comparing two versions block by block with the changed words marked, its restore asking
 * first and naming the version (point 4; Chromium: tests/e2e/version-history.test.ts). One Firefox
 * for the file, no Chromium.
 */
import type { BrowserContext, Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { PageDoc } from '#lib/content'
import { editorTexts } from '#lib/editor-texts'
import {
  byRole,
  chooseMenuItemFirefox,
  editorApi,
  openEditorPage,
  openFirefox,
  signedInFirefoxContext,
  waitForToast,
  type EditorApi,
} from '../helpers/firefox.ts'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const maria = inject('editor')
const run = Date.now().toString(36)
const h = editorTexts.pageSettings.history
const firefox = openFirefox()
const contexts: BrowserContext[] = []
let api: EditorApi

beforeAll(async () => {
  api = await editorApi(baseUrl, maria)
})
afterAll(async () => {
  for (const context of contexts) await context.close()
})

async function signedIn(account: { username: string; password: string }) {
  const context = await signedInFirefoxContext(firefox.browser, baseUrl, account)
  contexts.push(context)
  return context
}

const saveDraft = (page: Record<string, unknown>) => api.post<PageDoc>('/api/page/save', { page, collection: 'pages' })
const stored = (slug: string) => api.get<PageDoc>(`/api/page/load?slug=${encodeURIComponent(slug)}`)
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
  }, 120_000)
})
