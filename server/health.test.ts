import { describe, expect, it } from 'vitest'
import { createTestApp } from '../tests/helpers/app.ts'

describe('GET /health', () => {
  it('answers 200 with a database check while the database answers', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.request('/health')
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } })
    } finally {
      await t.close()
    }
  })

  it('answers 503 quickly, without hanging, when the database is gone', async () => {
    const t = await createTestApp()
    await t.services.database.close()
    const started = Date.now()
    const res = await t.app.request('/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'error', database: { status: 'unavailable' } })
    expect(Date.now() - started).toBeLessThan(3000)
    // The API answers 503 in the error shape too, instead of a 500.
    const api = await t.app.request('/api/page/load?slug=')
    expect(api.status).toBe(503)
    expect((await api.json()).error.code).toBe('unavailable')
  })
})
