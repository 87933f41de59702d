/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling: its default) on every visitor
 * template of the demo, against the production build: the home page, a content page, /whats-on, a
 * listing page, a story chapter, /search, the trip planner, and German and Chinese home, grid and
 * listing pages. Prints, per page, the median of LIGHTHOUSE_RUNS runs
 * (default 3) of the four category scores and LCP, CLS and TBT, against the targets of issue 16
 * (performance >= 95, the others 100, LCP <= 2.0 s, CLS <= 0.02, TBT <= 50 ms), and writes
 * bench/results/lighthouse.json. First it measures a blank page the same way, the machine's floor:
 * on a slow machine even that page shows blocking time. Builds nothing: run `npm run build` first.
 * A benchmark, not a test.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium. LIGHTHOUSE_RUNS=<n> runs per page;
 * LIGHTHOUSE_DATA_DIR=<folder> keeps the server's data (the prepared demo) for the next run;
 * LIGHTHOUSE_REPORTS=<folder> writes every run's full Lighthouse report there; LIGHTHOUSE_ONLY=<names>
 * measures only the pages named (comma-separated, as printed: "home,listing grid").
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { projectRoot, startProductionServer } from '../tests/helpers/server.ts'
import { firstListingPath, startupWorkDone } from './demo-pages.ts'

const RUNS = Math.min(Math.max(Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3, 1), 9)
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2000, cls: 0.02, tbtMs: 50 }

interface PageResult {
  page: string
  path: string
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The pages to measure, found on the running demo: its first listing and story chapter links. */
async function pagesOf(baseUrl: string): Promise<{ page: string; path: string }[]> {
  const html = async (p: string) => (await fetch(`${baseUrl}${p}`)).text()
  const listing = await firstListingPath(baseUrl)
  const sitemap = await html('/sitemap.xml')
  const chapter = /<loc>[^<]*?(\/chapters\/[^<]+)<\/loc>/.exec(sitemap)?.[1]
  return [
    { page: 'home', path: '/' },
    { page: 'content page', path: '/about' },
    { page: 'listing grid', path: '/whats-on' },
    ...(listing ? [{ page: 'listing page', path: listing }] : []),
    ...(chapter ? [{ page: 'story chapter', path: chapter }] : []),
    { page: 'search', path: '/search?q=wine' },
    // The trip planner (issue 35 point 6); the languages' pages (issue 33 point 8).
    { page: 'trip', path: '/trip' },
    { page: 'home (de)', path: '/de/' },
    { page: 'listing grid (de)', path: '/de/whats-on' },
    ...(listing ? [{ page: 'listing page (de)', path: `/de${listing}` }] : []),
    { page: 'home (zh-hans)', path: '/zh-hans/' },
    { page: 'listing grid (zh-hans)', path: '/zh-hans/whats-on' },
    ...(listing ? [{ page: 'listing page (zh-hans)', path: `/zh-hans${listing}` }] : []),
  ]
}

async function warm(baseUrl: string, pagePath: string) {
  const html = await (await fetch(`${baseUrl}${pagePath}`)).text()
  const pictures = new Set<string>()
  for (const [, list] of html.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g))
    for (const candidate of list!.split(',')) {
      const url = candidate.trim().split(/\s+/)[0]!.replaceAll('&amp;', '&')
      if (url.startsWith('/img/')) pictures.add(url)
    }
  for (const picture of pictures) {
    for (const accept of ['image/avif,image/webp,*/*', 'image/webp,*/*']) await fetch(`${baseUrl}${picture}`, { headers: { accept } })
  }
}

/**
 * The machine's floor: a blank page (a heading and a line of text, no styles, no scripts) served
 * by a bare node:http server and measured the same way. Lighthouse multiplies the main-thread time
 * it observes by four, so on a slow or busy machine even this page shows blocking time; the site's
 * figures read against it.
 */
async function measureReferencePage(port: number) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<meta name="description" content="A blank page"><title>Reference</title></head><body><h1>Reference</h1><p>A blank page.</p></body></html>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  try {
    const runs: { tbtMs: number; fcpMs: number }[] = []
    for (let run = 0; run < RUNS; run++) {
      const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr
      if (!lhr) throw new Error('lighthouse returned nothing for the reference page')
      runs.push({
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      })
    }
    return { tbtMs: median(runs.map((r) => r.tbtMs)), fcpMs: median(runs.map((r) => r.fcpMs)) }
  } finally {
    server.close()
  }
}

async function main() {
  // LIGHTHOUSE_DATA_DIR: reuse a data folder (the demo prepared once) between runs; the first
  // start prepares the demo, which takes minutes on a busy machine, hence the long wait.
  const dataDir = process.env.LIGHTHOUSE_DATA_DIR
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true })
  // The whole demo (FAKE_ATDW_COUNT empty: its ~2,100 products, not the tests' 40), measured once
  // its start-up work is over, as a visitor would find it.
  const server = await startProductionServer({
    env: { LOG_LEVEL: 'info', FAKE_ATDW_COUNT: '' },
    timeoutMs: 600_000,
    ...(dataDir ? { dataDir } : {}),
  })
  await startupWorkDone(server)
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  const results: PageResult[] = []
  let reference: { tbtMs: number; fcpMs: number } | undefined
  try {
    // LIGHTHOUSE_ONLY=<page,page>: measure only these (by the names printed, e.g. "home,listing page").
    const only = process.env.LIGHTHOUSE_ONLY?.split(',').map((name) => name.trim())
    const demoPages = await pagesOf(server.baseUrl)
    const missing = ['listing page', 'story chapter'].filter((name) => !demoPages.some((p) => p.page === name))
    const pages = demoPages.filter(({ page }) => !only || only.includes(page))
    if (missing.length) console.log(`note: the demo has no ${missing.join(' and no ')} to measure`)
    console.log(
      `lighthouse: mobile, simulated throttling, median of ${RUNS} run(s) per page, node ${process.version}, ${os.cpus().length} cores`,
    )
    reference = await measureReferencePage(chrome.port)
    console.log(
      `${'blank page'.padEnd(14)} the machine's floor: FCP ${(reference.fcpMs / 1000).toFixed(2)} s  TBT ${reference.tbtMs.toFixed(0)} ms  (a heading and a line of text, no styles or scripts)`,
    )
    for (const { page, path: pagePath } of pages) {
      // A warm-up visit: the first render of a page fills the page cache and its pictures' sizes
      // fill the image cache, as an earlier visitor's would on a live site.
      await warm(server.baseUrl, pagePath)
      const runs: PageResult[] = []
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${server.baseUrl}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error' })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`lighthouse returned nothing for ${pagePath}`)
        if (lhr.runtimeError) throw new Error(`lighthouse on ${pagePath}: ${lhr.runtimeError.message}`)
        // LIGHTHOUSE_REPORTS=<folder>: keep each run's full report (what costs the points: LCP
        // element and its phases, render-blocking requests, main-thread work).
        if (process.env.LIGHTHOUSE_REPORTS) {
          fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
          const name = `${page.replaceAll(' ', '-')}-${run + 1}.json`
          fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr))
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
        runs.push({
          page,
          path: pagePath,
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          lcpMs: numeric('largest-contentful-paint'),
          cls: numeric('cumulative-layout-shift'),
          tbtMs: numeric('total-blocking-time'),
        })
      }
      const row: PageResult = {
        page,
        path: pagePath,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        'best-practices': median(runs.map((r) => r['best-practices'])),
        seo: median(runs.map((r) => r.seo)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
      }
      results.push(row)
      const ok =
        row.performance >= TARGETS.performance &&
        row.accessibility >= TARGETS.accessibility &&
        row['best-practices'] >= TARGETS['best-practices'] &&
        row.seo >= TARGETS.seo &&
        row.lcpMs <= TARGETS.lcpMs &&
        row.cls <= TARGETS.cls &&
        row.tbtMs <= TARGETS.tbtMs
      console.log(
        `${page.padEnd(14)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row['best-practices']).padStart(3)}  seo ${String(row.seo).padStart(3)}  LCP ${(row.lcpMs / 1000).toFixed(2)} s  CLS ${row.cls.toFixed(3)}  TBT ${row.tbtMs.toFixed(0)} ms  ${ok ? 'meets the targets' : 'BELOW TARGET'}  (${pagePath})`,
      )
    }
  } finally {
    await chrome.kill()
    await server.stop()
  }
  const out = path.join(projectRoot, 'bench/results/lighthouse.json')
  fs.mkdirSync(path.dirname(out), { recursive: true })
  fs.writeFileSync(
    out,
    JSON.stringify({ date: new Date().toISOString(), runs: RUNS, targets: TARGETS, reference, results }, null, 2) + '\n',
  )
  console.log(`written: ${path.relative(process.cwd(), out)}`)
}

await main()
