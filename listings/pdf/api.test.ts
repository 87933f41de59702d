import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Listing } from '#lib/listings'
import { listingPdfTexts } from '#lib/texts'
import de from '#lib/site-texts/de'
import zhHans from '#lib/site-texts/zh-Hans'
import { visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { providerListing } from '../../tests/helpers/listings.ts'
import { SYSTEM } from '../../server/services/access.ts'
import { longestHold } from '../../server/event-loop.ts'

/**
 * GET /api/listingsPdf/generatePdf against a real database: the event calendar holds exactly the
 * listings the grid shows for the same filters, is a valid PDF with the spec's title and file
 * name, and its pages render (poppler's pdftoppm) to pictures that are not blank.
 */

const run = promisify(execFile)

let t: TestApp
let domainId: string
let anon: Caller
let siteName: string
let eventsCategoryId: string
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'listings-pdf-test-'))

interface Fixture {
  id: string
  name: string
  category: string
  city: string
  dates?: [string, string]
  description?: string
  imageId?: string
  /** A provider picture address (what content may hold). */
  imageUrl?: string
  /** The name in the provider's German market variant. */
  germanName?: string
}

async function addListing(f: Fixture): Promise<Listing> {
  const listing = providerListing(domainId, f.id, f.name, {
    productCategoryId: f.category,
    description: f.description ?? `${f.name} in ${f.city}, in the heart of the Barossa.`,
    status: 'ACTIVE',
    startDate: f.dates?.[0] ?? '',
    endDate: f.dates?.[1] ?? '',
    address: { line1: '1 Murray Street', line2: '', city: f.city, area: 'Barossa', state: 'SA', postcode: '5352', country: 'Australia' },
  })
  if (f.imageId) listing.image = { value: { imageId: f.imageId, alt: f.name }, path: '', provider: '' }
  if (f.imageUrl) listing.image = { value: { url: f.imageUrl, alt: f.name }, path: '', provider: '' }
  if (f.germanName) listing.atdwTranslations = { de: { name: f.germanName } }
  return t.services.listings.setPublished(domainId, listing, true, SYSTEM)
}

/** Writes the PDF and answers its text as poppler's pdftotext reads it. */
async function pdfText(bytes: Uint8Array, name: string): Promise<string> {
  const file = path.join(tmp, `${name}.pdf`)
  fs.writeFileSync(file, bytes)
  const { stdout } = await run('pdftotext', [file, '-'])
  return stdout
}

async function download(query: Record<string, string>) {
  const res = await anon.get(`/api/listingsPdf/generatePdf?${new URLSearchParams(query).toString()}`)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes }
}

beforeAll(async () => {
  // One PDF worker thread and room for one calendar to wait: a third at once is refused.
  t = await createTestApp({ seed: true, env: { PDF_WORKERS: '1', PDF_QUEUE_MAX: '1' } })
  domainId = (await t.services.domains.forHost('localhost'))!._id
  siteName = (await t.services.siteDocuments.load('nav', domainId, 'published')).doc.siteName
  anon = visitor(t)
  const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 122, g: 31, b: 43 } } })
    .png()
    .toBuffer()
  await t.services.images.save({ id: 'pdf-test-picture', bytes: picture, filename: 'festival.png', alt: 'Festival' })
  const fixtures: Fixture[] = [
    {
      id: 'e-vintage',
      name: 'Barossa Vintage Festival',
      category: 'EVENT',
      city: 'Tanunda',
      dates: ['2027-04-20', '2027-04-26'],
      imageId: 'pdf-test-picture',
      germanName: 'Barossa Weinlesefest',
    },
    { id: 'e-gourmet', name: 'Barossa Gourmet Weekend', category: 'EVENT', city: 'Greenock', dates: ['2027-08-30', '2027-08-31'] },
    { id: 'e-jazz', name: 'Jazz in the Vines', category: 'EVENT', city: 'Williamstown', dates: ['2027-10-01', '2027-10-01'] },
    { id: 'e-old', name: 'Last Year Harvest Dinner', category: 'EVENT', city: 'Tanunda', dates: ['2026-03-01', '2026-03-02'] },
    { id: 'p-winery', name: 'Seppeltsfield Cellar Door', category: 'ATTRACTION', city: 'Nuriootpa' },
    { id: 'p-hotel', name: 'Angaston Heritage Hotel', category: 'ACCOMM', city: 'Angaston' },
  ]
  for (const f of fixtures) await addListing(f)
  const category = await t.services.listings.publishCategory(domainId, { name: 'Events', filters: [['EVENT']], hasDates: true })
  eventsCategoryId = category._id
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('GET /api/listingsPdf/generatePdf', () => {
  it('answers a PDF download named Event Calendar plus the site name, titled the same', async () => {
    expect(siteName).not.toBe('')
    const { res, bytes } = await download({ categoryFilterId: eventsCategoryId, filters: JSON.stringify({ from: '2027-01-01' }) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const disposition = res.headers.get('content-disposition') ?? ''
    expect(disposition).toContain('attachment')
    expect(disposition).toContain(`filename="Event Calendar ${siteName}.pdf"`)
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getTitle()).toBe(`Event Calendar ${siteName}`)
    expect(pdf.getPageCount()).toBe(1)
    const text = await pdfText(bytes, 'title')
    expect(text).toContain(listingPdfTexts.title)
    expect(text).toContain(siteName)
    expect(text).toContain('Page 1 of 1')
  })

  it('holds the events the grid shows for the same filters, with dates and town, and no others', async () => {
    const { res, bytes } = await download({
      categoryFilterId: eventsCategoryId,
      filters: JSON.stringify({ from: '01/04/2027', to: '30/09/2027' }),
    })
    expect(res.status).toBe(200)
    const text = await pdfText(bytes, 'filtered')
    expect(text).toContain('Barossa Vintage Festival')
    expect(text).toContain('20 Apr 2027 – 26 Apr 2027')
    expect(text).toContain('Tanunda')
    expect(text).toContain('April 2027')
    expect(text).toContain('Barossa Gourmet Weekend')
    expect(text).toContain('Greenock')
    expect(text).toContain('August 2027')
    // Outside the dates, or not events:
    expect(text).not.toContain('Jazz in the Vines')
    expect(text).not.toContain('Last Year Harvest Dinner')
    expect(text).not.toContain('Seppeltsfield Cellar Door')
    expect(text).not.toContain('Angaston Heritage Hotel')
    // In the grid's order: by start date.
    expect(text.indexOf('Barossa Vintage Festival')).toBeLessThan(text.indexOf('Barossa Gourmet Weekend'))

    const grid = (await (
      await anon.post('/api/listing/fetch', { categoryFilterId: eventsCategoryId, filters: { from: '01/04/2027', to: '30/09/2027' } })
    ).json()) as { totalListings: number }
    expect(grid.totalListings).toBe(2)
    expect(text).toContain(listingPdfTexts.count(2))
  })

  it('speaks the language it is asked in: German words and dates, Chinese in an embedded font subset', async () => {
    const query = { categoryFilterId: eventsCategoryId, filters: JSON.stringify({ from: '01/04/2027', to: '30/09/2027' }) }
    const german = await download({ ...query, lang: 'de' })
    expect(german.res.status).toBe(200)
    expect(german.res.headers.get('content-disposition')).toContain(encodeURIComponent(de.listings.grid.pdfFileName(siteName)))
    const germanText = await pdfText(german.bytes, 'de')
    expect(germanText).toContain(de.listingPdf.title)
    expect(germanText).toContain(de.listingPdf.count(2))
    expect(germanText).toContain('August 2027')
    expect(germanText).toContain('Seite 1 von 1')
    expect(germanText).not.toContain(listingPdfTexts.title)
    // The listings as the German grid shows them: the provider's German name, English where it has none.
    expect(germanText).toContain('Barossa Weinlesefest')
    // (its description, untranslated, still names it in English)
    expect(germanText).not.toMatch(/^Barossa Vintage Festival$/m)
    expect(germanText).toMatch(/^Barossa Vintage Festival in Tanunda/m)
    expect(germanText).toContain('Barossa Gourmet Weekend')

    const chinese = await download({ ...query, lang: 'zh-hans' })
    expect(chinese.res.status).toBe(200)
    const chineseText = await pdfText(chinese.bytes, 'zh')
    // The characters come out of the PDF as written: the font holds them (the built-in ones would drop them).
    expect(chineseText).toContain(zhHans.listingPdf.title)
    expect(chineseText).toContain('2027年4月')
    expect(chineseText).toContain('第 1 页，共 1 页')
    expect(chineseText).toContain('Barossa Vintage Festival')
    const file = path.join(tmp, 'zh.pdf')
    const { stdout: fonts } = await run('pdffonts', [file])
    // Embedded, and a subset (ABCDEF+NotoSansSC…): only the glyphs used, not the 10 MB font.
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSansSC\S*\s.*\syes\s+yes\s/)
    expect(chinese.bytes.length).toBeLessThan(400_000)
    expect((await PDFDocument.load(chinese.bytes)).getTitle()).toBe(zhHans.listingPdf.documentTitle(siteName))

    // A language the site does not offer is the caller's mistake.
    const french = await download({ ...query, lang: 'fr' })
    expect(french.res.status).toBe(400)
    expect((JSON.parse(Buffer.from(french.bytes).toString()) as { error: { code: string } }).error.code).toBe('invalid_input')
  })

  it('applies location, keywords and checked categories like the grid', async () => {
    const byTown = await pdfText((await download({ location: 'Tanunda', filters: '{}' })).bytes, 'town')
    expect(byTown).toContain('Barossa Vintage Festival')
    expect(byTown).toContain('Last Year Harvest Dinner')
    expect(byTown).not.toContain('Barossa Gourmet Weekend')
    expect(byTown).not.toContain('Seppeltsfield Cellar Door')

    const byWords = await pdfText((await download({ search: 'gourm' })).bytes, 'words')
    expect(byWords).toContain('Barossa Gourmet Weekend')
    expect(byWords).not.toContain('Barossa Vintage Festival')

    const checked = await pdfText((await download({ checkedCategories: JSON.stringify(['ACCOMM', 'ATTRACTION']) })).bytes, 'checked')
    expect(checked).toContain('Angaston Heritage Hotel')
    expect(checked).toContain('Seppeltsfield Cellar Door')
    expect(checked).not.toContain('Barossa Vintage Festival')

    const none = await pdfText((await download({ search: 'nothing-matches-this' })).bytes, 'none')
    expect(none).toContain(listingPdfTexts.none)
  })

  it('embeds the listing picture and its pages render to pictures that are not blank', async () => {
    const { bytes } = await download({ categoryFilterId: eventsCategoryId, filters: '{}' })
    const file = path.join(tmp, 'render.pdf')
    fs.writeFileSync(file, bytes)
    const { stdout: images } = await run('pdfimages', ['-list', file])
    // Header lines, then one line per image: the festival's picture.
    expect(images.trim().split('\n').length - 2).toBe(1)
    await run('pdftoppm', ['-png', '-r', '50', file, path.join(tmp, 'page')])
    const pngs = fs.readdirSync(tmp).filter((f) => f.startsWith('page') && f.endsWith('.png'))
    expect(pngs.length).toBe((await PDFDocument.load(bytes)).getPageCount())
    for (const png of pngs) {
      const stats = await sharp(path.join(tmp, png)).stats()
      // A blank page is one flat colour: every channel's deviation is 0.
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(10)
    }
  })

  it('lays out 200 events over several numbered pages, in reasonable time', async () => {
    for (let i = 0; i < 200; i++) {
      const day = String((i % 28) + 1).padStart(2, '0')
      const month = String((i % 12) + 1).padStart(2, '0')
      await addListing({
        id: `bulk-${i}`,
        name: `Bulk Event ${String(i).padStart(3, '0')}`,
        category: 'EVENT',
        city: ['Tanunda', 'Angaston', 'Lyndoch', 'Nuriootpa'][i % 4]!,
        dates: [`2028-${month}-${day}`, `2028-${month}-${day}`],
        description: 'Long tables under the gums, local wine and music. '.repeat(8),
      })
    }
    const started = performance.now()
    const { result, maxMs: holdMs } = await longestHold(() =>
      download({ categoryFilterId: eventsCategoryId, filters: JSON.stringify({ from: '2028-01-01', to: '2028-12-31' }) }),
    )
    const { res, bytes } = result
    const ms = performance.now() - started
    console.log(
      `listingsPdf: 200 events, ${(bytes.length / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms; longest event-loop hold ${holdMs.toFixed(0)} ms`,
    )
    expect(res.status).toBe(200)
    // The layout runs in a worker thread: this thread stays free (laid out here, it was one hold of
    // most of the download). Measured against the download's own time, so a busy machine, which
    // stretches both, does not fail it: 284 ms of 13 s with CI running beside it, and a first CI
    // run where another job loaded the machine went past the 500 ms this once said.
    expect(holdMs).toBeLessThan(ms / 3)
    const pdf = await PDFDocument.load(bytes)
    const pages = pdf.getPageCount()
    expect(pages).toBeGreaterThan(5)
    const text = await pdfText(bytes, 'bulk')
    expect(text).toContain(listingPdfTexts.count(200))
    expect(text).toContain(`Page ${pages} of ${pages}`)
    for (let i = 0; i < 200; i++) expect(text).toContain(`Bulk Event ${String(i).padStart(3, '0')}`)
    expect(text).toContain('January 2028')
    expect(text).toContain('December 2028')
    // Seconds, not minutes: the time is printed above (13 s with a CI run beside it).
    expect(ms).toBeLessThan(60_000)
  }, 120_000)

  it('serves several downloads asked for at once (they take turns), each complete', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map(() =>
        download({ categoryFilterId: eventsCategoryId, filters: JSON.stringify({ from: '2027-01-01', to: '2027-12-31' }) }),
      ),
    )
    for (const { res, bytes } of results) {
      expect(res.status).toBe(200)
      expect((await PDFDocument.load(bytes)).getTitle()).toBe(`Event Calendar ${siteName}`)
    }
  })

  it('builds a calendar once and serves it from memory until a listing is published', async () => {
    const query = { categoryFilterId: eventsCategoryId, filters: JSON.stringify({ from: '2029-01-01', to: '2029-12-31' }) }
    await addListing({
      id: 'cache-a',
      name: 'Cached Harvest Ball',
      category: 'EVENT',
      city: 'Angaston',
      dates: ['2029-03-01', '2029-03-01'],
    })
    const first = await download(query)
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('x-cache')).toBe('MISS')

    const started = performance.now()
    const second = await download(query)
    const cachedMs = performance.now() - started
    expect(second.res.status).toBe(200)
    expect(second.res.headers.get('x-cache')).toBe('HIT')
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    expect(cachedMs).toBeLessThan(200)
    // The same filters with the checked categories in another order are the same calendar.
    const reordered = await download({ ...query, checkedCategories: JSON.stringify(['EVENT', 'FESTIVAL']) })
    const reorderedAgain = await download({ ...query, checkedCategories: JSON.stringify(['FESTIVAL', 'EVENT']) })
    expect(reordered.res.headers.get('x-cache')).toBe('MISS')
    expect(reorderedAgain.res.headers.get('x-cache')).toBe('HIT')

    // Publishing a listing (as an editor or a sync does) makes the next request build it anew.
    await addListing({
      id: 'cache-b',
      name: 'Freshly Published Picnic',
      category: 'EVENT',
      city: 'Tanunda',
      dates: ['2029-05-01', '2029-05-01'],
    })
    const after = await download(query)
    expect(after.res.headers.get('x-cache')).toBe('MISS')
    const text = await pdfText(after.bytes, 'after-publish')
    expect(text).toContain('Cached Harvest Ball')
    expect(text).toContain('Freshly Published Picnic')
    expect(text).toContain(listingPdfTexts.count(2))
  })

  it('identical requests at once share one build; more calendars than the queue holds get 429 with Retry-After', async () => {
    const same = { categoryFilterId: eventsCategoryId, filters: JSON.stringify({ from: '2028-01-01', to: '2028-06-30' }) }
    await addListing({
      id: 'share-1',
      name: 'Shared Build Soiree',
      category: 'EVENT',
      city: 'Lyndoch',
      dates: ['2028-02-02', '2028-02-02'],
    })
    const shared = await Promise.all([0, 1, 2, 3].map(() => download(same)))
    expect(shared.map(({ res }) => res.status)).toEqual([200, 200, 200, 200])
    expect(shared.filter(({ res }) => res.headers.get('x-cache') === 'MISS').length).toBe(1)

    // One thread and one waiting place: of four different calendars asked for at once, two are built.
    const towns = ['Tanunda', 'Angaston', 'Lyndoch', 'Nuriootpa']
    const results = await Promise.all(towns.map((town) => download({ location: town, filters: JSON.stringify({ from: '2028-01-01' }) })))
    const statuses = results.map(({ res }) => res.status).sort()
    expect(statuses).toEqual([200, 200, 429, 429])
    for (const { res, bytes } of results.filter(({ res }) => res.status === 429)) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('rate_limited')
      expect(body.error.message).toMatch(/try again/i)
    }
    // Once they are done, the refused calendars are built.
    const retried = await download({ location: 'Nuriootpa', filters: JSON.stringify({ from: '2028-01-01' }) })
    expect(retried.res.status).toBe(200)
  })

  it('refuses a malformed query with 400 in the error shape', async () => {
    const queries: Record<string, string>[] = [
      { checkedCategories: 'EVENT' },
      { checkedCategories: JSON.stringify({ a: 1 }) },
      { filters: 'from=2027' },
      { filters: JSON.stringify(['2027-01-01']) },
      { filters: JSON.stringify({ from: '31/02/2027' }) },
      { filters: JSON.stringify({ since: '2027-01-01' }) },
      { search: 'x'.repeat(500) },
    ]
    for (const query of queries) {
      const { res, bytes } = await download(query)
      expect(res.status, JSON.stringify(query)).toBe(400)
      const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as { error: { code: string; message: string } }
      expect(body.error.message).toBeTruthy()
      expect(body.error.code).toBeTruthy()
    }
  })

  it('never fetches a picture whose address is inside the network (SSRF guard, issue 29 point 7)', async () => {
    let asked = 0
    const inside = http.createServer((_req, res) => {
      asked++
      res.writeHead(200, { 'content-type': 'image/png' }).end()
    })
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve))
    const port = (inside.address() as AddressInfo).port
    try {
      const addresses = [
        `http://127.0.0.1:${port}/inside.png`,
        `http://localhost:${port}/inside.png`,
        'http://169.254.169.254/latest/meta-data/',
      ]
      for (const [i, imageUrl] of addresses.entries()) {
        await addListing({
          id: `ssrf-${i}`,
          name: `Inside Picture ${i}`,
          category: 'EVENT',
          city: 'Tanunda',
          dates: ['2031-05-01', '2031-05-01'],
          imageUrl,
        })
      }
      const { res, bytes } = await download({
        categoryFilterId: eventsCategoryId,
        filters: JSON.stringify({ from: '2031-01-01', to: '2031-12-31' }),
      })
      expect(res.status).toBe(200)
      const text = await pdfText(bytes, 'ssrf')
      for (const i of addresses.keys()) expect(text).toContain(`Inside Picture ${i}`)
      const file = path.join(tmp, 'ssrf.pdf')
      const { stdout: images } = await run('pdfimages', ['-list', file])
      expect(images.trim().split('\n').length - 2).toBe(0)
      expect(asked).toBe(0)
    } finally {
      inside.closeAllConnections()
      await new Promise<void>((resolve) => inside.close(() => resolve()))
    }
  })
})
