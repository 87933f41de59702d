/**
 * Issue 13, on PostgreSQL: a real deployment (DATABASE_URL, no provider settings) runs no fake
 * and says which providers are off; two instances on one database never serve a stale page for
 * long, even when the LISTEN connection that carries publish notifications is cut.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTEN_APPLICATION_NAME } from '#server/db/client'
import { createEditorCli } from '../helpers/cli.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts'
import { projectRoot, startProductionServer, type RunningServer } from '../helpers/server.ts'

let database: TestDatabase
const servers: RunningServer[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database?.close()
})

async function start(env: Record<string, string>, nodeArgs?: string[]) {
  const server = await startProductionServer({ env: { DATABASE_URL: database.url!, ...env }, ...(nodeArgs ? { nodeArgs } : {}) })
  servers.push(server)
  return server
}

/** The project-relative sources compiled into a loaded file (or the file itself when it has no map). */
function bundledSources(url: string): string[] {
  if (!url.startsWith('file://')) return []
  const file = new URL(url).pathname
  if (!fs.existsSync(`${file}.map`)) return [path.relative(projectRoot, file)]
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }
  return map.sources.map((source) => path.relative(projectRoot, path.resolve(path.dirname(file), source)))
}

describe('a real deployment on PostgreSQL', () => {
  it('starts no fake provider, loads nothing under fakes/, and /health names the providers that are off', async () => {
    const importsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'imports-')), 'loaded.txt')
    const server = await start({ RECORD_IMPORTS_FILE: importsFile, LOG_LEVEL: 'info' }, ['--import', './tests/helpers/record-imports.mjs'])
    const health = (await (await fetch(`${server.baseUrl}/health`)).json()) as Record<string, unknown>
    expect(health).toMatchObject({
      status: 'ok',
      database: { kind: 'postgres' },
      providers: { atdw: 'off', bookeasy: 'off', mail: 'off', storage: 'real' },
    })
    expect(server.output()).toContain('providers: ATDW off, BookEasy off, mail off')
    expect(server.output()).not.toContain('fake provider')

    // The server runs compiled: each loaded file's source map names the sources bundled into it.
    const loaded = fs.readFileSync(importsFile, 'utf8').split('\n').flatMap(bundledSources)
    expect(
      loaded.some((source) => source.endsWith('server/main.ts')),
      'the recorder saw the server load',
    ).toBe(true)
    expect(loaded.filter((source) => source.startsWith('fakes/') || source.includes('/fakes/'))).toEqual([])
    // The demo's stand-in addresses are not served.
    expect((await fetch(`${server.baseUrl}/bookeasy-demo/gadgets.js`)).headers.get('content-type') ?? '').not.toContain('javascript')
    expect((await fetch(`${server.baseUrl}/atdw-demo/images/1.jpg`)).status).toBe(404)
    await server.stop()
    servers.splice(servers.indexOf(server), 1)
  })
})

describe('two instances on one PostgreSQL', () => {
  let a: RunningServer
  let b: RunningServer
  let token = ''

  beforeAll(async () => {
    // One instance seeds the demo content (no fakes: DEMO=false); the second joins it.
    a = await start({ SEED_DEMO: 'true', DEMO: 'false' })
    b = await start({ SEED_DEMO: 'false', DEMO: 'false' })
    const created = await createEditorCli(
      { username: 'pg-admin', email: 'pg-admin@example.com', password: 'pg-admin-pass', roles: ['admin'] },
      { DATABASE_URL: database.url! },
    )
    expect(created.code, created.stderr).toBe(0)
    const login = await fetch(`${a.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pg-admin', password: 'pg-admin-pass' }),
    })
    expect(login.status).toBe(200)
    token = ((await login.json()) as { token: string }).token
  })

  async function publishTitle(title: string) {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const page = (await (await fetch(`${a.baseUrl}/api/page/load?slug=about`, { headers })).json()) as {
      _id: string
      header: Record<string, unknown>
    }
    const saved = await fetch(`${a.baseUrl}/api/page/save`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ page: { ...page, header: { ...page.header, title } } }),
    })
    expect(saved.status).toBe(200)
    const published = await fetch(`${a.baseUrl}/api/page/publishPage`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ page: await saved.json() }),
    })
    expect(published.status).toBe(200)
  }

  /** Milliseconds until B serves the title (polls B as a visitor would). */
  async function untilServed(title: string, withinMs: number): Promise<number> {
    const started = Date.now()
    for (;;) {
      const html = await (await fetch(`${b.baseUrl}/about`)).text()
      if (html.includes(title)) return Date.now() - started
      if (Date.now() - started > withinMs) throw new Error(`instance B still served the old page after ${withinMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  it('a publish on one instance reaches the other, which had the page cached', async () => {
    await fetch(`${b.baseUrl}/about`)
    expect((await fetch(`${b.baseUrl}/about`)).headers.get('x-cache')).toBe('HIT')
    await publishTitle('About the Barossa, first edit')
    expect(await untilServed('About the Barossa, first edit', 5000)).toBeLessThan(5000)
  })

  it('after the LISTEN connections are cut, the other instance reconnects and serves the new page within seconds', async () => {
    await fetch(`${b.baseUrl}/about`)
    expect((await fetch(`${b.baseUrl}/about`)).headers.get('x-cache')).toBe('HIT')
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ terminated: boolean }>(
        'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = current_database() and application_name = $1',
        [LISTEN_APPLICATION_NAME],
      )
      // Both instances' listeners were cut.
      expect(rows.filter((r) => r.terminated)).toHaveLength(2)
    } finally {
      await admin.end()
    }
    await publishTitle('About the Barossa, after the cut')
    const ms = await untilServed('About the Barossa, after the cut', 10_000)
    expect(ms).toBeLessThan(10_000)
    console.log(`instance B served the page published on A ${ms} ms after its LISTEN connection was cut`)
    // And the channel is reported healthy again.
    await expect.poll(async () => (await fetch(`${b.baseUrl}/health`)).status, { timeout: 10_000 }).toBe(200)
  })
})
