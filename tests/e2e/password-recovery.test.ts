/**
 * Password recovery and sign-in throttling as an editor meets them in Chromium: the e-mail really
 * arrives over SMTP, its link opens the recovery dialog, the new password works and the old one
 * and the used link do not; repeated wrong passwords are throttled.
 */
import { expect, inject, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { texts } from '#lib/texts'
import { openBrowserSession } from '../helpers/browser.ts'
import { waitForSavedMail } from '../helpers/smtp.ts'
import { laneBaseUrl, laneMailDir } from '../helpers/lane.ts'
import { editorTexts } from '#lib/editor-texts'

const baseUrl = laneBaseUrl()
const mailDir = laneMailDir()
const accounts = inject('accounts')
const e = editorTexts

const session = openBrowserSession()

async function dialogNamed(name: string): Promise<Locator> {
  const dialog = session.page.getByRole('dialog', { name })
  await dialog.waitFor()
  return dialog
}

/** Opens the login overlay on /login and submits a username and password. */
async function tryLogin(username: string, password: string): Promise<Locator> {
  const dialog = await dialogNamed(e.login.title)
  await dialog.getByLabel(e.login.username).fill(username)
  await dialog.getByLabel(e.login.password, { exact: true }).fill(password)
  await dialog.getByRole('button', { name: e.login.submit }).click()
  return dialog
}

/** The /login page (blank layout) opens the login overlay by itself. */
async function openLogin() {
  await session.page.goto(`${baseUrl}/login`, { waitUntil: 'load' })
  await dialogNamed(e.login.title)
}

test('forgot password: the e-mail arrives, its link sets a new password once, the old password stops working', async () => {
  const { username, email, password: oldPassword } = accounts.recovery
  const newPassword = 'second-password-2'
  const sentAfter = Date.now()

  await openLogin()
  let dialog = await dialogNamed(e.login.title)
  await dialog.getByRole('button', { name: e.login.forgotPassword }).click()
  dialog = await dialogNamed(e.forgotPassword.title)
  await dialog.getByLabel(e.forgotPassword.email).fill(email)
  await dialog.getByRole('button', { name: e.forgotPassword.submit }).click()
  await dialogNamed(e.forgotPassword.sentTitle)

  const mail = await waitForSavedMail(mailDir, email, sentAfter)
  expect(mail.raw).toMatch(/^Subject: Password Reset/m)
  const link = /https?:\/\/[^\s"<>]+\/\?token=[\w-]+&(?:amp;)?email=[^\s"<>&]+/.exec(mail.text)?.[0]?.replace('&amp;', '&')
  expect(link, 'reset link in the e-mail').toBeTruthy()

  // The link opens the recovery dialog with the address filled in.
  await session.page.goto(link!, { waitUntil: 'load' })
  dialog = await dialogNamed(e.recovery.title)
  expect(await dialog.getByLabel(e.recovery.email, { exact: true }).inputValue()).toBe(email)
  await dialog.getByLabel(e.recovery.password, { exact: true }).fill(newPassword)
  await dialog.getByLabel(e.recovery.passwordConfirm).fill(newPassword)
  await dialog.getByRole('button', { name: e.recovery.submit }).click()
  await session.page.getByText(texts.toasts.passwordReset).waitFor()

  // The old password is refused, the new one signs in (and /login then leads to the home page).
  await openLogin()
  dialog = await tryLogin(username, oldPassword)
  expect(await dialog.getByRole('alert').innerText()).toContain('Invalid username or password')
  await Promise.all([session.page.waitForURL((url) => url.pathname === '/'), tryLogin(username, newPassword)])
  await session.page.getByRole('navigation', { name: e.menu.label }).getByRole('button', { name: e.menu.logout }).waitFor()

  // The used link does not work a second time (in a signed-out browser).
  const fresh = await session.browser.newContext()
  try {
    const again = await fresh.newPage()
    await again.goto(link!, { waitUntil: 'load' })
    const recovery = again.getByRole('dialog', { name: e.recovery.title })
    await recovery.waitFor()
    await recovery.getByLabel(e.recovery.password, { exact: true }).fill('third-password-3')
    await recovery.getByLabel(e.recovery.passwordConfirm).fill('third-password-3')
    await recovery.getByRole('button', { name: e.recovery.submit }).click()
    const alert = recovery.getByRole('alert')
    await alert.waitFor()
    expect(await alert.innerText()).toContain('This password reset link is invalid or has expired. Please request a new one.')
  } finally {
    await fresh.close()
  }
})

test('ten wrong passwords in a row are throttled, and then even the right one waits', async () => {
  const { username, password } = accounts.throttled
  await openLogin()
  const statuses: number[] = []
  let dialog!: Locator
  for (let i = 0; i < 10; i++) {
    const [response] = await Promise.all([
      session.page.waitForResponse((r) => r.url().endsWith('/api/user/login')),
      tryLogin(username, `wrong-guess-${i}`).then((d) => (dialog = d)),
    ])
    statuses.push(response.status())
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
  await expect
    .poll(async () => (await dialog.getByRole('alert').innerText()).trim())
    .toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)
  const [right] = await Promise.all([
    session.page.waitForResponse((r) => r.url().endsWith('/api/user/login')),
    tryLogin(username, password),
  ])
  expect(right.status()).toBe(429)
})
