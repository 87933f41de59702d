/**
 * Issue 31: an editor whose account an admin deactivates while they are editing. Their next
 * autosave is refused with a clear message (a dialog saying the account was deactivated, not a
 * generic error) showing what they typed and had not saved, to copy; that text also stays in this
 * browser's kept copy of the page; closing the dialog turns the page to the signed-out view.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { teamTexts } from '#lib/team'
import { axe, formatViolations } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage, signInColleague } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const d = teamTexts.deactivated
const run = Date.now().toString(36)

const session = openEditorSession({ viewport: { width: 1440, height: 900 }, timeoutMs: 20_000 })

const heading = (p: Page) =>
  p.getByRole('group', { name: editorTexts.blocks.component('Section Heading') }).getByRole('textbox', { name: 'Title', exact: true })

describe('a deactivated editor (issue 31)', () => {
  test('is told on their next autosave that the account was deactivated, sees their unsaved text to copy, and it stays in this browser', async () => {
    const slug = `e2e-deactivated-${run}`
    const page = await saveDraftPage(session.editor, {
      slug,
      template: 'generic',
      header: { title: `Deactivated ${run}` },
      contents: [{ componentType: 'SectionHeading', title: 'Cellar doors', subtitle: '' }],
    })
    const lee = await signInColleague(session, 'lee', { role: 'editor', viewport: { width: 1440, height: 900 } })
    try {
      const p = await lee.context.newPage()
      await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
      await editorMenu(p).waitFor()
      await chooseMenuItem(p, editorTexts.menu.select)
      await heading(p).waitFor()

      // Lee types; the admin deactivates Lee before the autosave (3 s after the last key).
      await heading(p).click()
      await p.keyboard.press('End')
      await p.keyboard.type(' open late on Fridays')
      const list = await session.editor.request.get(`${baseUrl}/api/team/list`)
      const editors = ((await list.json()) as { editors: { _id: string; username: string }[] }).editors
      const id = editors.find((e) => e.username === lee.username)!._id
      const deactivated = await session.editor.request.post(`${baseUrl}/api/team/deactivate`, { data: { id } })
      expect(deactivated.status(), await deactivated.text()).toBe(200)

      // The next call (the autosave, or the presence heartbeat) is refused, and Lee is told why.
      const dialog = p.getByRole('alertdialog', { name: d.title })
      await dialog.waitFor({ timeout: 20_000 })
      expect(await dialog.innerText()).toContain(d.description)
      // What was typed, to copy: the heading as Lee left it.
      expect(await dialog.getByLabel(d.textLabel).inputValue()).toBe('Cellar doors open late on Fridays')
      await expect.poll(() => p.locator('[data-autosave-status]').textContent(), { timeout: 15_000 }).toBe(editorTexts.autosave.signedOut)
      // No generic error toast beside it.
      expect(await p.locator('[data-sonner-toast]').filter({ hasText: 'refused' }).count()).toBe(0)
      expect(await p.locator('[data-sonner-toast]').filter({ hasText: teamTexts.signedOut }).count()).toBe(0)
      const violations = await axe(p)
      expect(violations, formatViolations(violations)).toEqual([])
      // The typing is kept in this browser too.
      const kept = await p.evaluate((key) => localStorage.getItem(key), `editor-unsaved:pages:${page._id}`)
      expect(kept).toContain('Cellar doors open late on Fridays')

      // The server refuses Lee's calls with that reason, in the API's error shape.
      const refused = await lee.context.request.post(`${baseUrl}/api/page/save`, { data: { page, collection: 'pages' } })
      expect(refused.status()).toBe(401)
      expect(await refused.json()).toEqual({ error: { code: 'unauthorised', message: d.message, details: { reason: 'deactivated' } } })

      // Closing the dialog: the page is the signed-out view (the menu offers signing in), the kept copy stays.
      await dialog.getByRole('button', { name: d.close }).click()
      await expect.poll(() => editorMenu(p).getByRole('button', { name: editorTexts.menu.login }).count(), { timeout: 15_000 }).toBe(1)
      expect(await p.evaluate((key) => localStorage.getItem(key), `editor-unsaved:pages:${page._id}`)).toContain('open late on Fridays')
      // Lee cannot sign in again.
      const again = await lee.context.request.post(`${baseUrl}/api/user/login`, {
        data: { username: lee.username, password: lee.password },
      })
      expect(again.status()).toBe(401)
    } finally {
      await lee.context.close()
    }
  })
})
