/**
 * The usual set-up of an editing e2e file against the shared server: one Chromium, a context signed
 * in as the shared editor and a visitor context (no cookies), plus the editor-menu steps most
 * editing tests take (choose a menu item, save then publish the page, save a draft through the API,
 * put a picture in the media library).
 */
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import type { PageDoc } from '#lib/content'
import { texts } from '#lib/texts'
import { lendBrowser } from './browser.ts'
import { waitForSavedMail } from './smtp.ts'
import { laneBaseUrl, laneMailDir } from './lane.ts'
import { editorTexts } from '#lib/editor-texts'

export interface EditorSession {
  browser: Browser
  /** Signed in as the shared e2e editor. */
  editor: BrowserContext
  visitor: BrowserContext
}

export function openEditorSession(options: { viewport?: { width: number; height: number }; timeoutMs?: number } = {}): EditorSession {
  const viewport = options.viewport ?? { width: 1280, height: 900 }
  const session = {} as EditorSession
  beforeAll(async () => {
    const { username, password } = inject('editor')
    session.browser = await lendBrowser()
    session.editor = await session.browser.newContext({ viewport })
    session.editor.setDefaultTimeout(options.timeoutMs ?? 20_000)
    // The demo sets an analytics id, so the consent banner would sit over the foot of every page;
    // the shared editor answered it long ago.
    await session.editor.addCookies([{ name: 'consent', value: 'declined', domain: new URL(laneBaseUrl()).hostname, path: '/' }])
    const login = await session.editor.request.post(`${laneBaseUrl()}/api/user/login`, { data: { username, password } })
    expect(login.status()).toBe(200)
    session.visitor = await session.browser.newContext({ viewport })
  })
  afterAll(async () => {
    await session.editor?.close()
    await session.visitor?.close()
    await session.browser?.close()
  })
  return session
}

export const editorMenu = (p: Page) => p.getByRole('navigation', { name: editorTexts.menu.label })

export const chooseMenuItem = (p: Page, item: string) => editorMenu(p).getByRole('button', { name: item, exact: true }).click()

/** Save Page, then Publish Page, each confirmed in its panel and awaited by its toast. */
export async function saveAndPublish(p: Page) {
  await chooseMenuItem(p, editorTexts.menu.savePage)
  const savePanel = p.getByRole('dialog', { name: editorTexts.panels.savePage })
  await savePanel.getByRole('button', { name: editorTexts.pagePanel.savePage, exact: true }).click()
  await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pageSaved }).first().waitFor()
  await chooseMenuItem(p, editorTexts.menu.publishPage)
  const publishPanel = p.getByRole('dialog', { name: editorTexts.panels.publishPage })
  await publishPanel.getByRole('button', { name: editorTexts.pagePanel.publishPage, exact: true }).click()
  await p.locator('[data-sonner-toast]').filter({ hasText: texts.toasts.pagePublished }).first().waitFor()
}

/** Saves a page draft through the API as the editor; fails the test unless it is stored. */
export async function saveDraftPage(editor: BrowserContext, page: Record<string, unknown>): Promise<PageDoc> {
  const response = await editor.request.post(`${laneBaseUrl()}/api/page/save`, { data: { page, collection: 'pages' } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as PageDoc
}

/** Publishes a page through the API as the editor; fails the test unless it is published. */
export async function publishPage(editor: BrowserContext, page: Record<string, unknown>): Promise<PageDoc> {
  const response = await editor.request.post(`${laneBaseUrl()}/api/page/publishPage`, { data: { page, collection: 'pages' } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as PageDoc
}

/**
 * Saves a draft page with `contents` through the API, opens it in a new tab of the editor's
 * context and turns on block selection (Select in the editor menu); answers the tab.
 */
export async function openPageForEditing(
  editor: BrowserContext,
  page: { slug: string; title: string; contents: Record<string, unknown>[] },
): Promise<Page> {
  await saveDraftPage(editor, { slug: page.slug, template: 'generic', header: { title: page.title }, contents: page.contents })
  const p = await editor.newPage()
  await p.goto(`${laneBaseUrl()}/${page.slug}`, { waitUntil: 'load' })
  await editorMenu(p).waitFor()
  await chooseMenuItem(p, editorTexts.menu.select)
  await p.locator('[data-editor-frame]').first().waitFor()
  return p
}

/** A plain-colour PNG. */
export function picture(colour: string, width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

/** Puts a picture in the media library, as the Gallery tab would; answers its id. */
export async function uploadPicture(editor: BrowserContext, name: string, buffer: Buffer): Promise<string> {
  const response = await editor.request.post(`${laneBaseUrl()}/img/upload`, {
    multipart: { file: { name, mimeType: 'image/png', buffer } },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { _id: string })._id
}

export interface Colleague {
  username: string
  email: string
  password: string
  /** Signed in as the colleague (own cookies), same viewport as the session's. */
  context: BrowserContext
}

/**
 * A second editor for two-editor flows: invited by the shared editor (an admin) with `role`, their
 * password chosen through the invitation's e-mailed link, signed in in a context of their own.
 * The caller closes `context`.
 */
export async function signInColleague(
  session: EditorSession,
  name: string,
  options: { role?: 'admin' | 'publisher' | 'editor'; viewport?: { width: number; height: number } } = {},
): Promise<Colleague> {
  const baseUrl = laneBaseUrl()
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const person = { username: `${name}-${suffix}`, email: `${name}-${suffix}@example.com`, password: `harvest-2026-${name}` }
  const sentAfter = Date.now()
  const invited = await session.editor.request.post(`${baseUrl}/api/team/invite`, {
    data: { username: person.username, email: person.email, role: options.role ?? 'publisher' },
  })
  expect(invited.status(), await invited.text()).toBe(200)
  const mail = await waitForSavedMail(laneMailDir(), person.email, sentAfter)
  const token = /\?token=([\w-]+)/.exec(mail.text)![1]!
  const set = await session.editor.request.post(`${baseUrl}/api/user/setPassword`, {
    data: { email: person.email, password: person.password, token },
  })
  expect(set.status()).toBe(200)
  const context = await session.browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } })
  context.setDefaultTimeout(20_000)
  await context.addCookies([{ name: 'consent', value: 'declined', domain: new URL(baseUrl).hostname, path: '/' }])
  const login = await context.request.post(`${baseUrl}/api/user/login`, { data: { username: person.username, password: person.password } })
  expect(login.status()).toBe(200)
  return { ...person, context }
}
