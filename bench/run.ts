/**
 * `npm run bench`: how fast visitor pages are served, against what a bare Node http server does
 * with the same bytes.
 *
 *   (a) cached   the production server, anonymous GET of the home page, a listing grid (/whats-on)
 *                and a listing page, each from the page cache
 *   (b) baseline for each, a plain node:http server (child process) sending the exact same bytes
 *                and headers: the ratio (a)/(b) is how close the cache comes to bare Node
 *   (c) uncached the production server started again with PAGE_CACHE_MAX_ENTRIES=0: every request
 *                is a full server-side render (its mean latency is the SSR render time)
 *
 * Builds nothing: run `npm run build` first. Starts its servers on free ports of 127.0.0.1 with a
 * temporary data dir, load-tests only 127.0.0.1 with wrk when it is installed (it saturates a bare
 * Node server; apt-get install wrk), else autocannon with one worker per core (BENCH_DURATION
 * seconds each, default 10), asks like a browser (brotli), prints a table and writes
 * bench/results/latest.json.
 *   (d) listing/fetch over 20,000 listings on the embedded database and on PostgreSQL
 *                (bench/listing-fetch.ts; BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 *                127.0.0.1:5432 when it answers): p50/p95/p99 of POST /api/listing/fetch for
 *                typical filter mixes, target p95 < 10 ms for every mix on both
 *
 * `npm run bench -- listings` runs (d) alone (no build needed); `npm run bench -- home` (a)-(c).
 * It is a benchmark, not a test: not part of `npm test`.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'
import { firstListingPath, startupWorkDone } from './demo-pages.ts'
import { runListingBenches, type ListingBenchResult } from './listing-fetch.ts'
import {
  assertProductionBuild,
  MissingBuildError,
  projectRoot,
  startProductionServer,
  type RunningServer,
} from '../tests/helpers/server.ts'

const CONNECTIONS = 50
const DURATION_S = Math.min(Math.max(Number(process.env.BENCH_DURATION ?? 10) || 10, 1), 60)
/** What a browser asks for. */
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }
/** wrk drives a bare Node server to saturation; autocannon in one process does not. */
const WRK = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (err) {
    // wrk --version exits 1 after printing its version
    return (err as { status?: number }).status === 1
  }
})()

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
  process.stdout.write(`  ${name}: ${connections} connections for ${duration} s (${WRK ? 'wrk' : 'autocannon'}) ... `)
  const m = WRK ? await measureWithWrk(name, url, connections, duration) : await measureWithAutocannon(name, url, connections, duration)
  console.log(`${m.requestsPerSec.toFixed(0)} req/s`)
  if (m.non2xx > 0 || m.errors > 0) console.log(`    warning: ${m.non2xx} non-2xx answers, ${m.errors} errors, ${m.timeouts} timeouts`)
  return m
}

async function measureWithAutocannon(name: string, url: string, connections: number, duration: number): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: REQUEST_HEADERS,
    timeout: 10,
    // One process cannot saturate a bare Node server: one worker thread per core.
    workers: Math.max(1, os.availableParallelism()),
  })
  return {
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
}

/** wrk's summary, read from its text output (`--latency` adds the percentiles). */
async function measureWithWrk(name: string, url: string, connections: number, duration: number): Promise<Measurement> {
  const args = ['-t', String(Math.min(2, connections)), '-c', String(connections), '-d', `${duration}s`, '--latency', '--timeout', '10s']
  for (const [header, value] of Object.entries(REQUEST_HEADERS)) args.push('-H', `${header}: ${value}`)
  const out = await new Promise<string>((resolve, reject) =>
    execFile('wrk', [...args, url], { maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  )
  const ms = (text: string | undefined) => {
    const match = /([\d.]+)(us|ms|s)\b/.exec(text ?? '')
    if (!match) return NaN
    const value = Number(match[1])
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
  }
  const bytes = (text: string | undefined) => {
    const match = /([\d.]+)(B|KB|MB|GB)/.exec(text ?? '')
    if (!match) return 0
    return Number(match[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[2] as 'B' | 'KB' | 'MB' | 'GB']
  }
  const line = (pattern: RegExp) => pattern.exec(out)?.[1]
  const requests = Number(line(/(\d+) requests in/) ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    name,
    url,
    connections,
    requestsPerSec: Number(line(/Requests\/sec:\s+([\d.]+)/) ?? 0),
    latencyMeanMs: ms(line(/Latency\s+(\S+)/)),
    latencyP50Ms: ms(line(/\s50%\s+(\S+)/)),
    latencyP99Ms: ms(line(/\s99%\s+(\S+)/)),
    latencyMaxMs: ms(line(/Latency\s+\S+\s+\S+\s+(\S+)/)),
    throughputMBps: bytes(line(/Transfer\/sec:\s+(\S+)/)) / 1024 / 1024,
    requests,
    non2xx: Number(line(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
    timeouts: socketErrors ? Number(socketErrors[4]) : 0,
  }
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
  console.log(`bench: node ${process.version}, ${os.cpus().length} cores; listing/fetch on PGlite and PostgreSQL`)
  writeResults({ listings: await runListingBenches() })
}

function writeResults(extra: { listings?: ListingBenchResult[] }, home?: Record<string, unknown>) {
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
  const pageRatios: Record<string, number> = {}
  try {
    console.log(`bench: node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per case`)

    // (a) cached pages, each against (b) a bare server sending the same bytes
    // Info logs say when the demo's start-up work (its first listing import, then the booking
    // operators' refresh) is over: measured before that, the server shares the cores with it.
    server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'info' } })
    await startupWorkDone(server)
    const pages = await benchPages(server.baseUrl)
    const samples: Record<string, { status: number; rawHeaders: string[]; body: Buffer }> = {}
    for (const page of pages) {
      const url = `${server.baseUrl}${page.path}`
      await warm(url, 20)
      const sample = await get(url)
      samples[page.name] = sample
      const cacheHeader = headerValue(sample.rawHeaders, 'x-cache')
      if (cacheHeader !== 'HIT') console.log(`  note: the warmed ${page.name} answered x-cache: ${cacheHeader ?? '(none)'}, expected HIT`)
      const cachedResult = await measure(`cached ${page.name}`, url)
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
        const baseResult = await measure(`baseline node:http, same bytes as ${page.name}`, baseline.url)
        results.push(cachedResult, baseResult)
        pageRatios[page.name] = cachedResult.requestsPerSec / baseResult.requestsPerSec
      } finally {
        await baseline.stop()
      }
    }
    await server.stop({ keepDataDir: true })
    server = undefined

    // (c) uncached: every request is a server-side render
    server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'warn', PAGE_CACHE_MAX_ENTRIES: '0' } })
    const uncachedUrl = `${server.baseUrl}/`
    await warm(uncachedUrl, 20)
    const uncachedSample = await get(uncachedUrl)
    if (headerValue(uncachedSample.rawHeaders, 'x-cache') === 'HIT') throw new Error('PAGE_CACHE_MAX_ENTRIES=0 still served from the cache')
    // Fewer connections: each waits for a full render, and 50 of them would time out behind each other.
    results.push(await measure('uncached SSR render', uncachedUrl, 10))
    // One connection: no queueing, so the latency is the time of one render.
    results.push(await measure('uncached SSR, 1 connection', uncachedUrl, 1, Math.min(5, DURATION_S)))
    await server.stop({ keepDataDir: true })
    server = undefined

    const [cached] = results as [Measurement]
    const [uncached, single] = results.slice(-2) as [Measurement, Measurement]
    const sample = samples['home page']!
    const ratios = {
      cachedVsBaseline: pageRatios,
      uncachedVsCached: uncached.requestsPerSec / cached.requestsPerSec,
      ssrRenderMeanMs: single.latencyMeanMs,
      ssrMeanLatencyAt10ConnectionsMs: uncached.latencyMeanMs,
    }
    console.log('')
    table(results)
    console.log('')
    for (const [page, ratio] of Object.entries(pageRatios))
      console.log(
        `cached / baseline requests/s, ${page}: ${ratio.toFixed(2)} (${(ratio * 100).toFixed(0)}% of a bare node:http server; target 0.8)`,
      )
    console.log(`uncached / cached requests/s: ${ratios.uncachedVsCached.toFixed(3)}`)
    console.log(
      `server-side render time (mean latency, 1 connection): ${single.latencyMeanMs.toFixed(2)} ms; at ${uncached.connections} connections ${uncached.latencyMeanMs.toFixed(2)} ms mean, ${uncached.requestsPerSec.toFixed(0)} renders/s`,
    )
    console.log(`home page: ${sample.body.length} bytes as sent (brotli), ${uncachedSample.body.length} bytes as sent uncached`)

    let listings: ListingBenchResult[] | undefined
    if (only !== 'home') {
      console.log('')
      listings = await runListingBenches()
    }
    writeResults(
      { ...(listings ? { listings } : {}) },
      {
        loadGenerator: WRK ? 'wrk' : 'autocannon',
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        requestHeaders: REQUEST_HEADERS,
        results,
        ratios,
      },
    )
  } finally {
    if (server) await server.stop({ keepDataDir: true })
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

/** The pages measured: the home page, a listing grid and the first listing page it links to. */
async function benchPages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const listing = await firstListingPath(baseUrl)
  if (!listing) console.log('  note: /whats-on showed no listing within 2 minutes; the listing page is not measured')
  return [
    { name: 'home page', path: '/' },
    { name: 'listing grid (/whats-on)', path: '/whats-on' },
    ...(listing ? [{ name: 'listing page', path: listing }] : []),
  ]
}

function headerValue(rawHeaders: string[], name: string): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1]
  return undefined
}

await main()
