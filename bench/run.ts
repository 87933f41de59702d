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
 *   (e) under pressure (bench/load-cases.ts): a stampede (a publish, then 128 connections at once),
 *                cached pages beside a crawl of the sitemap against alone, a second crawl's share of
 *                cached answers, and the server's memory
 * Cached pages are measured against bare Node in interleaved pairs (BENCH_PAIRS, default 3), for
 * browsers (brotli) and for a client without compression; each pair's ratio and their median.
 *
 * `npm run bench -- listings` runs (d) alone (no build needed); `-- home` (a)-(c); `-- load` (e);
 * `-- editor` the editor on a generated 150-block page (bench/editor-150.ts, issue 32 point 6).
 * It is a benchmark, not a test: not part of `npm test`.
 */
import { runEditorBench } from './editor-150.ts'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { firstListingPath, startupWorkDone } from './demo-pages.ts'
import { runListingBenches, type ListingBenchResult } from './listing-fetch.ts'
import { createBenchEditor, crawlBesideHits, stampede, type CrawlBesideHitsResult, type StampedeResult } from './load-cases.ts'
import {
  CONNECTIONS,
  DURATION_S,
  get,
  headerValue,
  measure,
  median,
  replayedHeaders,
  REQUEST_HEADERS,
  startBaseline,
  table,
  warm,
  WRK,
  type Measurement,
} from './load-tools.ts'
import {
  assertProductionBuild,
  MissingBuildError,
  projectRoot,
  startProductionServer,
  type RunningServer,
} from '../tests/helpers/server.ts'

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

/** Site and bare Node measured one after the other this many times per page; the median ratio is reported. */
const PAIRS = Math.min(Math.max(Number(process.env.BENCH_PAIRS ?? 3) || 3, 1), 9)
/** What a client without compression asks for (some proxies, CDNs' origin fetches, monitors, bots). */
const PLAIN_HEADERS = { accept: 'text/html' }

interface PairedResult {
  name: string
  pairs: { site: Measurement; bare: Measurement; ratio: number }[]
  medianRatio: number
}

/**
 * The cached page against a bare node:http server sending the same bytes, interleaved: site, bare,
 * site, bare... so both see the same machine (a single unpaired run once gave 1.29, which cannot be).
 */
async function paired(name: string, url: string, workDir: string, headers: Record<string, string>): Promise<PairedResult> {
  await warm(url, 20, headers)
  const sample = await get(url, headers)
  const cacheHeader = headerValue(sample.rawHeaders, 'x-cache')
  if (cacheHeader !== 'HIT') console.log(`  note: the warmed ${name} answered x-cache: ${cacheHeader ?? '(none)'}, expected HIT`)
  const baseline = await startBaseline(
    { status: sample.status, headers: replayedHeaders(sample.rawHeaders), bodyBase64: sample.body.toString('base64') },
    workDir,
  )
  try {
    const check = await get(baseline.url, headers)
    if (!check.body.equals(sample.body)) throw new Error('the baseline server does not send the same bytes')
    const pairs: PairedResult['pairs'] = []
    for (let i = 0; i < PAIRS; i++) {
      const site = await measure(`cached ${name} (pair ${i + 1})`, url, CONNECTIONS, DURATION_S, headers)
      const bare = await measure(`bare node:http, same bytes (pair ${i + 1})`, baseline.url, CONNECTIONS, DURATION_S, headers)
      pairs.push({ site, bare, ratio: site.requestsPerSec / bare.requestsPerSec })
    }
    return { name, pairs, medianRatio: median(pairs.map((p) => p.ratio)) }
  } finally {
    await baseline.stop()
  }
}

async function main() {
  if (only === 'listings') return listingsOnly()
  if (only === 'editor') return runEditorBench()
  if (only && !['home', 'load'].includes(only)) {
    console.error(`unknown bench "${only}": npm run bench [-- home | load | listings | editor]`)
    process.exit(2)
  }
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
  const paired_: PairedResult[] = []
  let load: { stampede: StampedeResult; crawl: CrawlBesideHitsResult } | undefined
  let uncachedReport: Record<string, number> | undefined
  try {
    console.log(
      `bench: node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per case, ${PAIRS} site/bare pairs`,
    )
    // Info logs say when the demo's start-up work (its first listing import, then the booking
    // operators' refresh) is over: measured before that, the server shares the cores with it.
    server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'info' } })
    await startupWorkDone(server)

    if (only !== 'load') {
      // (a) cached pages, each against (b) a bare server sending the same bytes, in pairs
      for (const page of await benchPages(server.baseUrl)) {
        paired_.push(await paired(page.name, `${server.baseUrl}${page.path}`, workDir, REQUEST_HEADERS))
      }
      // a client without compression: stored plain bytes, against bare Node sending them
      paired_.push(await paired('home page, no compression', `${server.baseUrl}/`, workDir, PLAIN_HEADERS))
      for (const p of paired_) for (const pair of p.pairs) results.push(pair.site, pair.bare)
    }

    if (only !== 'home') {
      // (e) under pressure: a publish then 128 connections at once; a crawl beside cached hits
      await server.stop({ keepDataDir: true })
      await createBenchEditor(dataDir)
      server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'warn' } })
      const stampedeResult = await stampede(server.baseUrl)
      const crawlResult = await crawlBesideHits(server.baseUrl)
      load = { stampede: stampedeResult, crawl: crawlResult }
      results.push(...stampedeResult.runs.map((r) => r.measurement), crawlResult.alone, crawlResult.besideCrawl)
    }
    await server.stop({ keepDataDir: true })
    server = undefined

    if (only !== 'load') {
      // (c) uncached: every request is a server-side render
      server = await startProductionServer({ dataDir, env: { LOG_LEVEL: 'warn', PAGE_CACHE_MAX_ENTRIES: '0' } })
      const uncachedUrl = `${server.baseUrl}/`
      await warm(uncachedUrl, 20)
      const uncachedSample = await get(uncachedUrl)
      if (headerValue(uncachedSample.rawHeaders, 'x-cache') === 'HIT')
        throw new Error('PAGE_CACHE_MAX_ENTRIES=0 still served from the cache')
      // Fewer connections: each waits for a full render, and 50 of them would time out behind each other.
      const uncached = await measure('uncached SSR render', uncachedUrl, 10)
      // One connection: no queueing, so the latency is the time of one render.
      const single = await measure('uncached SSR, 1 connection', uncachedUrl, 1, Math.min(5, DURATION_S))
      results.push(uncached, single)
      await server.stop({ keepDataDir: true })
      server = undefined
      const cachedHome = paired_[0]!.pairs.map((p) => p.site.requestsPerSec)
      uncachedReport = {
        uncachedVsCached: uncached.requestsPerSec / median(cachedHome),
        ssrRenderMeanMs: single.latencyMeanMs,
        ssrMeanLatencyAt10ConnectionsMs: uncached.latencyMeanMs,
        renderedRequestsPerSec: uncached.requestsPerSec,
        homePageBytesUncached: uncachedSample.body.length,
      }
    }

    console.log('')
    table(results)
    console.log('')
    for (const p of paired_)
      console.log(
        `cached / bare node:http, ${p.name}: median ${p.medianRatio.toFixed(2)} of ${p.pairs.length} pairs (${p.pairs.map((x) => x.ratio.toFixed(2)).join(', ')}); target 0.8`,
      )
    if (uncachedReport)
      console.log(
        `server-side render time (mean latency, 1 connection): ${uncachedReport.ssrRenderMeanMs!.toFixed(2)} ms (target 5); uncached / cached requests/s ${uncachedReport.uncachedVsCached!.toFixed(3)}`,
      )
    if (load) {
      const { stampede: st, crawl: cr } = load
      console.log(
        `stampede (publish ${st.page}, then 128 connections): median p99 ${st.medianP99Ms.toFixed(0)} ms, max ${st.medianMaxMs.toFixed(0)} ms, ${st.medianRequestsPerSec.toFixed(0)} req/s, ${st.timeouts} timeouts; publish answered in ${st.runs.map((r) => r.publishMs.toFixed(0)).join(', ')} ms`,
      )
      console.log(
        `cached home beside a first crawl / alone: ${cr.ratio.toFixed(2)} (target 0.5; max ${cr.besideCrawl.latencyMaxMs.toFixed(0)} ms beside, ${cr.alone.latencyMaxMs.toFixed(0)} ms alone)`,
      )
      console.log(
        `crawl of ${cr.firstCrawl.addresses} sitemap addresses: first ${cr.firstCrawl.requestsPerSec.toFixed(0)} req/s, ${(cr.firstCrawl.cachedShare * 100).toFixed(0)} % cached; second ${cr.secondCrawl.requestsPerSec.toFixed(0)} req/s, ${(cr.secondCrawl.cachedShare * 100).toFixed(0)} % cached (${JSON.stringify(cr.secondCrawl.cache)})`,
      )
      console.log(
        `memory (resident): ${cr.memoryMb.afterStart} MB after start, ${cr.memoryMb.afterCrawls} MB after the crawls (target 500); page cache ${JSON.stringify(cr.pageCache)}`,
      )
    }

    let listings: ListingBenchResult[] | undefined
    if (!only) {
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
        paired: paired_.map((p) => ({ name: p.name, medianRatio: p.medianRatio, ratios: p.pairs.map((x) => x.ratio) })),
        ...(uncachedReport ? { uncached: uncachedReport } : {}),
        ...(load ? { load } : {}),
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

await main()
