import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { storyInputSchema, storySchema, storySlug, type ChapterSummary, type Story, type StorySummary } from '#lib/stories'
import { texts } from '#lib/texts'
import { formatSiteTime } from '#lib/team'
import type { Db } from '../db/client.ts'
import { pages, stories } from '../db/schema.ts'
import { requireDomain } from './domains.ts'
import { conflict, invalidInput, notFound } from './errors.ts'
import type { ContentEventBus } from './events.ts'
import { versionRequired } from './pages.ts'
import type { PublicUser } from './users.ts'
import { recordActivity } from './team/activity.ts'

type StoryRow = typeof stories.$inferSelect
type Which = 'draft' | 'published'

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err, i = 0; e && i < 4; i++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
}

/**
 * Stories of a domain (spec 01 §2.11, §3): created from the Chapters panel, listed, saved and
 * published, deleted. Chapter pages (collection 'chapters') refer to a story by {_id, slug}; the
 * story's chapters are those pages, in the order they were created.
 */
export function createStoryService(db: Db, events: ContentEventBus) {
  function docOf(row: StoryRow, which: Which) {
    const body = (which === 'published' ? row.publishedDoc : row.draft) ?? row.draft
    return storySchema.parse(body)
  }

  async function rowById(domainId: string, id: string) {
    const [row] = await db
      .select()
      .from(stories)
      .where(and(eq(stories.domainId, domainId), eq(stories.id, id)))
      .limit(1)
    return row ?? null
  }

  /** The chapter pages of a story: every draft for editors, the published ones for visitors. */
  async function chapters(domainId: string, storyId: string, which: Which): Promise<ChapterSummary[]> {
    const doc = which === 'published' ? pages.publishedDoc : pages.draft
    const rows = await db
      .select({ id: pages.id, slug: which === 'published' ? pages.publishedSlug : pages.slug, published: pages.published, doc })
      .from(pages)
      .where(
        and(
          eq(pages.domainId, domainId),
          eq(pages.collection, 'chapters'),
          sql`${doc}->'story'->>'_id' = ${storyId}`,
          which === 'published' ? eq(pages.published, true) : undefined,
        ),
      )
      .orderBy(asc(pages.createdAt), asc(pages.id))
      .limit(500)
    return rows.map((r) => {
      const body = (r.doc ?? {}) as {
        header?: { title?: unknown; description?: unknown; image?: { imageId?: unknown; alt?: unknown } }
        heading?: unknown
      }
      const image = body.header?.image
      return {
        _id: r.id,
        slug: r.slug ?? '',
        title: String(body.header?.title ?? body.heading ?? ''),
        description: String(body.header?.description ?? ''),
        image: typeof image?.imageId === 'string' && image.imageId ? { imageId: image.imageId, alt: String(image.alt ?? '') } : null,
        published: r.published,
      }
    })
  }

  async function toStory(row: StoryRow, which: Which): Promise<Story> {
    return {
      ...docOf(row, which),
      _id: row.id,
      slug: row.slug,
      domainId: row.domainId,
      published: row.published,
      version: row.version,
      lastPublished: row.lastPublished?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      chapters: await chapters(row.domainId, row.id, which),
    }
  }

  /** The domain's stories, oldest first (spec 01 §7 loadStories, obj/story). */
  async function list(domainId: string): Promise<StorySummary[]> {
    const rows = await db.select().from(stories).where(eq(stories.domainId, domainId)).orderBy(asc(stories.createdAt), asc(stories.id))
    return rows.map((row) => {
      const doc = docOf(row, 'draft')
      return { _id: row.id, title: doc.title, slug: row.slug, description: doc.description }
    })
  }

  async function load(domainId: string, id: string, which: Which = 'draft'): Promise<Story> {
    const row = await rowById(domainId, id)
    if (!row || (which === 'published' && !row.published)) throw notFound('Story not found')
    return toStory(row, which)
  }

  /** The published story a chapter page belongs to, or null (visitors' chapter pages). */
  async function loadForChapter(domainId: string, id: string, which: Which): Promise<Story | null> {
    const row = await rowById(domainId, id)
    if (!row || (which === 'published' && !row.published)) return null
    return toStory(row, which)
  }

  /** The story whose slug a chapter page's address carries ('chapters/{slug}/...'), or null. */
  async function loadBySlug(domainId: string, slug: string, which: Which): Promise<Story | null> {
    const [row] = await db
      .select()
      .from(stories)
      .where(and(eq(stories.domainId, domainId), eq(stories.slug, slug)))
      .limit(1)
    if (!row || (which === 'published' && !row.published)) return null
    return toStory(row, which)
  }

  /**
   * Creates a story (obj/story): its slug follows the story slug rules, falling back to its id.
   * A new story is published at once: it is a heading for chapter pages, which have their own drafts.
   */
  async function create(domainId: string, input: unknown, user?: PublicUser | null): Promise<Story> {
    const parsed = storyInputSchema.safeParse(input ?? {})
    if (!parsed.success) throw invalidInput('The story has invalid content', issuesOf(parsed.error))
    await requireDomain(db, domainId)
    const id = randomUUID()
    const slug = storySlug(parsed.data.slug, id)
    const doc = storySchema.parse({ ...parsed.data, slug })
    const now = new Date()
    try {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(stories)
          .values({
            id,
            domainId,
            slug,
            draft: doc,
            publishedDoc: doc,
            published: true,
            lastPublished: now,
            updatedBy: user?.username ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        await recordActivity(tx, { user }, { kind: 'story', action: 'publish', domainId, subjectId: id, subject: slug })
        return row
      })
      events.emit('published', domainId, { kind: 'stories', ids: [id] })
      return toStory(row!, 'draft')
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`A story with the slug '${slug}' already exists`, { path: 'slug' })
      throw err
    }
  }

  /**
   * Saves a story's draft (chapters/saveStory). Its slug may change only while no chapter page
   * uses it, because their addresses are built from it. The story must be sent with the version
   * it was loaded at (400 without it, 409 when someone saved since) unless `force`.
   */
  async function save(
    domainId: string,
    input: Record<string, unknown>,
    user?: PublicUser | null,
    options: { force?: boolean } = {},
  ): Promise<Story> {
    const id = typeof input._id === 'string' ? input._id : ''
    const existing = id ? await rowById(domainId, id) : null
    if (!existing) throw notFound('Story not found')
    const version = input.version
    if (!options.force) {
      if (version === undefined) throw versionRequired('story')
      if (typeof version !== 'number' || !Number.isInteger(version))
        throw invalidInput('The story has invalid content', [{ path: 'version', message: 'Expected a whole number' }])
      if (version !== existing.version) {
        throw conflict(
          `This story was saved by ${existing.updatedBy ?? 'someone else'} at ${formatSiteTime(existing.updatedAt.toISOString())} after you opened it. Reload to see their changes, or save again to overwrite them.`,
          {
            currentVersion: existing.version,
            updatedBy: existing.updatedBy,
            updatedAt: existing.updatedAt.toISOString(),
          },
        )
      }
    }
    const parsed = storySchema.safeParse({ ...docOf(existing, 'draft'), ...input })
    if (!parsed.success) throw invalidInput('The story has invalid content', issuesOf(parsed.error))
    const slug = storySlug(parsed.data.slug, id)
    if (slug !== existing.slug) {
      const used = await chapters(domainId, id, 'draft')
      if (used.length) throw conflict(texts.chapters.storyHasChapters(used.length), { path: 'slug' })
    }
    const doc = { ...parsed.data, slug }
    try {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(stories)
          .set({ slug, draft: doc, version: sql`${stories.version} + 1`, updatedBy: user?.username ?? null, updatedAt: new Date() })
          .where(and(eq(stories.id, id), options.force ? undefined : eq(stories.version, existing.version)))
          .returning()
        if (!row) throw conflict('Another editor saved this story at the same moment. Reload to see their changes.')
        await recordActivity(tx, { user }, { kind: 'story', action: 'save', domainId, subjectId: id, subject: slug })
        return row
      })
      return toStory(row, 'draft')
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`A story with the slug '${slug}' already exists`, { path: 'slug' })
      throw err
    }
  }

  /** Saves, then makes the draft what chapter pages show visitors (chapters/publishStory). */
  async function publish(
    domainId: string,
    input: Record<string, unknown>,
    user?: PublicUser | null,
    options: { force?: boolean } = {},
  ): Promise<Story> {
    const saved = await save(domainId, input, user, options)
    const now = new Date()
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(stories)
        .set({ publishedDoc: sql`${stories.draft}`, published: true, lastPublished: now, updatedAt: now })
        .where(eq(stories.id, saved._id))
        .returning()
      await recordActivity(tx, { user }, { kind: 'story', action: 'publish', domainId, subjectId: saved._id, subject: saved.slug })
      return row
    })
    events.emit('published', domainId, { kind: 'stories', ids: [saved._id] })
    return toStory(row!, 'draft')
  }

  /** Deletes a story (obj/story DELETE); refused while chapter pages still belong to it. */
  async function remove(domainId: string, id: string, user?: PublicUser | null): Promise<void> {
    const existing = await rowById(domainId, id)
    if (!existing) throw notFound('Story not found')
    const used = await chapters(domainId, id, 'draft')
    if (used.length) throw conflict(texts.chapters.storyHasChapters(used.length))
    await db.transaction(async (tx) => {
      await tx.delete(stories).where(eq(stories.id, id))
      await recordActivity(tx, { user }, { kind: 'story', action: 'delete', domainId, subjectId: id, subject: existing.slug })
    })
    events.emit('published', domainId, { kind: 'stories', ids: [id] })
  }

  return { list, load, loadForChapter, loadBySlug, create, save, publish, remove, chapters }
}

export type StoryService = ReturnType<typeof createStoryService>
