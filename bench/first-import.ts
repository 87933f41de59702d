/**
 * `npm run bench:import`: the first listing import of the demo's data set (about 2,100 products)
 * into an empty embedded database (PGlite on disk, as `npm start` uses; TEST_DATABASE_URL selects a
 * PostgreSQL server), with the fake provider in its own process so that only the site's work runs
 * on this thread. Prints the import's time by phase and the event loop's holds: what a visitor's
 * request would wait behind the import (issues 18 and 20).
 *
 * A benchmark, not a test: one run, numbers to compare before and after a change.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '#server/config'
import { openDatabase } from '#server/db/client'
import { seedDemo } from '#server/demo/seed'
import { createServices } from '#server/services/index'
import { fetchRequestSchema } from '#lib/listings'
import type { SyncProgress } from '../listings/sync/atdw.ts'

const root = path.resolve(import.meta.dirname, '..')

async function startFakeAtlasProcess(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fake-atdw.ts'], {
    cwd: root,
    env: { ...process.env, FAKE_ATDW_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /Fake ATDW Atlas API: (http:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the fake provider exited (${code})`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

/** Samples the event loop every 2 ms; a late sample is a hold (ms), charged to the current phase. */
function holdSampler() {
  const holds: { phase: string; ms: number }[] = []
  let phase = 'start'
  let last = performance.now()
  const interval = 2
  const timer = setInterval(() => {
    const now = performance.now()
    const late = now - last - interval
    if (late > 1) holds.push({ phase, ms: late })
    last = now
  }, interval)
  return {
    setPhase: (p: string) => (phase = p),
    stop: () => clearInterval(timer),
    holds,
  }
}

const pct = (values: number[], p: number) => {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const fake = await startFakeAtlasProcess()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-import-bench-'))
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost',
    ATDW_API_URL: fake.url,
    ATDW_API_KEY: 'bench',
  })
  const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir })
  await database.migrate()
  const services = createServices(database, config)
  await seedDemo(services)
  const domainId = (await services.listingsSync.targetDomainId(services.domains))!

  const sampler = holdSampler()
  const phaseStarted: Record<string, number> = {}
  const started = performance.now()
  const report = await services.listingsSync.syncAll(domainId, {
    trigger: 'cli',
    onProgress: (p: SyncProgress) => {
      if (!(p.phase in phaseStarted)) {
        phaseStarted[p.phase] = performance.now()
        sampler.setPhase(p.phase)
      }
    },
  })
  const total = performance.now() - started
  // The grid's first answer after the import (its in-memory index is built on first use).
  sampler.setPhase('first grid answer')
  const gridStarted = performance.now()
  await services.listings.fetch(domainId, fetchRequestSchema.parse({ hideTours: false, limit: 12 }))
  const gridMs = performance.now() - gridStarted
  sampler.stop()

  const phases = Object.entries(phaseStarted).sort((a, b) => a[1] - b[1])
  console.log(`database: ${database.kind}${database.kind === 'pglite' ? ' (on disk)' : ''}`)
  console.log(`products in feed: ${report.feed}; listings created ${report.created}, services ${report.services}`)
  console.log(`first import: ${(total / 1000).toFixed(2)} s`)
  for (const [i, [name, at]] of phases.entries()) {
    const end = phases[i + 1]?.[1] ?? started + total
    if (name !== 'done') console.log(`  ${name.padEnd(8)} ${((end - at) / 1000).toFixed(2)} s`)
  }
  console.log(`first grid answer after it: ${gridMs.toFixed(0)} ms`)
  const all = sampler.holds.map((h) => h.ms)
  console.log(
    `event-loop holds: max ${Math.max(0, ...all).toFixed(0)} ms, p99 ${pct(all, 99).toFixed(0)} ms, over 50 ms: ${all.filter((ms) => ms > 50).length}`,
  )
  for (const name of [...phases.map(([n]) => n), 'first grid answer']) {
    const mine = sampler.holds.filter((h) => h.phase === name).map((h) => h.ms)
    if (mine.length)
      console.log(`  ${name.padEnd(18)} max ${Math.max(...mine).toFixed(0)} ms, over 50 ms: ${mine.filter((ms) => ms > 50).length}`)
  }
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`
  globalThis.gc?.()
  const memory = process.memoryUsage()
  console.log(
    `memory after it: rss ${mb(memory.rss)}, V8 heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, external ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)})`,
  )
  await database.close()
} finally {
  fake.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
