/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling: its default) on every visitor
 * template of the demo, against the production build: the home page, a content page, /whats-on, a
 * listing page, a story chapter and /search. Prints, per page, the median of LIGHTHOUSE_RUNS runs
 * (default 3) of the four category scores and LCP, CLS and TBT, against the targets of issue 16
 * (performance >= 95, the others 100, LCP <= 2.0 s, CLS <= 0.02, TBT <= 50 ms), and writes
 * bench/results/lighthouse.json. Builds nothing: run `npm run build` first. A benchmark, not a test.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium. LIGHTHOUSE_RUNS=<n> runs per page;
 * LIGHTHOUSE_DATA_DIR=<folder> keeps the server's data (the prepared demo) for the next run;
 * LIGHTHOUSE_REPORTS=<folder> writes every run's full Lighthouse report there; LIGHTHOUSE_ONLY=<names>
 * measures only the pages named (comma-separated, as printed: "home,listing grid").
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { projectRoot, startProductionServer } from '../tests/helpers/server.ts'
import { firstListingPath } from './demo-pages.ts'

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

async function main() {
  // LIGHTHOUSE_DATA_DIR: reuse a data folder (the demo prepared once) between runs; the first
  // start prepares the demo, which takes minutes on a busy machine, hence the long wait.
  const dataDir = process.env.LIGHTHOUSE_DATA_DIR
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true })
  const server = await startProductionServer({ env: { LOG_LEVEL: 'error' }, timeoutMs: 600_000, ...(dataDir ? { dataDir } : {}) })
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  const results: PageResult[] = []
  try {
    // LIGHTHOUSE_ONLY=<page,page>: measure only these (by the names printed, e.g. "home,listing page").
    const only = process.env.LIGHTHOUSE_ONLY?.split(',').map((name) => name.trim())
    const pages = (await pagesOf(server.baseUrl)).filter(({ page }) => !only || only.includes(page))
    const missing = ['listing page', 'story chapter'].filter((name) => !pages.some((p) => p.page === name))
    if (missing.length) console.log(`note: the demo has no ${missing.join(' and no ')} to measure`)
    console.log(
      `lighthouse: mobile, simulated throttling, median of ${RUNS} run(s) per page, node ${process.version}, ${os.cpus().length} cores`,
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
  fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), runs: RUNS, targets: TARGETS, results }, null, 2) + '\n')
  console.log(`written: ${path.relative(process.cwd(), out)}`)
}

await main()
