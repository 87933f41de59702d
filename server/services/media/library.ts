/**
 * The media library (issue 36, docs/decisions/035): finding files (search, folders, tags, filters,
 * sorting, a page at a time), the facts kept with each (alt text, caption, credit, licence, focal
 * point, tags, folder), where each is used, and the trash (a file in use cannot be deleted; an
 * unused one is restorable for 30 days, then purged by the job queue). No HTTP here.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { images, mediaFolders } from '../../db/schema.ts'
import { rowsOf } from '../../db/query.ts'
import type { JobQueue } from '../../jobs/queue.ts'
import { AppError, conflict, invalidInput, notFound } from '../errors.ts'
import { toRecord, type ImageRecord, type ImageService } from '../images.ts'
import { normaliseTags } from './tags.ts'
import { findUses, usedIdsQuery, type MediaUse } from './usage.ts'

/** How long a trashed file can be restored. */
export const TRASH_DAYS = 30
export const MEDIA_TRASH_PURGE_JOB = 'media.purge-trash'

export const librarySorts = ['newest', 'oldest', 'name', 'largest'] as const
export type LibrarySort = (typeof librarySorts)[number]
export const libraryFilters = ['unused', 'missingAlt', 'missingCredit'] as const
export type LibraryFilter = (typeof libraryFilters)[number]
export const libraryTypes = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const
export type LibraryType = (typeof libraryTypes)[number]

export interface LibraryQuery {
  q?: string | undefined
  /** A folder's id; 'none' for files in no folder; undefined for every file. */
  folder?: string | undefined
  tag?: string | undefined
  filter?: LibraryFilter | undefined
  type?: LibraryType | undefined
  sort?: LibrarySort | undefined
  /** The trash instead of the library. */
  trashed?: boolean | undefined
  page?: number | undefined
  pageSize?: number | undefined
}

export interface LibraryPage {
  items: ImageRecord[]
  total: number
  page: number
  pageSize: number
  pages: number
}

export interface MediaFolder {
  _id: string
  parentId: string | null
  name: string
}

export interface ImagePatch {
  alt?: string | undefined
  caption?: string | undefined
  credit?: string | undefined
  licence?: string | undefined
  tags?: string[] | undefined
  folderId?: string | null | undefined
  focal?: { x: number; y: number } | null | undefined
  filename?: string | undefined
}

export type BulkAction =
  | { action: 'move'; folderId: string | null }
  | { action: 'tag'; tags: string[] }
  | { action: 'untag'; tags: string[] }
  | { action: 'trash' }

export interface BulkResult {
  done: string[]
  /** Files left as they were, each with why (a file in use cannot go to the trash). */
  refused: { imageId: string; message: string; uses?: MediaUse[] }[]
}

const MAX_PAGE_SIZE = 200
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const FOLDER_NAME_MAX = 80

export function createMediaLibrary(db: Db, imageService: ImageService, jobs?: JobQueue) {
  async function requireImage(id: string) {
    const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1)
    if (!row) throw notFound(`No image with id ${id}`)
    return row
  }

  async function requireFolder(id: string) {
    const [row] = await db.select().from(mediaFolders).where(eq(mediaFolders.id, id)).limit(1)
    if (!row) throw invalidInput(`No folder with id ${id}`)
    return row
  }

  function conditions(query: LibraryQuery): SQL[] {
    const where: SQL[] = [query.trashed ? isNotNull(images.trashedAt) : isNull(images.trashedAt)]
    const q = query.q?.trim()
    if (q) {
      const pattern = likePattern(q)
      where.push(
        or(
          ilike(images.filename, pattern),
          ilike(images.alt, pattern),
          ilike(images.caption, pattern),
          ilike(images.credit, pattern),
          sql`array_to_string(${images.tags}, ' ') ilike ${pattern}`,
        )!,
      )
    }
    if (query.folder === 'none') where.push(isNull(images.folderId))
    else if (query.folder) where.push(eq(images.folderId, query.folder))
    if (query.tag) where.push(sql`${images.tags} @> array[${query.tag}]::text[]`)
    if (query.type) where.push(eq(images.contentType, `image/${query.type}`))
    if (query.filter === 'missingAlt') where.push(sql`btrim(${images.alt}) = ''`)
    if (query.filter === 'missingCredit') where.push(sql`btrim(${images.credit}) = ''`)
    if (query.filter === 'unused') where.push(sql`${images.id} not in (select id from (${usedIdsQuery()}) used where id is not null)`)
    return where
  }

  const orderOf = (sort: LibrarySort = 'newest') =>
    sort === 'oldest'
      ? [asc(images.createdAt), asc(images.id)]
      : sort === 'name'
        ? [asc(sql`lower(${images.filename})`), asc(images.id)]
        : sort === 'largest'
          ? [desc(images.bytes), asc(images.id)]
          : [desc(images.createdAt), desc(images.id)]

  async function trashOne(id: string): Promise<ImageRecord> {
    const row = await requireImage(id)
    if (row.trashedAt) return toRecord(row)
    const uses = await findUses(db, id)
    if (uses.length) {
      throw conflict(
        uses.length === 1
          ? `This file is used in 1 place (${uses[0]!.title}); remove it there first`
          : `This file is used in ${uses.length} places; remove it there first`,
        { uses },
      )
    }
    const [trashed] = await db.update(images).set({ trashedAt: new Date() }).where(eq(images.id, id)).returning()
    return toRecord(trashed!)
  }

  const library = {
    async list(query: LibraryQuery = {}): Promise<LibraryPage> {
      const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? 24)))
      const page = Math.max(1, Math.floor(query.page ?? 1))
      const where = and(...conditions(query))
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(images)
          .where(where)
          .orderBy(...orderOf(query.sort))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(images).where(where),
      ])
      const total = Number(totals[0]?.total ?? 0)
      return { items: rows.map(toRecord), total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) }
    },

    /** One file with every place that uses it. */
    async info(id: string): Promise<ImageRecord & { uses: MediaUse[] }> {
      const row = await requireImage(id)
      return { ...toRecord(row), uses: await findUses(db, id) }
    },

    uses: (id: string) => findUses(db, id),

    /** Changes the facts kept with a file. */
    async update(id: string, patch: ImagePatch): Promise<ImageRecord> {
      await requireImage(id)
      if (patch.folderId) await requireFolder(patch.folderId)
      const set: Partial<typeof images.$inferInsert> = { updatedAt: new Date() }
      if (patch.alt !== undefined) set.alt = patch.alt.trim()
      if (patch.caption !== undefined) set.caption = patch.caption.trim()
      if (patch.credit !== undefined) set.credit = patch.credit.trim()
      if (patch.licence !== undefined) set.licence = patch.licence.trim()
      if (patch.filename !== undefined && patch.filename.trim()) set.filename = patch.filename.trim().slice(0, 255)
      if (patch.tags !== undefined) set.tags = normaliseTags(patch.tags)
      if (patch.folderId !== undefined) set.folderId = patch.folderId
      if (patch.focal !== undefined) {
        set.focalX = patch.focal?.x ?? null
        set.focalY = patch.focal?.y ?? null
      }
      const [row] = await db.update(images).set(set).where(eq(images.id, id)).returning()
      return toRecord(row!)
    },

    /** Moves, tags, untags or trashes many files; each file that cannot be changed is listed with why. */
    async bulk(ids: readonly string[], change: BulkAction): Promise<BulkResult> {
      const unique = [...new Set(ids)]
      const result: BulkResult = { done: [], refused: [] }
      if (change.action === 'move' && change.folderId) await requireFolder(change.folderId)
      const existing = new Set(
        (
          await db
            .select({ id: images.id })
            .from(images)
            .where(inArray(images.id, unique.length ? unique : ['']))
        ).map((r) => r.id),
      )
      for (const id of unique) {
        if (!existing.has(id)) {
          result.refused.push({ imageId: id, message: `No image with id ${id}` })
          continue
        }
        try {
          if (change.action === 'move') await db.update(images).set({ folderId: change.folderId }).where(eq(images.id, id))
          else if (change.action === 'trash') await trashOne(id)
          else {
            const [row] = await db.select({ tags: images.tags }).from(images).where(eq(images.id, id))
            const lower = new Set(change.tags.map((t) => t.trim().toLowerCase()))
            const tags =
              change.action === 'tag'
                ? normaliseTags([...(row?.tags ?? []), ...change.tags])
                : (row?.tags ?? []).filter((t) => !lower.has(t.toLowerCase()))
            await db.update(images).set({ tags }).where(eq(images.id, id))
          }
          result.done.push(id)
        } catch (err) {
          if (!(err instanceof AppError)) throw err
          const uses = (err.details as { uses?: MediaUse[] } | undefined)?.uses
          result.refused.push({ imageId: id, message: err.message, ...(uses ? { uses } : {}) })
        }
      }
      return result
    },

    /** To the trash (restorable for 30 days); refused (conflict, details.uses) while anything uses the file. */
    trash: trashOne,

    async restore(id: string): Promise<ImageRecord> {
      await requireImage(id)
      const [row] = await db.update(images).set({ trashedAt: null }).where(eq(images.id, id)).returning()
      return toRecord(row!)
    },

    /** Removes for good what has been in the trash longer than 30 days (and is still unused). */
    async purgeTrash(now = new Date()): Promise<{ purged: string[] }> {
      const before = new Date(now.getTime() - TRASH_DAYS * 24 * 60 * 60_000)
      const rows = await db
        .select({ id: images.id })
        .from(images)
        .where(and(isNotNull(images.trashedAt), lt(images.trashedAt, before)))
      const purged: string[] = []
      for (const { id } of rows) {
        // Placed again meanwhile (content restored from a version)? Then it is not purged.
        if ((await findUses(db, id)).length) continue
        if (await imageService.remove(id)) purged.push(id)
      }
      return { purged }
    },

    async folders(): Promise<MediaFolder[]> {
      const rows = await db
        .select()
        .from(mediaFolders)
        .orderBy(asc(sql`lower(${mediaFolders.name})`))
      return rows.map((r) => ({ _id: r.id, parentId: r.parentId, name: r.name }))
    },

    async createFolder(name: string, parentId: string | null): Promise<MediaFolder> {
      const clean = name.replace(/\s+/g, ' ').trim().slice(0, FOLDER_NAME_MAX)
      if (!clean) throw invalidInput('A folder needs a name')
      if (parentId) await requireFolder(parentId)
      const [twin] = await db
        .select({ id: mediaFolders.id })
        .from(mediaFolders)
        .where(
          and(
            parentId ? eq(mediaFolders.parentId, parentId) : isNull(mediaFolders.parentId),
            sql`lower(${mediaFolders.name}) = lower(${clean})`,
          ),
        )
      if (twin) throw conflict(`There is already a folder named ${clean} here`)
      const [row] = await db.insert(mediaFolders).values({ id: randomUUID(), parentId, name: clean }).returning()
      return { _id: row!.id, parentId: row!.parentId, name: row!.name }
    },

    async renameFolder(id: string, name: string): Promise<MediaFolder> {
      const folder = await requireFolder(id)
      const clean = name.replace(/\s+/g, ' ').trim().slice(0, FOLDER_NAME_MAX)
      if (!clean) throw invalidInput('A folder needs a name')
      const [twin] = await db
        .select({ id: mediaFolders.id })
        .from(mediaFolders)
        .where(
          and(
            folder.parentId ? eq(mediaFolders.parentId, folder.parentId) : isNull(mediaFolders.parentId),
            sql`lower(${mediaFolders.name}) = lower(${clean})`,
            sql`${mediaFolders.id} <> ${id}`,
          ),
        )
      if (twin) throw conflict(`There is already a folder named ${clean} here`)
      const [row] = await db.update(mediaFolders).set({ name: clean }).where(eq(mediaFolders.id, id)).returning()
      return { _id: row!.id, parentId: row!.parentId, name: row!.name }
    },

    /** Deletes an empty folder (no files, trashed ones included, and no folders inside). */
    async deleteFolder(id: string): Promise<string> {
      const folder = await requireFolder(id)
      const [files] = await db.select({ n: count() }).from(images).where(eq(images.folderId, id))
      const [children] = await db.select({ n: count() }).from(mediaFolders).where(eq(mediaFolders.parentId, id))
      if (Number(files?.n ?? 0) + Number(children?.n ?? 0) > 0)
        throw conflict('Only an empty folder can be deleted; move its files and folders out first')
      await db.delete(mediaFolders).where(eq(mediaFolders.id, id))
      return folder.name
    },

    /** Every tag in use with how many files (not in the trash) carry it. */
    async tags(): Promise<{ tag: string; count: number }[]> {
      const rows = await rowsOf<{ tag: string; n: number }>(
        db,
        sql`select tag, count(*)::int as n from ${images}, unnest(${images.tags}) as tag where ${images.trashedAt} is null group by tag order by lower(tag)`,
      )
      return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }))
    },
  }

  jobs?.register(
    MEDIA_TRASH_PURGE_JOB,
    async ({ log }) => {
      const { purged } = await library.purgeTrash()
      if (purged.length) log.info({ purged: purged.length }, `media library: ${purged.length} file(s) purged from the trash`)
      return { purged: purged.length }
    },
    { maxAttempts: 3 },
  )

  return library
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>
