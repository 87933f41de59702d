/**
 * A bounded crawl of the demo site as a visitor's browser would follow it: from the home page over
 * same-origin links, up to MAX_PAGES pages (breadth first, so the navigation's pages come first),
 * every link and picture found on them is requested. None may be broken: a link answers 200 (after
 * redirects), a picture answers 200 with an image. Links to other sites are not followed (the
 * demo runs offline).
 */
import { expect, test, vi } from 'vitest'
import { laneBaseUrl } from '../helpers/lane.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(600_000) })

const baseUrl = laneBaseUrl()
const origin = new URL(baseUrl).origin
const MAX_PAGES = 300
const CONCURRENCY = 4

const entities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#x27': "'", '#39': "'", '#x2F': '/' }
const decode = (s: string) => s.replace(/&(#x27|#39|#x2F|amp|quot|apos|lt|gt);/g, (_, name: string) => entities[name]!)

/** Same-origin address without its fragment, or null for other sites, mailto:, tel: and the like. */
function internal(raw: string, base: string): string | null {
  const value = decode(raw.trim())
  if (!value || value.startsWith('#') || /^(mailto|tel|javascript|data|blob):/i.test(value)) return null
  const url = new URL(value, base)
  if (url.origin !== origin) return null
  url.hash = ''
  return url.href
}

interface Found {
  links: string[]
  pictures: string[]
}

/** The links (a[href]) and pictures (img src/srcset, source srcset, icons) of a page's HTML. */
function extract(html: string, pageUrl: string): Found {
  const links: string[] = []
  const pictures: string[] = []
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]
  for (const [tag] of html.matchAll(/<a\b[^>]*>/g)) {
    const href = attr(tag, 'href')
    if (href === undefined) continue
    const url = internal(href, pageUrl)
    if (url) links.push(url)
  }
  for (const [tag] of html.matchAll(/<(img|source)\b[^>]*>/g)) {
    const src = attr(tag, 'src')
    const candidates = [
      ...(src ? [src] : []),
      ...(attr(tag, 'srcset') ?? attr(tag, 'srcSet') ?? '').split(/,\s+/).map((c) => c.trim().split(/\s+/)[0]!),
    ]
    for (const candidate of candidates) {
      const url = candidate && internal(candidate, pageUrl)
      if (url) pictures.push(url)
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="(icon|apple-touch-icon)"/.test(tag)) continue
    const url = attr(tag, 'href') && internal(attr(tag, 'href')!, pageUrl)
    if (url) pictures.push(url)
  }
  return { links, pictures }
}

test(`a crawl of up to ${MAX_PAGES} pages from the home page finds no broken link or picture`, async () => {
  const queue: string[] = [`${origin}/`]
  const seenLinks = new Set(queue)
  const seenPictures = new Set<string>()
  /** Where each address was first found, for the report. */
  const foundOn = new Map<string, string>()
  const broken: string[] = []
  let pages = 0
  /** The paths of the pages read. */
  const read = new Set<string>()
  let linksChecked = 0
  let picturesChecked = 0

  const visitLink = async (url: string) => {
    const res = await fetch(url, { redirect: 'follow' })
    linksChecked++
    const type = res.headers.get('content-type') ?? ''
    if (res.status !== 200) {
      await res.body?.cancel()
      broken.push(`link ${url} answered ${res.status} (found on ${foundOn.get(url) ?? 'start'})`)
      return
    }
    // Only pages of this site are read for more links, up to the budget; other answers (a PDF, a
    // file) only have to be there.
    if (!type.startsWith('text/html') || pages >= MAX_PAGES || new URL(res.url).origin !== origin) {
      await res.body?.cancel()
      return
    }
    pages++
    read.add(new URL(res.url).pathname)
    const found = extract(await res.text(), res.url)
    for (const link of found.links)
      if (!seenLinks.has(link)) {
        seenLinks.add(link)
        foundOn.set(link, url)
        queue.push(link)
      }
    for (const picture of found.pictures)
      if (!seenPictures.has(picture)) {
        seenPictures.add(picture)
        foundOn.set(picture, url)
        pictureQueue.push(picture)
      }
  }
  const pictureQueue: string[] = []
  const visitPicture = async (url: string) => {
    const res = await fetch(url)
    picturesChecked++
    const type = res.headers.get('content-type') ?? ''
    const bytes = res.status === 200 ? (await res.arrayBuffer()).byteLength : (await res.body?.cancel(), 0)
    if (res.status !== 200 || !type.startsWith('image/') || bytes === 0)
      broken.push(`picture ${url} answered ${res.status} ${type} (${bytes} bytes; found on ${foundOn.get(url)})`)
  }

  // A few requests at a time, pages first (they find more), until nothing is left to check.
  const worker = async () => {
    for (;;) {
      const link = queue.shift()
      if (link) {
        await visitLink(link)
        continue
      }
      const picture = pictureQueue.shift()
      if (picture) {
        await visitPicture(picture)
        continue
      }
      return
    }
  }
  // Workers that find the queues empty while others still read pages would stop early: run rounds
  // until a round finds nothing left.
  while (queue.length || pictureQueue.length) await Promise.all(Array.from({ length: CONCURRENCY }, worker))

  expect(broken, `${broken.length} broken of ${linksChecked} links and ${picturesChecked} pictures`).toEqual([])
  // The crawl really walked the demo: every page of the main navigation, listing pages, pictures.
  const home = await (await fetch(`${origin}/`)).text()
  const navPaths = [...(/<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(home)?.[0] ?? '').matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!)
  expect(navPaths.length, 'links in the main navigation').toBeGreaterThan(3)
  expect(
    navPaths.filter((p) => !read.has(p)),
    'navigation pages the crawl did not read',
  ).toEqual([])
  expect([...read].filter((p) => p.startsWith('/listing/')).length, 'listing pages read').toBeGreaterThan(0)
  expect(picturesChecked).toBeGreaterThan(20)
  console.log(`crawl: ${pages} pages read, ${linksChecked} links and ${picturesChecked} pictures checked, none broken`)
})
