/**
 * Issue 17 point 7 in Chromium: an editor creates a draft link from Page Settings → Share draft;
 * the link, opened in a fresh signed-out browser, shows the current draft (not the published
 * copy) read-only, with no-store and noindex (header and robots meta), and is never served from
 * the page cache; a tampered link answers 404 with a page that says so. The Share draft tab is
 * axe-clean; screenshots of it and of the preview go to SHOTS_DIR (default /tmp/shots-d).
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, inject, test } from 'vitest'
import { draftLinkTexts } from '#lib/draft-link'
import { axe, formatViolations, screenshot } from '../helpers/browser.ts'
import { chooseMenuItem, editorMenu, openEditorSession, saveDraftPage } from '../helpers/editor-session.ts'
import { laneBaseUrl } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const shotsDir = process.env.SHOTS_DIR || '/tmp/shots-d'
const session = openEditorSession({ timeoutMs: 30_000 })
const stamp = Date.now().toString(36)
const slug = `draft-link-e2e-${stamp}`

test('a draft link opened signed out shows the draft, read-only, no-store and noindex; a tampered one is refused', async () => {
  fs.mkdirSync(shotsDir, { recursive: true })
  // A published page, then a newer draft of it.
  const saved = await saveDraftPage(session.editor, { slug, template: 'generic', header: { title: `Published ${stamp}` } })
  const published = await session.editor.request.post(`${baseUrl}/api/page/publishPage`, { data: { page: saved } })
  expect(published.status(), await published.text()).toBe(200)
  const live = await published.json()
  await saveDraftPage(session.editor, { ...live, header: { title: `Draft ${stamp}` } })

  // The editor creates the link in Page Settings.
  const page = await session.editor.newPage()
  await page.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
  await editorMenu(page).waitFor()
  await chooseMenuItem(page, editorTexts.menu.pageSettings)
  const panel = page.getByRole('dialog', { name: editorTexts.panels.pageSettings })
  await panel.getByRole('tab', { name: draftLinkTexts.tab }).click()
  await panel.getByRole('button', { name: draftLinkTexts.create }).click()
  const field = panel.getByLabel(draftLinkTexts.linkLabel)
  await field.waitFor()
  const link = await field.inputValue()
  expect(link).toMatch(new RegExp(`^${baseUrl}/${slug}\\?draft=`))
  await panel.getByText(/Works until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor()
  await screenshot(page, { path: path.join(shotsDir, 'draft-link-panel.png') })
  const violations = await axe(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await page.close()

  // A fresh, signed-out browser opens it: the draft, marked as a preview, without the editor.
  const stranger = await session.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const p = await stranger.newPage()
    for (let visit = 0; visit < 2; visit++) {
      const response = await p.goto(link, { waitUntil: 'load' })
      expect(response!.status()).toBe(200)
      const headers = response!.headers()
      expect(headers['cache-control']).toMatch(/^(private, )?no-store$/)
      expect(headers['x-robots-tag']).toContain('noindex')
      // Never answered from the page cache, however often it is opened.
      expect(headers['x-cache']).toBeUndefined()
      await p.getByRole('heading', { level: 1, name: `Draft ${stamp}` }).waitFor()
      expect(await p.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
      await p.locator('[data-draft-preview]').getByText(draftLinkTexts.banner).waitFor()
      expect(await p.getByRole('navigation', { name: editorTexts.menu.label }).count()).toBe(0)
      if (visit === 0) await screenshot(p, { path: path.join(shotsDir, 'draft-link-preview.png') })
    }

    // Without the token, the same address is the published page.
    await p.goto(`${baseUrl}/${slug}`, { waitUntil: 'load' })
    await p.getByRole('heading', { level: 1, name: `Published ${stamp}` }).waitFor()

    // One character of the signature changed: 404 with a page that says what happened.
    const tampered = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A')
    const refused = await p.goto(tampered, { waitUntil: 'load' })
    expect(refused!.status()).toBe(404)
    expect(refused!.headers()['cache-control']).toMatch(/^(private, )?no-store$/)
    expect(refused!.headers()['x-robots-tag']).toContain('noindex')
    await p.getByRole('heading', { level: 1, name: draftLinkTexts.invalidTitle }).waitFor()
    expect(await p.content()).not.toContain(`Draft ${stamp}`)
  } finally {
    await stranger.close()
  }
})

test('a draft link revoked from the panel that made it stops working, with a page that says it was withdrawn (issue 29 point 10)', async () => {
  const revokeSlug = `draft-link-revoke-${stamp}`
  await saveDraftPage(session.editor, { slug: revokeSlug, template: 'generic', header: { title: `Revocable ${stamp}` } })
  const page = await session.editor.newPage()
  const stranger = await session.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    await page.goto(`${baseUrl}/${revokeSlug}`, { waitUntil: 'load' })
    await editorMenu(page).waitFor()
    await chooseMenuItem(page, editorTexts.menu.pageSettings)
    const panel = page.getByRole('dialog', { name: editorTexts.panels.pageSettings })
    await panel.getByRole('tab', { name: draftLinkTexts.tab }).click()
    await panel.getByText(draftLinkTexts.none).waitFor()
    await panel.getByRole('button', { name: draftLinkTexts.create }).click()
    const field = panel.getByLabel(draftLinkTexts.linkLabel)
    await field.waitFor()
    const link = await field.inputValue()
    // The link is listed as in use, with who made it.
    const inUse = panel.getByRole('region', { name: draftLinkTexts.inUse })
    await inUse
      .getByRole('listitem')
      .filter({ hasText: `Made by ${inject('editor').username}` })
      .waitFor()

    // Anonymously: it works.
    const p = await stranger.newPage()
    const shown = await p.goto(link, { waitUntil: 'load' })
    expect(shown!.status()).toBe(200)
    await p.getByRole('heading', { level: 1, name: `Revocable ${stamp}` }).waitFor()

    // Revoked in the panel, by keyboard.
    const revoke = inUse.getByRole('button', { name: /^Revoke the link made / })
    await revoke.focus()
    await page.keyboard.press('Enter')
    await page.locator('[data-sonner-toast]').filter({ hasText: draftLinkTexts.revoked }).first().waitFor()
    await panel.getByText(draftLinkTexts.none).waitFor()
    expect(await field.count()).toBe(0)
    const violations = await axe(page)
    expect(violations, formatViolations(violations)).toEqual([])

    // Opened again: refused with a page that says it was withdrawn, and nothing of the draft.
    const refused = await p.goto(link, { waitUntil: 'load' })
    expect(refused!.status()).toBe(410)
    expect(refused!.headers()['cache-control']).toMatch(/^(private, )?no-store$/)
    await p.getByRole('heading', { level: 1, name: draftLinkTexts.revokedTitle }).waitFor()
    await p.getByText(draftLinkTexts.revokedMessage).waitFor()
    expect(await p.content()).not.toContain(`Revocable ${stamp}`)
  } finally {
    await page.close()
    await stranger.close()
  }
})
