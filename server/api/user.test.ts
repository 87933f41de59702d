import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { startSmtpServer } from '../../tests/helpers/smtp.ts'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, BASE_URL: 'https://barossa.example', RATE_LIMIT_ACCOUNT: '5', RATE_LIMIT_IP: '1000' },
  })
  await t.services.users.create({ username: 'maria', email: 'maria@example.com', password: 'vintage2024' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

describe('sign-in', () => {
  it('answers the token and sets an HttpOnly, SameSite=Lax authToken cookie for 3 days', async () => {
    const res = await post('/api/user/login', { username: 'maria', password: 'vintage2024' })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ statusCode: 200, token: expect.any(String), user: { username: 'maria', email: 'maria@example.com' } })
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toContain(`authToken=${body.token}`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Secure/) // BASE_URL is https
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime()
    expect(expires - Date.now()).toBeGreaterThan(2.9 * 86400_000)
    expect(expires - Date.now()).toBeLessThan(3.1 * 86400_000)
  })

  it('accepts the e-mail address in place of the username', async () => {
    const res = await post('/api/user/login', { username: 'MARIA@example.com', password: 'vintage2024' })
    expect(res.status).toBe(200)
  })

  it('refuses a wrong password with a message the overlay can show', async () => {
    const res = await post('/api/user/login', { username: 'maria', password: 'wrong-one' })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: { code: 'unauthorised', message: 'Invalid username or password' } })
  })

  it('refuses too-short input with field details', async () => {
    const res = await post('/api/user/login', { username: 'ab', password: 'cd' })
    expect(res.status).toBe(400)
    const paths = (await res.json()).error.details.map((d: { path: string }) => d.path)
    expect(paths).toEqual(expect.arrayContaining(['username', 'password']))
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.request('/api/user/login', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: '{"username":',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('invalid_input')
  })
})

describe('sessions', () => {
  it('are read from the cookie or a Bearer token, and logout revokes them on the server', async () => {
    const login = await post('/api/user/login', { username: 'maria', password: 'vintage2024' })
    const { token } = await login.json()
    expect((await post('/api/user/me', undefined, { cookie: `authToken=${token}` })).status).toBe(200)
    const me = await post('/api/user/me', undefined, { authorization: `Bearer ${token}` })
    expect((await me.json()).user.username).toBe('maria')

    const out = await post('/api/user/logout', undefined, { cookie: `authToken=${token}` })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/authToken=;/)
    // The same token no longer works, even if a client kept a copy.
    expect((await post('/api/user/me', undefined, { authorization: `Bearer ${token}` })).status).toBe(401)
  })

  it('reads the cookie as cookies are written: quoted, among others, the first of two', async () => {
    const { token } = await (await post('/api/user/login', { username: 'maria', password: 'vintage2024' })).json()
    const me = async (cookie: string) => (await post('/api/user/me', undefined, { cookie })).status
    // RFC 6265 lets a value be wrapped in double quotes; the quotes are not part of it.
    expect(await me(`authToken="${token}"`)).toBe(200)
    expect(await me(`consent=accepted; authToken=${token}; theme=dark`)).toBe(200)
    expect(await me(`xauthToken=${token}`)).toBe(401)
    expect(await me(`authToken=; consent=accepted`)).toBe(401)
  })

  it('answers 401 to /me without a session', async () => {
    expect((await post('/api/user/me')).status).toBe(401)
  })

  it('are refused for cookie writes coming from another site', async () => {
    const { token } = await (await post('/api/user/login', { username: 'maria', password: 'vintage2024' })).json()
    const res = await post('/api/user/logout', undefined, { cookie: `authToken=${token}`, origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    const fetchSite = await post('/api/user/logout', undefined, { cookie: `authToken=${token}`, 'sec-fetch-site': 'cross-site' })
    expect(fetchSite.status).toBe(403)
    // Still signed in: the forged logout did nothing.
    expect((await post('/api/user/me', undefined, { cookie: `authToken=${token}` })).status).toBe(200)
    // The site's own origin is fine.
    expect((await post('/api/user/me', undefined, { cookie: `authToken=${token}`, origin: 'http://localhost' })).status).toBe(200)
  })
})

describe('changing a password', () => {
  it('needs the current password, and ends the other sessions but not this one', async () => {
    await t.services.users.create({ username: 'changer', email: 'changer@example.com', password: 'changer-old-1' })
    const { token: laptop } = await (await post('/api/user/login', { username: 'changer', password: 'changer-old-1' })).json()
    const { token: phone } = await (await post('/api/user/login', { username: 'changer', password: 'changer-old-1' })).json()
    const wrong = await post(
      '/api/user/changePassword',
      { currentPassword: 'nope', newPassword: 'changer-new-2' },
      { authorization: `Bearer ${laptop}` },
    )
    expect(wrong.status).toBe(400)
    const ok = await post(
      '/api/user/changePassword',
      { currentPassword: 'changer-old-1', newPassword: 'changer-new-2' },
      { authorization: `Bearer ${laptop}` },
    )
    expect(ok.status).toBe(200)
    expect((await post('/api/user/me', undefined, { authorization: `Bearer ${laptop}` })).status).toBe(200)
    expect((await post('/api/user/me', undefined, { authorization: `Bearer ${phone}` })).status).toBe(401)
    expect((await post('/api/user/login', { username: 'changer', password: 'changer-new-2' })).status).toBe(200)
  })
})

describe('password recovery', () => {
  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    await t.services.users.create({ username: 'ollie', email: 'ollie@example.com', password: 'first-password' })
    const { token: oldSession } = await (await post('/api/user/login', { username: 'ollie', password: 'first-password' })).json()

    const res = await post('/api/user/forgotPassword', { email: 'ollie@example.com' })
    expect(res.status).toBe(200)
    const mail = await smtp.waitFor('ollie@example.com')
    expect(mail.raw).toMatch(/Subject: Password Reset/)
    const link = /https:\/\/barossa\.example\/\?token=([\w-]+)&(?:amp;)?email=([^\s"<&]+)/.exec(mail.text)
    expect(link).not.toBeNull()
    const token = link![1]!
    expect(decodeURIComponent(link![2]!)).toBe('ollie@example.com')

    const set = await post('/api/user/setPassword', { email: 'ollie@example.com', password: 'second-password', token })
    expect(set.status).toBe(200)
    expect((await set.json()).message).toBe('Password successfully reset, you can now login.')

    expect((await post('/api/user/login', { username: 'ollie', password: 'second-password' })).status).toBe(200)
    expect((await post('/api/user/login', { username: 'ollie', password: 'first-password' })).status).toBe(401)
    expect((await post('/api/user/me', undefined, { authorization: `Bearer ${oldSession}` })).status).toBe(401)

    const again = await post('/api/user/setPassword', { email: 'ollie@example.com', password: 'third-password', token })
    expect(again.status).toBe(400)
    expect((await again.json()).error.message).toBe('This password reset link is invalid or has expired. Please request a new one.')
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await (await post('/api/user/forgotPassword', { email: 'maria@example.com' })).json()
    const unknown = await post('/api/user/forgotPassword', { email: 'nobody@example.com' })
    expect(unknown.status).toBe(200)
    expect(await unknown.json()).toEqual(known)
    await smtp.waitFor('maria@example.com')
    await expect(smtp.waitFor('nobody@example.com', 500)).rejects.toThrow()
  })

  it('validates the address with the spec texts', async () => {
    const empty = await post('/api/user/forgotPassword', { email: '' })
    expect((await empty.json()).error.details[0].message).toBe('Please provide your email address')
    const bad = await post('/api/user/forgotPassword', { email: 'not-an-address' })
    expect((await bad.json()).error.details[0].message).toBe('Please provide a valid email address')
  })

  it('refuses a link for another address', async () => {
    await post('/api/user/forgotPassword', { email: 'maria@example.com' })
    const mail = await smtp.waitFor('maria@example.com')
    const token = /\?token=([\w-]+)/.exec(mail.text)![1]!
    const res = await post('/api/user/setPassword', { email: 'ollie@example.com', password: 'hijacked-password', token })
    expect(res.status).toBe(400)
  })

  it('keeps the message in the outbox when the mail server is down', async () => {
    const down = await createTestAppWithSmtp('smtp://127.0.0.1:1')
    try {
      await down.services.users.create({ username: 'pat', email: 'pat@example.com', password: 'pat-password' })
      const res = await down.app.request('/api/user/forgotPassword', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'pat@example.com' }),
      })
      expect(res.status).toBe(200)
      // The answer does not wait for the mail server; the message is stored and tried in the background.
      await down.services.mailer.idle()
      const [stored] = await down.services.mailer.recent(1)
      expect(stored).toMatchObject({ to: 'pat@example.com', subject: 'Password Reset', status: 'pending', attempts: 1 })
    } finally {
      await down.close()
    }
  })
})

describe('brute force', () => {
  it('throttles an account after repeated wrong passwords, even with the right one', async () => {
    await t.services.users.create({ username: 'target', email: 'target@example.com', password: 'right-password' })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await post('/api/user/login', { username: 'target', password: `guess-${i}` })).status)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429])
    const blocked = await post('/api/user/login', { username: 'target', password: 'right-password' })
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)
  })

  it('throttles a single address trying many accounts', async () => {
    const strict = await createTestAppWithSmtp(undefined, { RATE_LIMIT_IP: '3' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await strict.app.request('/api/user/login', {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/json' },
          body: JSON.stringify({ username: `user${i}`, password: 'whatever' }),
        })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429])
    } finally {
      await strict.close()
    }
  })
})

describe('creating editors', () => {
  it('lets an admin invite an editor, who gets the link to choose a password', async () => {
    await t.services.users.create({ username: 'boss', email: 'boss@example.com', password: 'boss-password', roles: ['admin'] })
    const { token } = await (await post('/api/user/login', { username: 'boss', password: 'boss-password' })).json()
    const res = await post('/api/user/create', { username: 'newbie', email: 'newbie@example.com' }, { authorization: `Bearer ${token}` })
    expect(res.status).toBe(200)
    const mail = await smtp.waitFor('newbie@example.com')
    const link = /\?token=([\w-]+)/.exec(mail.text)![1]!
    expect((await post('/api/user/setPassword', { email: 'newbie@example.com', password: 'my-own-password', token: link })).status).toBe(
      200,
    )
    expect((await post('/api/user/login', { username: 'newbie', password: 'my-own-password' })).status).toBe(200)
  })

  it('refuses an editor without the admin role with 403', async () => {
    const { token } = await (await post('/api/user/login', { username: 'maria', password: 'vintage2024' })).json()
    const res = await post('/api/user/create', { username: 'sneaky', email: 'sneaky@example.com' }, { authorization: `Bearer ${token}` })
    expect(res.status).toBe(403)
  })
})

async function createTestAppWithSmtp(smtpUrl: string | undefined, env: Record<string, string> = {}) {
  return createTestApp({ env: { ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}), ...env } })
}
