import { describe, expect, it } from 'vitest'
import { createTestApp } from '../tests/helpers/app.ts'

describe('the development mail outbox page', () => {
  it('shows kept messages with their links in development', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } })
    try {
      await t.services.mailer.send({
        to: 'dev@example.com',
        subject: 'Password Reset',
        text: 'Go to http://localhost:3000/?token=abc&email=dev%40example.com now <b>',
      })
      const res = await t.app.request('/dev/outbox')
      expect(res.status).toBe(200)
      const page = await res.text()
      expect(page).toContain('Password Reset')
      expect(page).toContain('<a href="http://localhost:3000/?token=abc&amp;email=dev%40example.com">')
      expect(page).not.toContain('<b>')
    } finally {
      await t.close()
    }
  })

  it('does not exist outside development', async () => {
    const t = await createTestApp()
    try {
      expect((await t.app.request('/dev/outbox')).status).toBe(404)
    } finally {
      await t.close()
    }
  })
})
