import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../tests/helpers/app.ts'
import { createApp } from './app.ts'
import { createLogger } from './log.ts'
import { freePort } from '../tests/helpers/server.ts'

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
  const providers = { atdw: 'off', bookeasy: 'off', mail: 'real', storage: 'real', cdn: 'off', routing: 'off', translation: 'off' } as const

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

describe('GET /health and the outside services (issue 29 point 2)', () => {
  const providers = { atdw: 'off', bookeasy: 'off', mail: 'real', storage: 'real', cdn: 'off', routing: 'off', translation: 'off' } as const

  it('answers 503 when a folder it writes to has less free space than HEALTH_MIN_FREE_MB', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'health-space-'))
    const t = await createTestApp()
    try {
      const free = fs.statfsSync(folder)
      const freeBytes = free.bavail * free.bsize
      const check = (minFreeBytes: number) =>
        createApp({
          services: t.services,
          config: t.config,
          log: createLogger('silent'),
          health: { folders: [{ name: 'media', path: folder }], providers, minFreeBytes },
        }).app.request('/health')
      const enough = await check(1024 * 1024)
      expect(enough.status).toBe(200)
      const low = await check(freeBytes + 1024 * 1024 * 1024)
      expect(low.status).toBe(503)
      expect(await low.json()).toMatchObject({ status: 'error', folders: { media: { status: 'low_space', path: folder } } })
    } finally {
      await t.close()
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })

  it('answers 503 when the S3 bucket does not answer', { timeout: 60_000 }, async () => {
    const closed = await freePort()
    const t = await createTestApp({
      env: {
        S3_BUCKET: 'media',
        S3_ENDPOINT: `http://127.0.0.1:${closed}`,
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      },
    })
    try {
      const res = await t.app.request('/health')
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ status: 'error', storage: { status: 'unavailable', kind: 's3' } })
    } finally {
      await t.close()
    }
  })

  it(
    'answers "degraded" (200) when Redis or the mail server does not answer, and sign-in is still limited',
    { timeout: 60_000 },
    async () => {
      const closed = await freePort()
      const covered = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${closed}`, SMTP_URL: `smtp://127.0.0.1:${closed}` } })
      try {
        const res = await covered.app.request('/health')
        expect(res.status).toBe(200)
        expect(await res.json()).toMatchObject({
          status: 'degraded',
          rateLimits: { status: 'degraded', kind: 'redis', fallback: 'database' },
          mail: { status: 'degraded', fallback: 'outbox' },
        })
        // The limits count in the database meanwhile: a sign-in attempt is judged, not refused with 503.
        const login = await covered.app.request('/api/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
        })
        expect(login.status).toBe(401)
      } finally {
        await covered.services.rateLimits.store.close()
        await covered.close()
      }
    },
  )
})
