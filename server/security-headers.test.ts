import { describe, expect, it } from 'vitest'
import { createTestApp } from '../tests/helpers/app.ts'

describe('security headers', () => {
  it('are sent on API answers: no sniffing, same-origin framing only, a sane referrer policy', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.request('/api/config/loadDomain')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      // Images may be embedded by other sites (social cards).
      expect(res.headers.get('cross-origin-resource-policy')).toBeNull()
    } finally {
      await t.close()
    }
  }, 60_000)
})

describe('HSTS and the cache headers of API answers (issue 29 point 8)', () => {
  it('sends HSTS only when BASE_URL is https', async () => {
    const plain = await createTestApp()
    const secure = await createTestApp({ env: { BASE_URL: 'https://www.barossa.example' } })
    try {
      expect((await plain.app.request('/api/config/loadDomain')).headers.get('strict-transport-security')).toBeNull()
      expect((await secure.app.request('/api/config/loadDomain')).headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    } finally {
      await plain.close()
      await secure.close()
    }
  }, 60_000)

  it('marks every API answer private, no-store and varying by the session: sign-in tokens, drafts, refusals', async () => {
    const t = await createTestApp()
    try {
      await t.services.users.create({
        username: 'cache-admin',
        email: 'cache-admin@example.com',
        password: 'cache-admin-pass',
        roles: ['admin'],
      })
      const login = await t.app.request('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'cache-admin', password: 'cache-admin-pass' }),
      })
      const { token } = (await login.json()) as { token: string }
      const answers = [
        login,
        await t.app.request('/api/page/load?slug=about', { headers: { authorization: `Bearer ${token}` } }),
        await t.app.request('/api/team/activity', { headers: { authorization: `Bearer ${token}` } }),
        await t.app.request('/api/team/activity'),
      ]
      for (const res of answers) {
        expect(res.headers.get('cache-control')).toBe('private, no-store')
        expect(res.headers.get('vary')).toMatch(/Cookie, Authorization/)
      }
    } finally {
      await t.close()
    }
  }, 60_000)
})
