import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../tests/helpers/app.ts'
import { createApp } from './app.ts'
import { createLogger } from './log.ts'

describe('GET /health', () => {
  it('answers 200 with a database check while the database answers', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.request('/health')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { memory: { rss: number; heapUsed: number; external: number } }
      expect(body).toMatchObject({ status: 'ok', database: { status: 'ok' } })
      // What the process holds, so an operator sees it grow (issue 16 point 8), in whole MB.
      expect(body.memory.rss).toBeGreaterThan(body.memory.heapUsed)
      expect(Number.isInteger(body.memory.rss) && Number.isInteger(body.memory.external)).toBe(true)
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

describe('GET /health of a real deployment (issue 13)', () => {
  async function appWith(health: Parameters<typeof createApp>[0]['health']) {
    const t = await createTestApp()
    const { app } = createApp({ services: t.services, config: t.config, log: createLogger('silent'), health })
    return { t, app }
  }
  const providers = { atdw: 'off', bookeasy: 'off', mail: 'real', storage: 'real' } as const

  it('answers 503 while the notification channel between instances is reconnecting, and 200 once it is back', async () => {
    let status: 'listening' | 'reconnecting' = 'reconnecting'
    const { t, app } = await appWith({ folders: [], providers, notifications: () => status })
    try {
      const down = await app.request('/health')
      expect(down.status).toBe(503)
      expect(await down.json()).toMatchObject({ status: 'error', notifications: { status: 'reconnecting' }, database: { status: 'ok' } })
      status = 'listening'
      const up = await app.request('/health')
      expect(up.status).toBe(200)
      expect(await up.json()).toMatchObject({ status: 'ok', notifications: { status: 'ok' }, providers })
    } finally {
      await t.close()
    }
  })

  it('answers 503 naming a folder that can no longer be written', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'health-folders-'))
    const media = path.join(root, 'media')
    const cache = path.join(root, 'cache')
    fs.mkdirSync(media)
    fs.mkdirSync(cache)
    const { t, app } = await appWith({
      folders: [
        { name: 'media', path: media },
        { name: 'imageCache', path: cache },
      ],
      providers,
    })
    try {
      expect((await app.request('/health')).status).toBe(200)
      // The folder is gone and a file stands in its place (an unmounted volume, a mistake).
      fs.rmSync(cache, { recursive: true })
      fs.writeFileSync(cache, '')
      const res = await app.request('/health')
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ folders: { media: { status: 'ok' }, imageCache: { status: 'not_writable', path: cache } } })
    } finally {
      await t.close()
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
