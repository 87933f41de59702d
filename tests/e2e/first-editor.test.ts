/**
 * Issue 13: on a fresh installation nobody can sign in, so /login leads to creating the first
 * editor, guarded by the one-time setup code the server prints in its log. A wrong code is refused;
 * the right one creates an admin and signs them in; then the page is gone.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axe, lendBrowser } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'
import { patient } from '../helpers/patience.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  // The demo's usual catalogue: its prepared copy is shared with the other files' servers.
  server = await startProductionServer()
  browser = await lendBrowser()
}, patient(120_000))
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the first editor, created in the browser', () => {
  it('needs the setup code from the log, signs the new admin in, and is gone afterwards', async () => {
    const code = /setup code ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(server.output())?.[1]
    expect(code, 'the server prints a setup code at start').toBeTruthy()

    const page = await browser.newPage()
    await page.goto(`${server.baseUrl}/login`)
    expect(new URL(page.url()).pathname).toBe('/login/setup')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create the first editor')
    expect(await axe(page)).toEqual([])

    // A wrong code: refused, nothing created, what was typed is kept.
    await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC')
    await page.getByLabel('Username').fill('first-admin')
    await page.getByLabel('E-mail address').fill('first-admin@example.com')
    await page.getByLabel('Password').fill('first-admin-password')
    await page.getByRole('button', { name: 'Create the first editor' }).click()
    await page.getByText('That setup code is not right').waitFor()
    expect(await page.getByLabel('Username').inputValue()).toBe('first-admin')
    expect(await axe(page)).toEqual([])
    const refused = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'first-admin', password: 'first-admin-password' }),
    })
    expect(refused.status).toBe(401)

    // The right code: the editor exists, is an admin and is signed in on the home page.
    await page.getByLabel('Setup code').fill(code!.toLowerCase())
    await page.getByLabel('Password').fill('first-admin-password')
    await page.getByRole('button', { name: 'Create the first editor' }).click()
    await page.waitForURL(`${server.baseUrl}/`)
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/user/me', { method: 'POST' })
      return (await res.json()) as { user: { username: string; roles: string[] } }
    })
    expect(me.user).toMatchObject({ username: 'first-admin', roles: ['admin'] })

    // Gone: the setup page answers 404 (for the new admin, and for anyone else), the code is spent.
    expect((await page.goto(`${server.baseUrl}/login/setup`))?.status()).toBe(404)
    const stranger = await browser.newPage()
    expect((await stranger.goto(`${server.baseUrl}/login/setup`))?.status()).toBe(404)
    await stranger.goto(`${server.baseUrl}/login`)
    expect(new URL(stranger.url()).pathname).toBe('/login')
    const replay = await fetch(`${server.baseUrl}/login/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: code!,
        username: 'intruder',
        email: 'intruder@example.com',
        password: 'intruder-password',
      }).toString(),
    })
    expect(replay.status).toBe(404)
    await stranger.close()
    await page.close()
  })
})
