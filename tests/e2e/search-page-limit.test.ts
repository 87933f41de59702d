import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { createLogger } from '#server/log'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { buildDir } from '../helpers/server.ts'

/**
 * Issue 14: the /search page (server-rendered) counts visitors' searches against the same
 * per-address limit as the search API, so the page is no way around it.
 */
let t: TestApp
let app: ReturnType<typeof createApp>['app']
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_SEARCH: '2', NODE_ENV: 'production' } })
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild
  ;({ app } = createApp({ services: t.services, config: t.config, log: createLogger('silent'), build }))
})
afterAll(() => t?.close())

describe('the /search page', () => {
  it('answers 429 with Retry-After past the per-address limit; another search is counted, a repeated cached one is not', async () => {
    const search = (q: string) => app.request(`/search?q=${encodeURIComponent(q)}`, { headers: { host: 'localhost' } })
    expect((await search('wine')).status).toBe(200)
    expect((await search('wine')).headers.get('x-cache')).toBe('HIT')
    expect((await search('balloon')).status).toBe(200)
    const limited = await search('cellar door')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.text()).toContain('Too many searches from this address')
  })
})
