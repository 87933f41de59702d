import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { loadConfig } from '#server/config'
import { openDatabase } from '#server/db/client'
import { createLogger } from '#server/log'
import { createServices } from '#server/services/index'
import { buildDir } from '../helpers/server.ts'

/**
 * The real page renderer (the production build) in front of a PostgreSQL server that does not
 * answer: visitors get the error page with 503 quickly, never a hang or a blank 500.
 */
describe('pages while the database is unreachable', () => {
  it('answer the 503 error page within a few seconds', async () => {
    const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', dataDir: 'unused' })
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/unused', BASE_URL: 'http://localhost' })
    const { app } = createApp({ services: createServices(database, config), config, log: createLogger('silent'), build })
    try {
      const started = Date.now()
      const res = await app.request('/things-to-do', { headers: { host: 'localhost' } })
      expect(Date.now() - started).toBeLessThan(6000)
      expect(res.status).toBe(503)
      const html = await res.text()
      expect(html).toContain('503 Error')
      expect(html).toContain('An Unknown Error Occurred')
      expect(html).toContain('Back To Homepage')
      expect((await app.request('/health')).status).toBe(503)
    } finally {
      await database.close()
    }
  })
})
