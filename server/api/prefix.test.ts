import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../tests/helpers/app.ts'

describe('API_PREFIX', () => {
  it('mounts the API and its OpenAPI document under the configured prefix', async () => {
    const t = await createTestApp({ env: { API_PREFIX: 'v1' } })
    try {
      await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
      expect((await t.app.request('/v1/config/loadDomain')).status).toBe(200)
      const doc = await (await t.app.request('/v1/openapi.json')).json()
      expect(doc.servers[0].url).toBe('/v1')
      const unknown = await t.app.request('/v1/nothing')
      expect(unknown.status).toBe(404)
      expect((await unknown.json()).error.code).toBe('not_found')
      expect((await t.app.request('/api/config/loadDomain')).status).toBe(404)
    } finally {
      await t.close()
    }
  })
})
