/**
 * The bench's cases under pressure (issue 32 point 7), each on a running production server:
 * - stampede: a page is published again, then at once 128 connections ask for it;
 * - crawl beside hits: a crawler walks the sitemap while browsers ask for a cached page, against
 *   the same page alone; then a second crawl, whose share of cached answers says whether the cache
 *   holds the site;
 * - memory: the server's resident memory (from /health) after start and after the crawls.
 */
import http from 'node:http'
import { createEditorCli } from '../tests/helpers/cli.ts'
import { CONNECTIONS, DURATION_S, get, measure, median, REQUEST_HEADERS, warm, type Measurement } from './load-tools.ts'

export const BENCH_EDITOR = { username: 'bench-editor', email: 'bench-editor@example.com', password: 'bench-editor-password' }

/** Creates the bench's editor account in a data folder before its server starts (the newcomer's CLI). */
export function createBenchEditor(dataDir: string) {
  return createEditorCli(BENCH_EDITOR, { DATA_DIR: dataDir, DATABASE_URL: '' })
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_EDITOR.username, password: BENCH_EDITOR.password }),
  })
  if (res.status !== 200) throw new Error(`bench editor sign-in answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

export interface StampedeResult {
  page: string
  runs: { publishMs: number; measurement: Measurement }[]
  medianP99Ms: number
  medianMaxMs: number
  medianRequestsPerSec: number
  timeouts: number
}

/** Publishes `slug` unchanged, then at once 128 connections ask for it for a few seconds; `runs` times. */
export async function stampede(baseUrl: string, slug = 'about', runs = 3): Promise<StampedeResult> {
  const token = await signIn(baseUrl)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const url = `${baseUrl}/${slug}`
  await warm(url, 5)
  const results: StampedeResult['runs'] = []
  for (let run = 0; run < runs; run++) {
    const loaded = await fetch(`${baseUrl}/api/page/load?slug=${encodeURIComponent(slug)}`, { headers })
    if (loaded.status !== 200) throw new Error(`loading /${slug} as the editor answered ${loaded.status}`)
    const page = await loaded.json()
    const started = performance.now()
    const published = await fetch(`${baseUrl}/api/page/publishPage`, { method: 'POST', headers, body: JSON.stringify({ page }) })
    if (published.status !== 200) throw new Error(`publishing /${slug} answered ${published.status}: ${await published.text()}`)
    const publishMs = performance.now() - started
    const measurement = await measure(`stampede /${slug} after publish #${run + 1}`, url, 128, Math.min(5, DURATION_S))
    results.push({ publishMs, measurement })
  }
  return {
    page: `/${slug}`,
    runs: results,
    medianP99Ms: median(results.map((r) => r.measurement.latencyP99Ms)),
    medianMaxMs: median(results.map((r) => r.measurement.latencyMaxMs)),
    medianRequestsPerSec: median(results.map((r) => r.measurement.requestsPerSec)),
    timeouts: results.reduce((sum, r) => sum + r.measurement.timeouts, 0),
  }
}

/** Every address of the site's sitemap, as paths on this server. */
export async function sitemapPaths(baseUrl: string, limit = Number(process.env.BENCH_CRAWL_LIMIT) || Infinity): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const u = new URL(m[1]!.replaceAll('&amp;', '&'))
    return `${u.pathname}${u.search}`
  })
  return [...new Set(paths)].slice(0, limit)
}

export interface CrawlResult {
  addresses: number
  seconds: number
  requestsPerSec: number
  /** Answers by x-cache (HIT, STALE, MISS, ...). */
  cache: Record<string, number>
  /** Share of answers from the cache (HIT or STALE). */
  cachedShare: number
  non200: number
}

/** Asks for every address once, `concurrency` at a time, as a crawler asking for brotli. */
export async function crawl(baseUrl: string, paths: string[], concurrency = 4): Promise<CrawlResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  const cache: Record<string, number> = {}
  let non200 = 0
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!
      const res = await get(`${baseUrl}${path}`, { ...REQUEST_HEADERS, 'user-agent': 'bench-crawler' }, agent)
      if (res.status !== 200) non200++
      const state = headerOf(res.rawHeaders, 'x-cache') ?? '(none)'
      cache[state] = (cache[state] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  agent.destroy()
  const seconds = (performance.now() - started) / 1000
  const cached = (cache.HIT ?? 0) + (cache.STALE ?? 0)
  return { addresses: paths.length, seconds, requestsPerSec: paths.length / seconds, cache, cachedShare: cached / paths.length, non200 }
}

const headerOf = (raw: string[], name: string) => {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1]
  return undefined
}

export interface CrawlBesideHitsResult {
  alone: Measurement
  besideCrawl: Measurement
  /** Cached pages' requests/s beside the crawl over alone (target at least 0.5). */
  ratio: number
  firstCrawl: CrawlResult
  secondCrawl: CrawlResult
  memoryMb: { afterStart: number; afterCrawls: number }
  pageCache: Record<string, unknown>
  eventLoop: Record<string, unknown> | undefined
}

async function health(baseUrl: string) {
  return (await (await fetch(`${baseUrl}/health`)).json()) as {
    memory: { rss: number }
    pageCache: Record<string, unknown>
    eventLoop?: Record<string, unknown>
  }
}

/**
 * Cached `hitPath` alone, then the same while a crawler walks the sitemap for the first time (every
 * address a miss: renders and compressions beside the hits), then a second crawl alone.
 */
export async function crawlBesideHits(baseUrl: string, hitPath = '/'): Promise<CrawlBesideHitsResult> {
  const afterStart = (await health(baseUrl)).memory.rss
  const url = `${baseUrl}${hitPath}`
  await warm(url, 20)
  const connections = Math.min(32, CONNECTIONS)
  const alone = await measure(`cached ${hitPath} alone`, url, connections)
  const paths = (await sitemapPaths(baseUrl)).filter((p) => p !== hitPath)
  console.log(`  crawl: ${paths.length} sitemap addresses, 4 at a time`)
  const firstCrawlRun = crawl(baseUrl, paths)
  const besideCrawl = await measure(`cached ${hitPath} beside a first crawl`, url, connections)
  const firstCrawl = await firstCrawlRun
  if (firstCrawl.seconds < DURATION_S)
    console.log(`  note: the first crawl ended after ${firstCrawl.seconds.toFixed(1)} s, before the ${DURATION_S} s measurement`)
  const secondCrawl = await crawl(baseUrl, paths)
  const after = await health(baseUrl)
  return {
    alone,
    besideCrawl,
    ratio: besideCrawl.requestsPerSec / alone.requestsPerSec,
    firstCrawl,
    secondCrawl,
    memoryMb: { afterStart, afterCrawls: after.memory.rss },
    pageCache: after.pageCache,
    eventLoop: after.eventLoop,
  }
}
