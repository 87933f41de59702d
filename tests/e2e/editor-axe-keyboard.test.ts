/**
 * Issue 31: axe-core finds nothing on each editor state (the menu, a selected block with its
 * sidebar, the block picker, Site Settings, the navigation and footer editors, Page Settings'
 * history, Publish Page), and a keyboard-only path leads from a block's text to saving and
 * publishing in a few keys: Alt+M brings the focus to Save Page, Tab goes on to Publish Page.
 */
import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { listingTexts, texts } from '#lib/texts'
import { axe, formatViolations } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const m = editorTexts.menu
const panels = editorTexts.panels
const b = editorTexts.blocks
const run = Date.now().toString(36)

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 20_000 })

async function expectAxeClean(p: Page, state: string) {
  const violations = await axe(p)
  expect(violations, `${state}: ${formatViolations(violations)}`).toEqual([])
}

async function openEditing(slug: string): Promise<Page> {
  await saveDraftPage(session.editor, {
    slug,
    template: 'generic',
    header: { title: `Keyboard ${run}` },
    contents: [
      { componentType: 'SectionHeading', title: 'Cellar doors', subtitle: 'Open on weekends' },
      { componentType: 'Text', text: 'Long lunches between the vines.' },
    ],
  })
  const p = await session.editor.newPage()
  await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  return p
}

const focusedName = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return el?.getAttribute('aria-label') ?? el?.innerText.trim() ?? ''
  })

/** Tab until the focus is on `name`; answers how many Tabs it took (fails after `max`). */
async function tabTo(p: Page, name: string, max: number): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await p.keyboard.press('Tab')
    if ((await focusedName(p)) === name) return i
  }
  throw new Error(`${name} not reached in ${max} Tabs (at ${await focusedName(p)})`)
}

describe('editor states pass axe, and the keyboard reaches Save and Publish (issue 31)', () => {
  test("the editor's own controls sit in landmarks, so a screen reader's landmark list reaches them (axe 'region')", async () => {
    const p = await openEditing(`e2e-landmarks-${run}`)
    await p.locator('[data-editor-history]').waitFor()
    await chooseMenuItem(p, m.select)
    const outside = (await axe(p, { rules: ['region'] })).flatMap((v) => v.nodes.map((n) => n.html))
    // The visitor's skip link stays first in the page, before any landmark, as skip links do.
    expect(outside.filter((html) => !html.includes('skip-link'))).toEqual([])
    await p.close()
  })

  test('axe on the menu, a selected block, the picker and each panel', async () => {
    const p = await openEditing(`e2e-axe-states-${run}`)
    await expectAxeClean(p, 'menu expanded')

    await chooseMenuItem(p, m.select)
    const heading = p.locator('main [data-editor-frame][data-block="SectionHeading"]')
    // Tab reaches a block's frame; Enter selects it.
    await heading.focus()
    await p.keyboard.press('Enter')
    await expect.poll(() => heading.getAttribute('data-selected')).toBe('true')
    await expectAxeClean(p, 'block selected, sidebar')

    await p.getByRole('button', { name: b.addComponentTo('page') }).click()
    const picker = p.getByRole('dialog', { name: b.addComponent })
    await picker.waitFor()
    await expectAxeClean(p, 'block picker')
    await p.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })

    for (const [item, title] of [
      [m.siteSettings, panels.siteSettings],
      [m.saveNav, panels.saveNav],
      [m.saveFooter, panels.saveFooter],
      [m.pageSettings, panels.pageSettings],
      [m.publishPage, panels.publishPage],
    ] as const) {
      await chooseMenuItem(p, item)
      const dialog = p.getByRole('dialog', { name: title })
      await dialog.waitFor()
      if (item === m.pageSettings) {
        // Its history tab: the page's versions.
        await dialog.getByRole('tab', { name: editorTexts.pageSettings.tabs.history }).click()
      }
      await expectAxeClean(p, title)
      await p.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
    }
    await p.close()
  })

  test('axe on every tab of Site Settings and the Dashboard, and on Config Settings', async () => {
    const p = await openEditing(`e2e-axe-tabs-${run}`)
    const visitTabs = async (dialog: Locator, where: string, expected: readonly string[] | number) => {
      const names = await dialog.getByRole('tab').allInnerTexts()
      if (typeof expected === 'number') expect(names.length, where).toBeGreaterThanOrEqual(expected)
      else expect(names, where).toEqual(expected)
      for (const name of names) {
        const tab = dialog.getByRole('tab', { name, exact: true })
        await tab.click()
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true')
        await expectAxeClean(p, `${where}, ${name}`)
      }
    }

    await chooseMenuItem(p, m.siteSettings)
    const site = p.getByRole('dialog', { name: panels.siteSettings })
    await site.waitFor()
    await visitTabs(site, panels.siteSettings, [
      editorTexts.siteSettings.tabs.general,
      listingTexts.atdw.tab,
      texts.chapters.panelTitle,
      texts.concierge.panelTitle,
    ])
    await p.keyboard.press('Escape')
    await site.waitFor({ state: 'detached' })

    await chooseMenuItem(p, m.configSettings)
    const config = p.getByRole('dialog', { name: panels.configSettings })
    await config.waitFor()
    await expectAxeClean(p, panels.configSettings)
    await p.keyboard.press('Escape')
    await config.waitFor({ state: 'detached' })

    // The shared editor is an admin: overview, results, latest, editors, activity, account.
    await chooseMenuItem(p, m.dashboard)
    const dashboard = p.getByRole('dialog').filter({ has: p.getByRole('tab') })
    await dashboard.waitFor()
    await visitTabs(dashboard, 'Dashboard', 6)
    await p.keyboard.press('Escape')
    await dashboard.waitFor({ state: 'detached' })
    await p.close()
  })

  test("keyboard only: Alt+P goes to the page's heading from anywhere (Select Component on), named on Select Component", async () => {
    const slug = `e2e-keyboard-to-page-${run}`
    const p = await openEditing(slug)
    const select = p.locator('[data-menu-item="select"]')
    expect(await select.getAttribute('aria-pressed')).toBe('false')
    const inPageField = () =>
      p.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el?.closest('#main')) return null
        const field = el.isContentEditable || el.hasAttribute('data-editable') || el.hasAttribute('data-editable-focus')
        return field ? (el.innerText || el.getAttribute('aria-label') || '').trim() : null
      })

    // From the top of the document: one key, not ~40 Tabs through the site header.
    await p.keyboard.press('Alt+p')
    await expect.poll(inPageField).toBe(`Keyboard ${run}`)
    expect(await select.getAttribute('aria-pressed')).toBe('true')
    await p.keyboard.press('End')
    await p.keyboard.type(' tours')
    await expect.poll(inPageField).toBe(`Keyboard ${run} tours`)

    // Alt+M to the menu, Alt+P back to the page.
    await p.keyboard.press('Alt+m')
    expect(await focusedName(p)).toBe(m.savePage)
    await p.keyboard.press('Alt+p')
    await expect.poll(inPageField).toBe(`Keyboard ${run} tours`)

    // Select Component names the key for assistive technology.
    expect(await select.getAttribute('aria-keyshortcuts')).toBe('Alt+P')
    await expectAxeClean(p, 'after Alt+P')
    await p.close()
  })

  test("keyboard only: from a block's text, Alt+M, Enter saves; Tab to Publish Page, Enter, Tab to Publish, Enter publishes", async () => {
    const slug = `e2e-keyboard-path-${run}`
    const p = await openEditing(slug)
    await chooseMenuItem(p, m.select)
    const title = p.getByRole('group', { name: b.component('Section Heading') }).getByRole('textbox', { name: 'Title', exact: true })
    await title.click()
    await p.keyboard.press('End')
    await p.keyboard.type(' and wine')

    // Alt+M: the focus is on Save Page; Enter saves the draft.
    await p.keyboard.press('Alt+m')
    expect(await focusedName(p)).toBe(m.savePage)
    await p.keyboard.press('Enter')
    await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pageSaved }).first().waitFor()
    const savePanel = p.getByRole('dialog', { name: panels.savePage })
    await savePanel.waitFor()
    await p.keyboard.press('Escape')
    await savePanel.waitFor({ state: 'detached' })

    // From the menu, a few Tabs to Publish Page, Enter; in its panel, Tab to Publish, Enter.
    if ((await focusedName(p)) !== m.savePage) {
      await p.keyboard.press('Alt+m')
      expect(await focusedName(p)).toBe(m.savePage)
    }
    expect(await tabTo(p, m.publishPage, 4)).toBeLessThanOrEqual(4)
    await p.keyboard.press('Enter')
    const publishPanel = p.getByRole('dialog', { name: panels.publishPage })
    await publishPanel.waitFor()
    expect(await tabTo(p, editorTexts.pagePanel.publishPage, 12)).toBeLessThanOrEqual(12)
    await p.keyboard.press('Enter')
    await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pagePublished }).first().waitFor()

    // A visitor sees the change.
    const visitor = await session.visitor.newPage()
    await visitor.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await expect.poll(() => visitor.getByRole('heading', { name: 'Cellar doors and wine' }).count()).toBe(1)
    await visitor.close()
    await p.close()
  })
})
