/**
 * The listing/fetch benchmark (issue 9): 20,000 published listings on the embedded database
 * (PGlite, on disk in a temporary folder, as `npm start` runs it), then POST /api/listing/fetch
 * through the real API (validation, service, JSON) with typical filter mixes, one request at a
 * time, timing each; prints p50/p95/p99 per mix and the CPU time per request (the latencies
 * include waiting for the CPU when other work shares the machine; the CPU time does not).
 *
 * The listings are the fake provider's generated Barossa (fakes/atdw/data.ts) mapped the way the
 * sync maps them (normalise + applyProvider), bulk-inserted straight into the table: seeding
 * 20,000 through the sync would take minutes and measure the sync, not the grid.
 *
 *   LISTING_BENCH_COUNT       listings to seed (default 20000)
 *   LISTING_BENCH_ITERATIONS  timed requests per mix (default 300)
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { FetchRequest, FetchResponse, Listing, ListingCategory } from '#lib/listings'
import { createApp } from '#server/app'
import { loadConfig } from '#server/config'
import { openDatabase, type Database } from '#server/db/client'
import { listings as listingsTable } from '#server/db/schema'
import { seedDemo } from '#server/demo/seed'
import { productToAtdwData } from '#server/integrations/atdw/normalise'
import { createLogger } from '#server/log'
import { createServices } from '#server/services/index'
import { applyProvider, projectionOf } from '../listings/mapping'
import { generateProducts, TOWNS } from '../fakes/atdw/data.ts'
import { printTable } from './load-tools.ts'

export interface FetchMixResult {
  name: string
  iterations: number
  totalListingsMatched: number
  meanMs: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** CPU time this process spent per request (user + system): what the answer costs, whatever else the machine runs. */
  cpuMsPerRequest: number
}

export interface ListingBenchResult {
  database: 'pglite' | 'postgres'
  listings: number
  seedSeconds: number
  indexBuildSeconds: number
  mixes: FetchMixResult[]
  /** p95 over every timed request of every mix. */
  overallP95Ms: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!

/** Builds the published listing rows of `count` generated products (mapped as the sync maps them). */
export function generatedListingRows(domainId: string, count: number, today = new Date()) {
  const now = new Date()
  const products = generateProducts({ count, imageBase: 'http://127.0.0.1:4020', today })
  return products.map((p) => {
    const atdw = productToAtdwData(p)
    const listing: Listing = applyProvider(
      null,
      { _id: p.productId, domainId, listingType: 'product', parentId: null, atdw },
      now.toISOString(),
    )
    const stored: Listing = { ...listing, domainId, published: true }
    return {
      id: listing._id,
      domainId,
      doc: stored,
      published: true,
      publicDoc: stored,
      ...projectionOf(stored),
      lastSynced: now,
      createdAt: now,
      updatedAt: now,
    }
  })
}

/** A fresh database on a PostgreSQL server (dropped by `close`), or null when none answers. */
async function freshPostgres(serverUrl: string): Promise<Database | null> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  try {
    await admin(`CREATE DATABASE "${name}"`)
  } catch {
    return null
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory://' })
  const close = database.close.bind(database)
  return Object.assign(database, {
    close: async () => {
      await close()
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  })
}

/** The PostgreSQL server the benchmark also runs on: BENCH_DATABASE_URL, TEST_DATABASE_URL, else the local one if it answers. */
export const benchPostgresUrl = () =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * `database`: 'pglite' (default) or a PostgreSQL server's address, on which a fresh database is
 * made for the run; null when that server does not answer.
 */
export async function runListingFetchBench(
  options: { count?: number; iterations?: number; log?: (line: string) => void; postgresUrl?: string } = {},
): Promise<ListingBenchResult | null> {
  const count = options.count ?? (Number(process.env.LISTING_BENCH_COUNT) || 20_000)
  const iterations = options.iterations ?? (Number(process.env.LISTING_BENCH_ITERATIONS) || 300)
  const log = options.log ?? ((line: string) => console.log(line))
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-bench-listings-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: workDir,
    BASE_URL: 'http://localhost',
  })
  const database = options.postgresUrl ? await freshPostgres(options.postgresUrl) : await openDatabase({ dataDir: workDir })
  if (!database) {
    fs.rmSync(workDir, { recursive: true, force: true })
    return null
  }
  try {
    await database.migrate()
    const services = createServices(database, config)
    await seedDemo(services)
    const domainId = (await services.domains.forHost('localhost'))!._id

    const seedStart = performance.now()
    const rows = generatedListingRows(domainId, count)
    for (let i = 0; i < rows.length; i += 500) await database.db.insert(listingsTable).values(rows.slice(i, i + 500))
    // Fresh statistics, as autovacuum would have after a daily sync.
    await database.db.execute(sql`analyze listings`)
    const seedSeconds = (performance.now() - seedStart) / 1000
    log(`  seeded ${rows.length} published listings in ${seedSeconds.toFixed(1)} s`)
    // The in-memory index builds in the background on the first fetch; requests never wait for it.
    const indexStart = performance.now()
    await services.listingIndex.warm(domainId)
    const indexBuildSeconds = (performance.now() - indexStart) / 1000
    log(`  in-memory listing index built in ${indexBuildSeconds.toFixed(1)} s`)

    const category: ListingCategory = await services.listings.publishCategory(domainId, {
      name: 'Things to Do',
      filters: [['ATTRACTION', 'EVENT', 'TOUR', 'RESTAURANT']],
      excludedTags: '',
      attributes: [],
      hideServices: false,
      hasDates: true,
    })
    const eventsCategory = await services.listings.publishCategory(domainId, {
      name: 'Events',
      filters: [['EVENT']],
      excludedTags: '',
      attributes: [],
      hideServices: true,
      hasDates: true,
    })

    const { app } = createApp({ services, config, log: createLogger('silent') })
    const fetchOnce = async (body: FetchRequest): Promise<FetchResponse> => {
      const res = await app.request('/api/listing/fetch', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (res.status !== 200) throw new Error(`listing/fetch answered ${res.status}: ${await res.text()}`)
      return (await res.json()) as FetchResponse
    }

    const monthStart = new Date()
    monthStart.setUTCDate(1)
    const day = (offset: number) => new Date(monthStart.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
    const words = ['wine', 'barossa', 'cellar', 'festival', 'heritage', 'garden', 'tour', 'music', 'farm', 'market']
    const towns = TOWNS.map((t) => t.name)
    const mixes: { name: string; body: (i: number) => FetchRequest }[] = [
      {
        name: 'keyword + category + dates + location',
        body: (i) => ({
          categoryFilterId: category._id,
          search: words[i % words.length]!,
          filters: { from: day(i % 60), to: day((i % 60) + 30) },
          location: towns[i % towns.length]!,
          checkedCategories: [],
          currentPage: 1,
          limit: 15,
        }),
      },
      {
        name: 'events category + date range',
        body: (i) => ({
          categoryFilterId: eventsCategory._id,
          search: '',
          filters: { from: day(i % 90), to: day((i % 90) + 14) },
          checkedCategories: [],
          currentPage: 1,
          limit: 15,
        }),
      },
      { name: 'no filter, page 1', body: () => ({ search: '', filters: {}, checkedCategories: [], currentPage: 1, limit: 15 }) },
      {
        name: 'no filter, deep page (Load More x20)',
        body: (i) => ({ search: '', filters: {}, checkedCategories: [], currentPage: 20 + (i % 5), limit: 15 }),
      },
      {
        name: 'keyword only (prefix)',
        body: (i) => ({ search: words[i % words.length]!.slice(0, 4), filters: {}, checkedCategories: [], currentPage: 1, limit: 15 }),
      },
      {
        name: 'checked categories + location',
        body: (i) => ({
          search: '',
          filters: {},
          checkedCategories: ['ACCOMM', 'RESTAURANT'],
          location: towns[i % towns.length]!,
          currentPage: 1,
          limit: 15,
        }),
      },
      {
        name: 'category + two keywords + checked',
        body: (i) => ({
          categoryFilterId: category._id,
          search: `${words[i % words.length]} ${words[(i + 3) % words.length]}`,
          filters: {},
          checkedCategories: ['EVENT', 'ATTRACTION'],
          currentPage: 1,
          limit: 15,
        }),
      },
    ]

    const results: FetchMixResult[] = []
    const all: number[] = []
    for (const mix of mixes) {
      // Warm-up: JIT, query plans, the facet memo.
      let matched = 0
      for (let i = 0; i < 20; i++) matched = Math.max(matched, (await fetchOnce(mix.body(i))).totalListings)
      const times: number[] = []
      const cpuStart = process.cpuUsage()
      for (let i = 0; i < iterations; i++) {
        const t0 = performance.now()
        await fetchOnce(mix.body(i))
        times.push(performance.now() - t0)
      }
      const cpu = process.cpuUsage(cpuStart)
      const sorted = [...times].sort((a, b) => a - b)
      all.push(...times)
      const r: FetchMixResult = {
        name: mix.name,
        iterations,
        totalListingsMatched: matched,
        meanMs: times.reduce((a, b) => a + b, 0) / times.length,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted[sorted.length - 1]!,
        cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / iterations,
      }
      results.push(r)
      log(
        `  ${r.name}: p50 ${r.p50Ms.toFixed(2)} ms, p95 ${r.p95Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request (up to ${matched} matches)`,
      )
    }
    all.sort((a, b) => a - b)
    return {
      database: options.postgresUrl ? 'postgres' : 'pglite',
      listings: rows.length,
      seedSeconds,
      indexBuildSeconds,
      mixes: results,
      overallP95Ms: percentile(all, 95),
    }
  } finally {
    await database.close()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

export function listingTable(result: ListingBenchResult) {
  const header = ['listing/fetch mix', 'iterations', 'mean ms', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'CPU ms/req', 'matches']
  const data = result.mixes.map((r) => [
    r.name,
    String(r.iterations),
    r.meanMs.toFixed(2),
    r.p50Ms.toFixed(2),
    r.p95Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    r.maxMs.toFixed(1),
    r.cpuMsPerRequest.toFixed(2),
    String(r.totalListingsMatched),
  ])
  printTable(header, data)
}

/**
 * The listing benchmark on both databases: PGlite, then PostgreSQL (benchPostgresUrl) when it
 * answers. Prints each table and the verdict against the target (p95 < 10 ms for every mix).
 */
export async function runListingBenches(log: (line: string) => void = (line) => console.log(line)): Promise<ListingBenchResult[]> {
  const out: ListingBenchResult[] = []
  for (const postgresUrl of [undefined, benchPostgresUrl()]) {
    const where = postgresUrl ? `PostgreSQL (${new URL(postgresUrl).host})` : 'PGlite (embedded)'
    log(`listing/fetch over generated listings on ${where}:`)
    const result = await runListingFetchBench({ postgresUrl })
    if (!result) {
      log(`  PostgreSQL at ${new URL(postgresUrl!).host} does not answer: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`)
      continue
    }
    log('')
    listingTable(result)
    const worst = Math.max(...result.mixes.map((m) => m.p95Ms))
    log(
      `\n${result.listings} listings on ${where}: p95 over all mixes ${result.overallP95Ms.toFixed(2)} ms, worst mix p95 ${worst.toFixed(2)} ms (target < 10 ms for every mix: ${worst < 10 ? 'met' : 'NOT met'})\n`,
    )
    out.push(result)
  }
  return out
}

// `tsx bench/listing-fetch.ts`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runListingBenches()
