/**
 * Where a library file is used (issue 36 point 4, docs/decisions/035): every page, story, listing
 * override and site document (navigation, footer, settings) whose stored draft or published copy
 * names the file, by its id in an `imageId` field or by its address (`/img/<id>`) in any text.
 * Generic: a new block that stores pictures the usual way is found without registering.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/query.ts'
import { rowsOf } from '../../db/query.ts'

import type { MediaUse, UseKind } from '#lib/media'

export type { MediaUse, UseKind }

/** One stored document that may name an image. */
interface StoredDoc {
  kind: UseKind
  id: string
  domainId: string
  title: string
  href: string
  draft: unknown
  published: unknown
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The documents whose text mentions the id (as "id" or /img/id): a cheap filter before the walk. */
async function mentioning(db: Executor, imageId: string): Promise<StoredDoc[]> {
  const quoted = `%"${likeEscape(imageId)}"%`
  const address = `%/img/${likeEscape(imageId)}%`
  const mentions = (column: SQL) => sql`(coalesce(${column}::text, '') like ${quoted} or coalesce(${column}::text, '') like ${address})`
  const rows = await rowsOf<{
    kind: UseKind
    id: string
    domain_id: string
    title: string | null
    slug: string | null
    draft: unknown
    published: unknown
  }>(
    db,
    sql`
      select 'page' as kind, id, domain_id, coalesce(nullif(draft#>>'{header,title}', ''), nullif(draft->>'title', ''), published_doc#>>'{header,title}', slug) as title, slug, draft, published_doc as published
        from pages where ${mentions(sql`draft`)} or ${mentions(sql`published_doc`)}
      union all
      select 'story', id, domain_id, coalesce(nullif(draft->>'title', ''), nullif(draft#>>'{header,title}', ''), published_doc->>'title', slug), slug, draft, published_doc
        from stories where ${mentions(sql`draft`)} or ${mentions(sql`published_doc`)}
      union all
      select 'listing', id, domain_id, name, doc->>'slug', doc, public_doc
        from listings where ${mentions(sql`doc`)} or ${mentions(sql`public_doc`)}
      union all
      select 'setting', kind, domain_id, kind, '', draft, published_doc
        from site_documents where ${mentions(sql`draft`)} or ${mentions(sql`published_doc`)}
    `,
  )
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    domainId: r.domain_id,
    title: r.kind === 'setting' ? settingTitle(r.id) : r.title || r.id,
    href: r.kind === 'setting' ? '/' : r.kind === 'story' ? `/chapters/${r.slug ?? ''}` : `/${r.slug ?? ''}`,
    draft: typeof r.draft === 'string' ? JSON.parse(r.draft) : r.draft,
    published: typeof r.published === 'string' ? JSON.parse(r.published) : r.published,
  }))
}

const SETTING_TITLES: Record<string, string> = { nav: 'Navigation', footer: 'Footer', siteSettings: 'Site settings' }
const settingTitle = (kind: string) => SETTING_TITLES[kind] ?? kind

/** The places inside a document that show the image: the header, a block, or a field path. */
export function placesIn(doc: unknown, imageId: string): string[] {
  const found = new Set<string>()
  const address = `/img/${imageId}`
  const placeOf = (path: (string | number)[], blocks: { componentType: string; key?: string }[]) => {
    const block = blocks[blocks.length - 1]
    if (block) return block.key ? `${block.componentType} #${block.key}` : block.componentType
    if (path[0] === 'header') return 'header'
    return path.filter((p) => typeof p === 'string').join('.') || 'document'
  }
  const walk = (value: unknown, path: (string | number)[], blocks: { componentType: string; key?: string }[]) => {
    if (typeof value === 'string') {
      if (value.includes(address)) found.add(placeOf(path, blocks))
      return
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, i], blocks))
      return
    }
    if (!value || typeof value !== 'object') return
    const node = value as Record<string, unknown>
    const inner =
      typeof node.componentType === 'string'
        ? [...blocks, { componentType: node.componentType, ...(typeof node._key === 'string' ? { key: node._key } : {}) }]
        : blocks
    if (node.imageId === imageId) found.add(placeOf(path, inner))
    for (const [key, child] of Object.entries(node)) walk(child, [...path, key], inner)
  }
  walk(doc, [], [])
  return [...found]
}

/** Every use of the image, each with the places inside it; empty when nothing shows it. */
export async function findUses(db: Executor, imageId: string): Promise<MediaUse[]> {
  const uses: MediaUse[] = []
  for (const doc of await mentioning(db, imageId)) {
    const inDraft = placesIn(doc.draft, imageId)
    const inPublished = placesIn(doc.published, imageId)
    if (!inDraft.length && !inPublished.length) continue
    uses.push({
      kind: doc.kind,
      id: doc.id,
      domainId: doc.domainId,
      title: doc.title,
      href: doc.href,
      where: inDraft.length && inPublished.length ? 'both' : inDraft.length ? 'draft' : 'published',
      places: [...new Set([...inDraft, ...inPublished])],
    })
  }
  return uses.sort((a, b) => a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title))
}

/**
 * The ids every stored document names (imageId fields and /img/ addresses), in one statement: the
 * library's "unused" filter and its use counts. jsonpath `.**` walks any depth.
 */
export function usedIdsQuery(): SQL {
  const ids = (column: string, table: string) =>
    sql.raw(`
      select jsonb_path_query(${column}, 'strict $.**.imageId') #>> '{}' as id from ${table} where ${column} is not null
      union select (regexp_matches(${column}::text, '/img/([A-Za-z0-9][A-Za-z0-9_-]{0,99})', 'g'))[1] from ${table} where ${column} is not null`)
  return sql`${ids('draft', 'pages')} union ${ids('published_doc', 'pages')}
    union ${ids('draft', 'stories')} union ${ids('published_doc', 'stories')}
    union ${ids('doc', 'listings')} union ${ids('public_doc', 'listings')}
    union ${ids('draft', 'site_documents')} union ${ids('published_doc', 'site_documents')}`
}

export interface Crop {
  x: number
  y: number
  width: number
  height: number
}

/** A use whose crop no longer fits the replacing picture: the crop was removed (the focal point frames it). */
export interface FlaggedCrop {
  kind: UseKind
  id: string
  title: string
  href: string
  place: string
  cropKey: string
}

const isCrop = (v: unknown): v is Crop => {
  const c = v as Record<string, unknown> | null
  return !!c && typeof c === 'object' && ['x', 'y', 'width', 'height'].every((k) => typeof c[k] === 'number')
}

/**
 * Fits the framing of every use to a replacing picture, and marks each use with the new version
 * (`v`, in every address that shows it: browsers and the CDN fetch the new picture at once). A crop
 * is kept where it still fits: scaled when the new picture has the same shape, unchanged when it
 * lies inside the new picture; otherwise it is removed and flagged. Focal points are fractions of
 * the picture: they always fit.
 */
export function refitDoc(
  doc: unknown,
  imageId: string,
  version: number,
  before: { width: number; height: number },
  after: { width: number; height: number },
): { doc: unknown; flagged: { place: string; cropKey: string }[] } {
  const flagged: { place: string; cropKey: string }[] = []
  const sameShape = Math.abs(before.width / before.height - after.width / after.height) < 0.01
  const kx = after.width / before.width
  const ky = after.height / before.height
  const fit = (crop: Crop): Crop | null => {
    if (sameShape) {
      return {
        x: Math.round(crop.x * kx),
        y: Math.round(crop.y * ky),
        width: Math.round(crop.width * kx),
        height: Math.round(crop.height * ky),
      }
    }
    return crop.x >= 0 && crop.y >= 0 && crop.x + crop.width <= after.width && crop.y + crop.height <= after.height ? crop : null
  }
  const walk = (value: unknown, blocks: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, blocks))
    if (!value || typeof value !== 'object') return value
    const node = { ...(value as Record<string, unknown>) }
    const inner =
      typeof node.componentType === 'string'
        ? [...blocks, `${node.componentType}${typeof node._key === 'string' ? ` #${node._key}` : ''}`]
        : blocks
    for (const [key, child] of Object.entries(node)) node[key] = walk(child, inner)
    if (node.imageId === imageId) {
      node.v = version
      const place = inner[inner.length - 1] ?? 'header'
      if (isCrop(node.crop)) {
        const kept = fit(node.crop)
        if (kept) node.crop = kept
        else {
          delete node.crop
          flagged.push({ place, cropKey: 'crop' })
        }
      } else if (node.crop && typeof node.crop === 'object') {
        const crops: Record<string, Crop> = {}
        for (const [cropKey, crop] of Object.entries(node.crop as Record<string, unknown>)) {
          const kept = isCrop(crop) ? fit(crop) : null
          if (kept) crops[cropKey] = kept
          else flagged.push({ place, cropKey })
        }
        if (Object.keys(crops).length) node.crop = crops
        else delete node.crop
      }
    }
    return node
  }
  return { doc: walk(doc, []), flagged }
}

export interface RefitResult {
  flagged: FlaggedCrop[]
  /** What changed, for the content bus (page cache, CDN): pages per domain, stories, listings, site documents. */
  changed: { kind: UseKind; id: string; domainId: string }[]
}

/** Who replaced the picture: the documents' "saved by" (pages, stories keep the name; site documents the id). */
export interface RefitActor {
  userId: string | null
  username: string | null
}

/**
 * Applies refitDoc to every stored document naming the image (inside the caller's transaction).
 * A document whose editor's copy changes gets a new version, as a save would: an editor still
 * holding the old one is merged against it (pages, site documents) or refused (stories, listings),
 * never silently writing the old reference back over the replaced one; the page's history keeps the
 * change as a 'replace' version, which is the merge's base. A change to the published copy alone
 * leaves the version (no editor's save can overwrite a published copy).
 */
export async function refitUses(
  tx: Executor,
  imageId: string,
  version: number,
  before: { width: number; height: number },
  after: { width: number; height: number },
  actor: RefitActor = { userId: null, username: null },
): Promise<RefitResult> {
  const flagged: FlaggedCrop[] = []
  const changed: RefitResult['changed'] = []
  for (const doc of await mentioning(tx, imageId)) {
    if (!placesIn(doc.draft, imageId).length && !placesIn(doc.published, imageId).length) continue
    const draft = refitDoc(doc.draft, imageId, version, before, after)
    const published = doc.published ? refitDoc(doc.published, imageId, version, before, after) : null
    const seen = new Set<string>()
    for (const f of [...draft.flagged, ...(published?.flagged ?? [])]) {
      const key = `${f.place}/${f.cropKey}`
      if (seen.has(key)) continue
      seen.add(key)
      flagged.push({ kind: doc.kind, id: doc.id, title: doc.title, href: doc.href, ...f })
    }
    const d = JSON.stringify(draft.doc)
    const p = published ? JSON.stringify(published.doc) : null
    const bump = d !== JSON.stringify(doc.draft) ? 1 : 0
    // Only a changed editor's copy counts as a save (its time and who made it).
    const stamp = (by: string | null) => (bump ? sql`, version = version + 1, updated_by = ${by}, updated_at = now()` : sql``)
    if (doc.kind === 'page') {
      const [row] = await rowsOf<{ version: number; slug: string }>(
        tx,
        sql`update pages set draft = ${d}::jsonb, published_doc = ${p}::jsonb ${stamp(actor.username)} where id = ${doc.id} returning version, slug`,
      )
      if (bump && row) {
        await tx.execute(
          sql`insert into page_versions (page_id, version, action, doc, slug, user_id, username)
              values (${doc.id}, ${row.version}, 'replace', ${d}::jsonb, ${row.slug}, ${actor.userId}, ${actor.username})`,
        )
      }
    } else if (doc.kind === 'story') {
      await tx.execute(
        sql`update stories set draft = ${d}::jsonb, published_doc = ${p}::jsonb ${stamp(actor.username)} where id = ${doc.id}`,
      )
    } else if (doc.kind === 'listing') {
      // A listing keeps no "saved by".
      const listingStamp = bump ? sql`, version = version + 1, updated_at = now()` : sql``
      await tx.execute(sql`update listings set doc = ${d}::jsonb, public_doc = ${p}::jsonb ${listingStamp} where id = ${doc.id}`)
    } else {
      await tx.execute(
        sql`update site_documents set draft = ${d}::jsonb, published_doc = ${p}::jsonb ${stamp(actor.userId)} where domain_id = ${doc.domainId} and kind = ${doc.id}`,
      )
    }
    changed.push({ kind: doc.kind, id: doc.id, domainId: doc.domainId })
  }
  return { flagged, changed }
}
