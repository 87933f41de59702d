/**
 * A publish under visitor load (issue 32 point 7, after issue 29 point 5). Visitors keep asking for
 * a page at its own address and at campaign addresses (a query string each) while it is published
 * again and again. What must hold:
 * - no visitor waits long: every answer comes within a bound tied to one render of the page
 *   (measured here first), since a stale page is served while one render refreshes it
 *   (stale-while-revalidate) and concurrent misses wait for one render (single flight);
 * - read your own writes: once a publish has answered, the page's own address shows that version;
 * - the generation rule: an answer older than the last publish is only ever a stale copy served
 *   while its refresh runs (x-cache: STALE), and an address never goes back to an older version
 *   once it has shown a newer one (before the fix of issue 29, the cache could keep serving the
 *   previous version, x-cache: HIT, until the 300 s maximum age).
 */
import { describe, expect, inject, it } from 'vitest'
import { laneBaseUrl } from '../helpers/lane.ts'

const baseUrl = laneBaseUrl()
const editor = inject('editor')

const VISITORS = 12
const PUBLISHES = 6
/** Campaign addresses of the page (a query string each): each is cached and refreshed on its own. */
const VARIANTS = 8
/**
 * Bounds in renders of the page (measured on an idle server). The visitors ask without pause, so an
 * answer may queue behind one piece of work of each other visitor (at most a render each): 99
 * answers in 100 within VISITORS + 3 renders, and the slowest within 30 (a garbage collection or the
 * test runner itself may pause the server once). A publish stalling visitors, as before issue 32,
 * made them wait seconds (p50 4.0 s). With 10 renders, a clean-clone CI run on this machine kind
 * measured p99 at 11.0 renders (596 ms for a 54 ms render, p50 64 ms): a queue, not a stall.
 */
const RENDERS_BOUND_P99 = VISITORS + 3
const RENDERS_BOUND_MAX = 30

async function signIn() {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: editor.username, password: editor.password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

interface Answer {
  address: string
  start: number
  end: number
  version: number
  cache: string
}

const versionOf = (html: string) => Number(/Load version (\d+)/.exec(html)?.[1] ?? -1)

describe('publishing under visitor load', () => {
  it(
    'no visitor waits longer than a bound tied to one render, and once a publish answers nobody is served an older version but a stale copy while it is refreshed',
    { timeout: 240_000 },
    async () => {
      const headers = { authorization: `Bearer ${await signIn()}`, 'content-type': 'application/json' }
      const slug = `publish-load-${Date.now().toString(36)}`
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${baseUrl}/api/page/${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
        expect(res.status, await res.clone().text()).toBe(200)
        return (await res.json()) as { header: Record<string, unknown> } & Record<string, unknown>
      }
      let page = await post('save', { page: { slug, template: 'generic', header: { title: 'Load version 0' } } })
      page = await post('publishPage', { page })

      // One render of the page, on an idle server: addresses nobody asked for yet are rendered.
      const renders: number[] = []
      for (let i = 0; i < 5; i++) {
        const start = performance.now()
        const res = await fetch(`${baseUrl}/${slug}?probe=${i}`)
        expect(versionOf(await res.text())).toBe(0)
        expect(res.headers.get('x-cache')).toBe('MISS')
        renders.push(performance.now() - start)
      }
      const renderMs = renders.sort((a, b) => a - b)[2]!
      const boundMs = RENDERS_BOUND_P99 * renderMs
      const maxBoundMs = RENDERS_BOUND_MAX * renderMs

      const answers: Answer[] = []
      const publishedAt: number[] = [0]
      let done = false
      const addresses = [`/${slug}`, ...Array.from({ length: VARIANTS }, (_, i) => `/${slug}?utm_content=${i}`)]
      const visit = async (address: string) => {
        const start = performance.now()
        const res = await fetch(`${baseUrl}${address}`)
        const html = await res.text()
        const answer = { address, start, end: performance.now(), version: versionOf(html), cache: res.headers.get('x-cache') ?? '' }
        expect(res.status).toBe(200)
        answers.push(answer)
        return answer
      }
      const visitor = async (_: unknown, id: number) => {
        for (let n = 0; !done; n++) await visit(addresses[(id + n) % addresses.length]!)
      }
      const visitors = Array.from({ length: VISITORS }, visitor)

      for (let n = 1; n <= PUBLISHES; n++) {
        page = await post('save', { page: { ...page, header: { ...page.header, title: `Load version ${n}` } } })
        page = await post('publishPage', { page })
        publishedAt[n] = performance.now()
        // Read your own writes: right after the answer, as the editor would look at it as a visitor.
        expect((await visit(`/${slug}`)).version).toBe(n)
      }
      // Every address comes to the last version (each is refreshed when a visitor asks for it).
      const settled = performance.now()
      for (;;) {
        const last = addresses.map((address) => answers.filter((a) => a.address === address && a.start > settled).at(-1)?.version)
        if (last.every((v) => v === PUBLISHES)) break
        expect(performance.now() - settled, `addresses still showing ${JSON.stringify(last)}`).toBeLessThan(30_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      done = true
      await Promise.all(visitors)

      const waits = answers.map((a) => a.end - a.start).sort((a, b) => a - b)
      const stale = answers.filter((a) => a.cache === 'STALE').length
      console.log(
        `${PUBLISHES} publishes under ${answers.length} answers to ${VISITORS} visitors: one render ${renderMs.toFixed(0)} ms, ` +
          `bounds p99 ${boundMs.toFixed(0)} ms, max ${maxBoundMs.toFixed(0)} ms; answers p50 ${waits[Math.floor(waits.length / 2)]!.toFixed(0)} ms, ` +
          `p99 ${waits[Math.floor(waits.length * 0.99)]!.toFixed(0)} ms, max ${waits.at(-1)!.toFixed(0)} ms; ${stale} stale copies served`,
      )
      expect(answers.length).toBeGreaterThan(PUBLISHES * VISITORS)
      expect(waits[Math.floor(waits.length * 0.99)]).toBeLessThanOrEqual(boundMs)
      expect(waits.at(-1)).toBeLessThanOrEqual(maxBoundMs)

      const latestBefore = (t: number) => publishedAt.filter((at) => at <= t).length - 1
      const problems: string[] = []
      for (const answer of answers) {
        const published = latestBefore(answer.start)
        // Older than the last publish that had answered when it was asked: only a stale copy being refreshed.
        if (answer.version < published && answer.cache !== 'STALE')
          problems.push(`${answer.address}: version ${answer.version} after publish ${published} (x-cache ${answer.cache})`)
        // The page's own address is refreshed before the publish answers.
        if (answer.address === `/${slug}` && answer.version < published)
          problems.push(`${answer.address}: version ${answer.version} after publish ${published} answered (x-cache ${answer.cache})`)
      }
      // No address goes back: an answer asked after another one ended is never older than it.
      for (const address of addresses) {
        const mine = answers.filter((a) => a.address === address)
        for (const later of mine) {
          const newest = Math.max(-1, ...mine.filter((a) => a.end < later.start).map((a) => a.version))
          if (later.version < newest) problems.push(`${address}: version ${later.version} after version ${newest} was served`)
        }
      }
      expect(problems).toEqual([])
    },
  )
})
