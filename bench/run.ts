/**
 * `npm run bench`: how fast the visitor home page is served, against what a bare Node http server
 * does with the same bytes.
 *
 *   (a) cached   the production server, anonymous GET of the home page (in-process page cache)
 *   (b) baseline a plain node:http server (child process) sending the exact same bytes and headers
 *   (c) uncached the production server started again with PAGE_CACHE_MAX_ENTRIES=0: every request
 *                is a full server-side render (its mean latency is the SSR render time)
 *
 * Builds nothing: run `npm run build` first. Starts its servers on free ports of 127.0.0.1 with a
 * temporary data dir, load-tests only 127.0.0.1 with autocannon (10 connections, BENCH_DURATION
 * seconds each, default 10), prints a table and writes bench/results/latest.json.
 *   (d) listing/fetch over 20,000 listings on the embedded database (bench/listing-fetch.ts):
 *                p50/p95/p99 of POST /api/listing/fetch for typical filter mixes
 *
 * `npm run bench -- listings` runs (d) alone (no build needed); `npm run bench -- home` (a)-(c).
 * It is a benchmark, not a test: not part of `npm test`.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'
import { listingTable, runListingFetchBench, type ListingBenchResult } from './listing-fetch.ts'
import {
  assertProductionBuild,
  MissingBuildError,
  projectRoot,
  startProductionServer,
  type RunningServer,
} from '../tests/helpers/server.ts'

const CONNECTIONS = 10
const DURATION_S = Math.min(Math.max(Number(process.env.BENCH_DURATION ?? 10) || 10, 1), 60)
/** Browsers and CDNs always ask for gzip; the cached page is stored gzipped. */
const REQUEST_HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html' }

interface Measurement {
  name: string
  url: string
  connections: number
  requestsPerSec: number
  latencyMeanMs: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  throughputMBps: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
}

interface SavedResponse {
  status: number
  headers: [string, string][]
  bodyBase64: string
}

function get(
  url: string,
  headers: Record<string, string> = REQUEST_HEADERS,
): Promise<{ status: number; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url} timed out`)))
  })
}

async function warm(url: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await get(url)
    if (res.status !== 200) throw new Error(`warm-up GET ${url} answered ${res.status}`)
  }
}

async function measure(name: string, url: string, connections = CONNECTIONS, duration = DURATION_S): Promise<Measurement> {
  const u = new URL(url)
  if (u.hostname !== '127.0.0.1') throw new Error(`refusing to load-test ${url}: only 127.0.0.1 is a target`)
  process.stdout.write(`  ${name}: ${connections} connections for ${duration} s ... `)
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: REQUEST_HEADERS,
    timeout: 10,
  })
  const m: Measurement = {
    name,
    url,
    connections,
    requestsPerSec: result.requests.average,
    latencyMeanMs: result.latency.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    throughputMBps: result.throughput.average / 1024 / 1024,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
  console.log(`${m.requestsPerSec.toFixed(0)} req/s`)
  if (m.non2xx > 0 || m.errors > 0) console.log(`    warning: ${m.non2xx} non-2xx answers, ${m.errors} errors, ${m.timeouts} timeouts`)
  return m
}

async function startBaseline(saved: SavedResponse, dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const file = path.join(dir, 'baseline-response.json')
  fs.writeFileSync(file, JSON.stringify(saved))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench/baseline-server.ts'), file], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    lines.once('line', (line) => resolve(Number(line)))
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code}) before listening`)))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    },
  }
}

function table(rows: Measurement[]) {
  const header = ['case', 'conns', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'max ms', 'MB/s', 'requests', 'non-2xx']
  const data = rows.map((r) => [
    r.name,
    String(r.connections),
    r.requestsPerSec.toFixed(0),
    r.latencyMeanMs.toFixed(2),
    r.latencyP50Ms.toFixed(0),
    r.latencyP99Ms.toFixed(0),
    r.latencyMaxMs.toFixed(0),
    r.throughputMBps.toFixed(1),
    String(r.requests),
    String(r.non2xx),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...data.map((d) => d[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const d of data) console.log(line(d))
}

const only = process.argv[2]

async function listingsOnly() {
  console.log(`bench: node ${process.version}, ${os.cpus().length} cores; listing/fetch on PGlite`)
  const listings = await runListingFetchBench()
  console.log('')
  listingTable(listings)
  console.log(`\n${listings.listings} listings: p95 over all mixes ${listings.overallP95Ms.toFixed(2)} ms (target < 20 ms)`)
  writeResults({ listings })
}

function writeResults(extra: { listings?: ListingBenchResult }, home?: Record<string, unknown>) {
  const out = path.join(projectRoot, 'bench/results/latest.json')
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.writeFileSync(
    out,
    JSON.stringify(
      { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, ...home, ...extra },
      null,
      2,
    ) + '\n',
  )
  console.log(`written: ${path.relative(process.cwd(), out)}`)
}

async function main() {
  if (only === 'listings') return listingsOnly()
  try {
    assertProductionBuild()
  } catch (err) {
    if (err instanceof MissingBuildError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-bench-'))
  const dataDir = path.join(workDir, 'data')
  fs.mkdirSync(dataDir)
  let server: RunningServer | undefined
  const results: Measurement[] = []
  try {
    console.log(`bench: node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per case`)

    // (a) cached home page
    server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'warn' } })
    const homeUrl = `${server.baseUrl}/`
    await warm(homeUrl, 20)
    const sample = await get(homeUrl)
    const cacheHeader = headerValue(sample.rawHeaders, 'x-cache')
    if (cacheHeader !== 'HIT') console.log(`  note: the warmed home page answered x-cache: ${cacheHeader ?? '(none)'}, expected HIT`)
    results.push(await measure('cached home page', homeUrl))

    // (b) baseline: the same bytes and headers from a plain node:http server
    const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
    const headers: [string, string][] = []
    for (let i = 0; i < sample.rawHeaders.length; i += 2) {
      const name = sample.rawHeaders[i]!
      if (!skip.has(name.toLowerCase())) headers.push([name, sample.rawHeaders[i + 1]!])
    }
    const baseline = await startBaseline({ status: sample.status, headers, bodyBase64: sample.body.toString('base64') }, workDir)
    try {
      const check = await get(baseline.url)
      if (!check.body.equals(sample.body)) throw new Error('the baseline server does not send the same bytes')
      results.push(await measure('baseline node:http, same bytes', baseline.url))
    } finally {
      await baseline.stop()
    }
    await server.stop({ keepDataDir: true })
    server = undefined

    // (c) uncached: every request is a server-side render
    server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'warn', PAGE_CACHE_MAX_ENTRIES: '0' } })
    const uncachedUrl = `${server.baseUrl}/`
    await warm(uncachedUrl, 20)
    const uncachedSample = await get(uncachedUrl)
    if (headerValue(uncachedSample.rawHeaders, 'x-cache') === 'HIT') throw new Error('PAGE_CACHE_MAX_ENTRIES=0 still served from the cache')
    results.push(await measure('uncached SSR render', uncachedUrl))
    // One connection: no queueing, so the latency is the time of one render.
    results.push(await measure('uncached SSR, 1 connection', uncachedUrl, 1, Math.min(5, DURATION_S)))
    await server.stop({ keepDataDir: true })
    server = undefined

    const [cached, base, uncached, single] = results as [Measurement, Measurement, Measurement, Measurement]
    const ratios = {
      cachedVsBaseline: cached.requestsPerSec / base.requestsPerSec,
      uncachedVsCached: uncached.requestsPerSec / cached.requestsPerSec,
      ssrRenderMeanMs: single.latencyMeanMs,
      ssrMeanLatencyAt10ConnectionsMs: uncached.latencyMeanMs,
    }
    console.log('')
    table(results)
    console.log('')
    console.log(
      `cached / baseline requests/s: ${ratios.cachedVsBaseline.toFixed(2)} (${(ratios.cachedVsBaseline * 100).toFixed(0)}% of a bare node:http server)`,
    )
    console.log(`uncached / cached requests/s: ${ratios.uncachedVsCached.toFixed(3)}`)
    console.log(
      `server-side render time (mean latency, 1 connection): ${single.latencyMeanMs.toFixed(2)} ms; at ${CONNECTIONS} connections ${uncached.latencyMeanMs.toFixed(2)} ms mean, ${uncached.requestsPerSec.toFixed(0)} renders/s`,
    )
    console.log(`home page: ${sample.body.length} bytes gzip, ${uncachedSample.body.length} bytes as rendered`)

    let listings: ListingBenchResult | undefined
    if (only !== 'home') {
      console.log('')
      console.log('listing/fetch over generated listings on PGlite:')
      listings = await runListingFetchBench()
      console.log('')
      listingTable(listings)
      console.log(`\n${listings.listings} listings: p95 over all mixes ${listings.overallP95Ms.toFixed(2)} ms (target < 20 ms)`)
    }
    writeResults(
      { ...(listings ? { listings } : {}) },
      { connections: CONNECTIONS, durationSeconds: DURATION_S, requestHeaders: REQUEST_HEADERS, results, ratios },
    )
  } finally {
    if (server) await server.stop({ keepDataDir: true })
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

function headerValue(rawHeaders: string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1]
  return undefined
}

await main()
