/**
 * Issue 13: the embedded database folder has one owner. With the production server running, the
 * README's command-line tools (editor:create, seed, sync:listings) run while an editor saves pages
 * in a burst; then the server is killed (-9) and started again on the same folder. Every
 * acknowledged save and every CLI write must be there, and the database must open. A second server
 * on the same folder must refuse to start, naming the folder and the holder.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createEditorCli, runCli } from '../helpers/cli.ts'
import fs from 'node:fs'
import { claimFolder } from '#server/db/folder-owner'
import {
  childEnv,
  freePort,
  preparedDemoCopy,
  projectRoot,
  serverAddressEnv,
  startProductionServer,
  type RunningServer,
} from '../helpers/server.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(180_000) })

let server: RunningServer
const cliEnv = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: '', FAKE_ATDW_COUNT: '40' })

async function signIn(baseUrl: string, username: string, password: string) {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return { status: res.status, token: res.ok ? ((await res.json()) as { token: string }).token : '' }
}

function api(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  return {
    post: (p: string, body: unknown) => fetch(`${baseUrl}/api${p}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    get: (p: string) => fetch(`${baseUrl}/api${p}`, { headers }),
  }
}

beforeAll(async () => {
  server = await startProductionServer({ env: { FAKE_ATDW_COUNT: '40' } })
}, patient(120_000))
afterAll(async () => {
  await server?.stop()
})

/** A second server from the sources (server/main.ts) on `dataDir`, its output piped. */
async function startSourceServer(dataDir: string, logLevel: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: childEnv({ ...serverAddressEnv(port, dataDir), DATABASE_URL: '', LOG_LEVEL: logLevel }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return { port, child }
}

describe('one owner of the embedded database', () => {
  it('a second server on the same folder refuses to start, naming the folder and the holder', async () => {
    const { child } = await startSourceServer(server.dataDir, 'warn')
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(output).toContain(
      `The embedded database folder ${path.join(server.dataDir, 'db')} is in use by the site's server (port ${server.port})`,
    )
    expect(output).toContain(`process ${server.pid}`)
    // The first server is untouched.
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200)
  })

  it('a server started while a command-line tool holds the folder waits for the tool, then serves', async () => {
    const dataDir = await preparedDemoCopy()
    // The README's first editor typed while the first start was still preparing the demo.
    const tool = claimFolder(path.join(dataDir, 'db'), { kind: 'cli', description: 'npm run editor:create' })
    const { port, child } = await startSourceServer(dataDir, 'info')
    try {
      let output = ''
      const waiting = new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          if (output.includes('waiting for npm run editor:create')) resolve()
        }),
      )
      const exited = new Promise<string>((resolve) => child.once('exit', (code) => resolve(`exited ${code}`)))
      expect(await Promise.race([waiting.then(() => 'waiting'), exited])).toBe('waiting')
      tool.release()
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/health`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(200)
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
      tool.release()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('keeps every acknowledged save and every CLI write through a burst, a kill -9 and a restart', async () => {
    const admin = await createEditorCli(
      { username: 'burst-admin', email: 'burst-admin@example.com', password: 'burst-admin-pass', roles: ['admin'] },
      cliEnv(),
    )
    expect(admin.stdout).toContain("Created editor 'burst-admin'")
    expect(admin.code).toBe(0)
    // Created through the running server: it signs in at once.
    const session = await signIn(server.baseUrl, 'burst-admin', 'burst-admin-pass')
    expect(session.status).toBe(200)
    const editor = api(server.baseUrl, session.token)

    // The burst: new pages three at a time, and one page saved again and again on its version.
    const acknowledged = new Map<string, string>()
    let tried = 0
    let stop = false
    const savePages = async (worker: number) => {
      for (let i = 0; !stop || i < 5; i++) {
        const slug = `burst-${worker}-${i}`
        tried++
        const res = await editor.post('/page/save', { page: { slug, template: 'generic', header: { title: `Burst ${worker}.${i}` } } })
        if (res.status === 200) acknowledged.set(slug, `Burst ${worker}.${i}`)
      }
    }
    let chained = (await (
      await editor.post('/page/save', { page: { slug: 'burst-chain', template: 'generic', header: { title: 'Chain 0' } } })
    ).json()) as {
      _id: string
      version: number
      header: { title: string }
    }
    const saveChain = async () => {
      for (let i = 1; !stop || i < 5; i++) {
        tried++
        const res = await editor.post('/page/save', { page: { ...chained, header: { title: `Chain ${i}` } } })
        if (res.status === 200) chained = (await res.json()) as typeof chained
      }
    }
    const burst = Promise.all([savePages(1), savePages(2), savePages(3), saveChain()])

    const [second, seed, sync] = await Promise.all([
      runCli('create-editor', ['--username', 'second-editor', '--email', 'second@example.com', '--password', 'second-pass-1'], cliEnv()),
      runCli('seed', [], cliEnv()),
      runCli('sync-listings', ['--force'], cliEnv()),
    ])
    stop = true
    await burst
    expect(second.code, second.stderr).toBe(0)
    expect(seed.code, seed.stderr).toBe(0)
    expect(seed.stdout).toContain('through the running server')
    expect(sync.code, sync.stderr).toBe(0)
    expect(sync.stdout).toContain('Listing sync from')
    expect((await signIn(server.baseUrl, 'second-editor', 'second-pass-1')).status).toBe(200)

    // A crash: no clean shutdown. Then the same folder again.
    const dataDir = server.dataDir
    await server.stop({ signal: 'SIGKILL', keepDataDir: true })
    server = await startProductionServer({ dataDir, env: { FAKE_ATDW_COUNT: '40' } })

    const after = api(server.baseUrl, (await signIn(server.baseUrl, 'burst-admin', 'burst-admin-pass')).token)
    const listed = (await (await after.get('/page/list')).json()) as { slug: string; title: string }[]
    const titles = new Map(listed.map((p) => [p.slug, p.title]))
    const missing = [...acknowledged].filter(([slug, title]) => titles.get(slug) !== title)
    expect(acknowledged.size).toBeGreaterThan(10)
    expect(missing).toEqual([])
    const chain = (await (await after.get('/page/load?slug=burst-chain')).json()) as { version: number; header: { title: string } }
    expect(chain).toMatchObject({ version: chained.version, header: { title: chained.header.title } })
    expect((await signIn(server.baseUrl, 'second-editor', 'second-pass-1')).status).toBe(200)
    const grid = (await (
      await fetch(`${server.baseUrl}/api/listing/fetch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domainId: 'barossa' }),
      })
    ).json()) as { totalListings: number }
    expect(grid.totalListings).toBeGreaterThanOrEqual(40)
    console.log(
      `one-owner burst: ${tried} saves tried, ${acknowledged.size + chained.version} acknowledged, all present after kill -9 and restart; 3 CLI runs meanwhile`,
    )
  })
})
