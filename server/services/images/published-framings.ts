/**
 * Which crops and focal points visitors may have rendered: those the published site uses for each
 * image, looked up in the published documents and kept a minute.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { listings, pages, siteDocuments, stories } from '../../db/schema.ts'
import { editorOnly, type Plan, type TransformParams } from './plan.ts'

/** Refuses what visitors may not have rendered: q, b, and crops or focal points the published site does not give the image. */
export async function assertVisitorVariant(imageId: string, p: TransformParams, plan: Plan, framings: PublishedFramings) {
  if (p.q !== undefined) throw editorOnly('The quality (q) is not one of the variants the site uses')
  if (p.b !== undefined) throw editorOnly('Blurred (b) variants are not ones the site uses')
  // A crop or focal point that changes nothing (the whole image, the same aspect) makes no new variant.
  if (!plan.crop) return
  const crop = [p.cx, p.cy, p.cw, p.ch].every((v) => v !== undefined) ? cropKey(p.cx!, p.cy!, p.cw!, p.ch!) : null
  const focal = p.fx !== undefined || p.fy !== undefined ? focalKey(p.fx ?? 0.5, p.fy ?? 0.5) : null
  if (!crop && !focal) return
  const known = (used: UsedFramings) => (!crop || used.crops.has(crop)) && (!focal || used.focals.has(focal))
  if (known(await framings.of(imageId))) return
  // Published a moment ago? Look again (at most once a second per image) before refusing.
  if (known(await framings.of(imageId, true))) return
  throw editorOnly('This crop or focal point is not one the published site uses for this image')
}

const cropKey = (x: number, y: number, width: number, height: number) => [x, y, width, height].map((v) => Math.round(v)).join(',')
const r3 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000
/** As lib/image-url.ts writes a focal point: 0..1 with three decimals. */
const focalKey = (x: number, y: number) => `${r3(x)},${r3(y)}`

interface UsedFramings {
  crops: Set<string>
  focals: Set<string>
  at: number
}

export type PublishedFramings = ReturnType<typeof createPublishedFramings>

/**
 * The crops and focal points the published site uses for each image: every object carrying the
 * image's id in a published page, site document, listing or story, with its `crop` (one rectangle
 * or one per breakpoint) and `focal`. Kept for a minute per image; looked up again on a miss at most
 * once a second, one look-up at a time.
 */
export function createPublishedFramings(db: Db) {
  const cache = new Map<string, UsedFramings>()
  const pending = new Map<string, Promise<UsedFramings>>()
  let queue: Promise<unknown> = Promise.resolve()

  async function load(imageId: string): Promise<UsedFramings> {
    const needle = `%"${imageId.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`
    const mentions = (
      column: typeof pages.publishedDoc | typeof siteDocuments.publishedDoc | typeof listings.publicDoc | typeof stories.publishedDoc,
    ) => sql`${column}::text like ${needle}`
    const docs = await Promise.all([
      db.select({ doc: pages.publishedDoc }).from(pages).where(mentions(pages.publishedDoc)),
      db.select({ doc: siteDocuments.publishedDoc }).from(siteDocuments).where(mentions(siteDocuments.publishedDoc)),
      db.select({ doc: listings.publicDoc }).from(listings).where(mentions(listings.publicDoc)),
      db.select({ doc: stories.publishedDoc }).from(stories).where(mentions(stories.publishedDoc)),
    ])
    const used: UsedFramings = { crops: new Set(), focals: new Set(), at: Date.now() }
    const isCrop = (v: unknown): v is { x: number; y: number; width: number; height: number } => {
      const c = v as Record<string, unknown> | null
      return !!c && typeof c === 'object' && ['x', 'y', 'width', 'height'].every((k) => typeof c[k] === 'number')
    }
    const stack: unknown[] = docs.flat().map((r) => r.doc)
    while (stack.length) {
      const node = stack.pop()
      if (Array.isArray(node)) stack.push(...node)
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>
        if (o.imageId === imageId) {
          const crops = isCrop(o.crop) ? [o.crop] : o.crop && typeof o.crop === 'object' ? Object.values(o.crop) : []
          for (const c of crops) if (isCrop(c)) used.crops.add(cropKey(c.x, c.y, c.width, c.height))
          const f = o.focal as { x?: unknown; y?: unknown } | undefined
          if (f && typeof f.x === 'number' && typeof f.y === 'number') used.focals.add(focalKey(f.x, f.y))
        }
        for (const v of Object.values(o)) if (v && typeof v === 'object') stack.push(v)
      }
    }
    return used
  }

  return {
    clear: () => cache.clear(),
    async of(imageId: string, fresh = false): Promise<UsedFramings> {
      const cached = cache.get(imageId)
      const age = cached ? Date.now() - cached.at : Infinity
      if (cached && age < 60_000 && (!fresh || age < 1000)) return cached
      // One look-up per image, one at a time: refused guesses cannot pile up database scans.
      let job = pending.get(imageId)
      if (!job) {
        job = queue
          .then(() => load(imageId))
          .then((used) => {
            cache.delete(imageId)
            cache.set(imageId, used)
            if (cache.size > 2000) cache.delete(cache.keys().next().value!)
            return used
          })
          .finally(() => pending.delete(imageId))
        queue = job.catch(() => undefined)
        pending.set(imageId, job)
      }
      return job
    },
  }
}
