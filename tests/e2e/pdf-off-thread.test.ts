/**
 * Issue 18 on the production server with the full demo catalogue (about 2,140 products, the
 * What's On grid holding some 300 events over ~37 pages): while the full event-calendar PDF is
 * laid out, pages and API calls still answer within 200 ms (p99), because the layout runs in a
 * worker thread; the PDF is valid (pdftoppm renders page 1); the same calendar asked for again
 * comes from the cache; /health reports the event-loop delay; and when the PDF workers are busy
 * (429), 'Export to PDF' keeps 'Generating Your PDF' open and downloads the calendar once there
 * is room.
 *
 * This file runs its own server (the shared e2e server's demo has 40 products), with one PDF
 * thread and no queue (PDF_WORKERS=1, PDF_QUEUE_MAX=0) so a second calendar at once is refused.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { listingTexts } from '#lib/texts'
import { lendBrowser } from '../helpers/browser.ts'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(120_000) })

const g = listingTexts.grid
const WHATS_ON = 'demo-whats-on'
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-off-thread-'))
let server: RunningServer

interface Timed {
  status: number
  ms: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** One request on a fresh connection (no keep-alive: a reused socket would hide nothing here). */
function request(pathname: string, init: { method?: string; body?: unknown } = {}): Promise<Timed> {
  const started = performance.now()
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.baseUrl}${pathname}`,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The requests a visitor and the grid make: a cached page, a rendered page, the grid's API call, /health. */
async function probe(i: number): Promise<Timed & { what: string }> {
  const name = ['barossa', 'wine', 'music', 'festival', 'tanunda'][i % 5]!
  switch (i % 4) {
    case 0:
      return { ...(await request('/about')), what: '/about' }
    case 1:
      return { ...(await request(`/whats-on?name=${name}`)), what: `/whats-on?name=${name}` }
    case 2:
      return {
        ...(await request('/api/listing/fetch', {
          method: 'POST',
          body: { categoryFilterId: WHATS_ON, search: '', limit: 12, currentPage: (i % 5) + 1 },
        })),
        what: `listing/fetch page ${(i % 5) + 1}`,
      }
    default:
      return { ...(await request('/health')), what: '/health' }
  }
}

interface Probed {
  ms: number
  what: string
}

/**
 * Probes until `until` settles, or `count` of them: three visitors at once, each one request after
 * another with a short pause, so a p99 rests on a few hundred answers, not on the single slowest.
 */
async function probeDuring(until: Promise<unknown> | { count: number }): Promise<Probed[]> {
  let done = false
  if (until instanceof Promise) {
    void until.then(
      () => (done = true),
      () => (done = true),
    )
  }
  const times: Probed[] = []
  let next = 0
  const visitor = async () => {
    for (let i = next++; until instanceof Promise ? !done : i < until.count; i = next++) {
      const res = await probe(i)
      expect(res.status, `probe ${i}`).toBeLessThan(400)
      times.push({ ms: res.ms, what: res.what })
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  await Promise.all([visitor(), visitor(), visitor()])
  return times
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const summary = (probed: Probed[]) => {
  const times = probed.map((p) => p.ms)
  const slowest = [...probed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((p) => `${p.what} ${p.ms.toFixed(0)} ms`)
  return `${times.length} requests, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (slowest: ${slowest.join(', ')})`
}

const pdfPath = (filters: Record<string, string> = {}) =>
  `/api/listingsPdf/generatePdf?${new URLSearchParams({ categoryFilterId: WHATS_ON, filters: JSON.stringify(filters) }).toString()}`

beforeAll(async () => {
  server = await startProductionServer({
    // FAKE_ATDW_COUNT '' is the fake provider's full demo catalogue; info logs say when its first sync ends.
    env: { FAKE_ATDW_COUNT: '', LOG_LEVEL: 'info', PDF_WORKERS: '1', PDF_QUEUE_MAX: '0' },
    timeoutMs: 180_000,
  })
  const deadline = Date.now() + 360_000
  // The start-up work is over (the booking operators' refresh, which follows the first import when
  // the server makes one): what is measured below is the PDF's effect, not the start's.
  while (!/booking operator information/.test(server.output())) {
    if (/the first listing sync failed/.test(server.output()) || Date.now() > deadline)
      throw new Error(`The demo's start-up work did not finish:\n${server.output().slice(-4000)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  // Every probe once (the listing index is built, the about page cached).
  for (let i = 0; i < 8; i++) expect((await probe(i)).status).toBeLessThan(400)
}, patient(420_000))

afterAll(async () => {
  await server?.stop()
  fs.rmSync(tmp, { recursive: true, force: true })
})

// No PDF thread runs before the first calendar (decision 042): 443 MB measured, 541 MB with the warm-up.
test("after the demo's first start, its full catalogue imported, the server holds at most 500 MB (issue 32 point 3)", async () => {
  const health = JSON.parse((await request('/health')).body.toString('utf8')) as {
    memory: { rss: number; heapUsed: number; external: number }
  }
  console.log(`memory after the first start: ${JSON.stringify(health.memory)} MB`)
  expect(health.memory.rss).toBeLessThanOrEqual(500)
})

describe('the full event calendar, laid out off the request thread', () => {
  test('pages and API calls answer within 200 ms (p99) while it is built; it is a valid PDF; asked again, it comes from the cache', async () => {
    const baseline = await probeDuring({ count: 40 })

    const started = performance.now()
    const pdf = request(pdfPath()).then((res) => ({ ...res, ms: performance.now() - started }))
    const during = await probeDuring(pdf)
    const cold = await pdf
    console.log(
      `full calendar PDF: ${cold.status}, ${(cold.body.length / 1024).toFixed(0)} KB in ${cold.ms.toFixed(0)} ms (cold)\n` +
        `  requests without a PDF being built: ${summary(baseline)}\n` +
        `  requests while it was built:        ${summary(during)}`,
    )
    expect(cold.status).toBe(200)
    expect(cold.headers['x-cache']).toBe('MISS')
    expect(cold.body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const pages = (await PDFDocument.load(cold.body)).getPageCount()
    expect(pages).toBeGreaterThan(20)
    const file = path.join(tmp, 'calendar.pdf')
    fs.writeFileSync(file, cold.body)
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, path.join(tmp, 'page')])
    const rendered = fs.readdirSync(tmp).filter((f) => f.startsWith('page') && f.endsWith('.png'))
    expect(rendered.length).toBe(1)
    expect(fs.statSync(path.join(tmp, rendered[0]!)).size).toBeGreaterThan(5_000)

    expect(during.length).toBeGreaterThanOrEqual(8)
    expect(
      percentile(
        during.map((p) => p.ms),
        99,
      ),
    ).toBeLessThanOrEqual(200)
    // The cold build (no warm-up since decision 042): 2.3 s measured here, 5.1 s on a CI machine
    // running ~2.7x slower than usual. The bound says "seconds, not a minute"; the point of the
    // test is the 200 ms above, which another thread's work must not break.
    expect(cold.ms).toBeLessThanOrEqual(15_000)

    const cached = await request(pdfPath())
    console.log(`full calendar PDF again: ${cached.status} in ${cached.ms.toFixed(0)} ms (X-Cache ${String(cached.headers['x-cache'])})`)
    expect(cached.status).toBe(200)
    expect(cached.headers['x-cache']).toBe('HIT')
    expect(cached.body.equals(cold.body)).toBe(true)
    expect(cached.ms).toBeLessThanOrEqual(200)

    const health = JSON.parse((await request('/health')).body.toString('utf8')) as { eventLoop?: { p99Ms?: unknown; maxMs?: unknown } }
    console.log(`/health eventLoop: ${JSON.stringify(health.eventLoop)}`)
    expect(typeof health.eventLoop?.p99Ms).toBe('number')
    expect(typeof health.eventLoop?.maxMs).toBe('number')
  })

  test("while the PDF workers are busy, 'Export to PDF' keeps 'Generating Your PDF' open, asks again when told, and downloads the calendar", async () => {
    const browser = await lendBrowser()
    try {
      const page = await browser.newPage()
      const answers: number[] = []
      page.on('response', (res) => {
        if (res.url().includes('/listingsPdf/generatePdf')) answers.push(res.status())
      })
      // A calendar no one asked for yet (its own dates), so the click needs the busy worker.
      await page.goto(`${server.baseUrl}/whats-on?from=2026-01-01`)
      const button = page.getByRole('button', { name: g.exportPdf })
      await button.waitFor()
      // Another visitor's calendar occupies the only PDF thread (and there is no queue).
      const other = request(pdfPath({ from: '2000-01-01' }))
      const downloading = page.waitForEvent('download', { timeout: 90_000 })
      await button.click()
      const modal = page.getByRole('dialog', { name: g.generatingTitle })
      await modal.waitFor()
      await expect.poll(() => answers.includes(429), { timeout: 30_000 }).toBe(true)
      expect(await modal.isVisible()).toBe(true)
      expect((await other).status).toBe(200)
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/^Event Calendar.*\.pdf$/)
      const file = path.join(tmp, 'retried.pdf')
      await download.saveAs(file)
      expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(answers.at(-1)).toBe(200)
      await expect.poll(() => modal.isVisible()).toBe(false)
    } finally {
      await browser.close()
    }
  })
})
