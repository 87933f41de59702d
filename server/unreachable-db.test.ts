import { describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { createLogger } from './log.ts'
import { createServices } from './services/index.ts'

describe('a PostgreSQL server that does not answer', () => {
  it('gives 503 on /health and on the API, quickly, never a hang', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused.
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', dataDir: 'unused' })
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' })
    const { app } = createApp({ services: createServices(database, config), config, log: createLogger('silent') })
    try {
      const started = Date.now()
      const health = await app.request('/health')
      expect(health.status).toBe(503)
      const api = await app.request('/api/page/load?slug=')
      expect(api.status).toBe(503)
      expect((await api.json()).error).toMatchObject({ code: 'unavailable' })
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      await database.close()
    }
  })
})
