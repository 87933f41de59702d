import { randomUUID } from 'node:crypto'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { headerSchema, type Collection, type PageDoc } from '#lib/content'
import { normaliseSlug } from '#lib/slug'
import { isKnownPageType } from '#lib/templates'
import { mergeTexts, texts } from '#lib/texts'
import { formatSiteTime } from '#lib/team'
import type { Side } from '#lib/merge'
import { validateContents } from '#blocks/schemas'
import type { Db } from '../db/client.ts'
import { pages, pageVersions, translations } from '../db/schema.ts'
import {
  actorCanEdit,
  actorCanPublish,
  actorIsAdmin,
  actorIsSignedIn,
  canView,
  ROLE_FIELDS,
  rolesOf,
  userOf,
  type Actor,
} from './access.ts'
import { AppError, conflict, invalidInput, notFound } from './errors.ts'
import type { ContentEventBus } from './events.ts'
import type { SearchService } from './search.ts'
import { recordActivity, type Writer } from './team/activity.ts'
import type { PublicUser } from './users.ts'
import { mergeable, mergeStaleSave, type MergeReport } from './pages/merge.ts'

export type { Actor }

type PageRow = typeof pages.$inferSelect

/** Fields kept in columns; the rest of the document lives in the JSONB body. */
const COLUMN_FIELDS = [
  '_id',
  'slug',
  'pageType',
  'template',
  'published',
  'lastPublished',
  'updatedAt',
  'createdAt',
  'domainId',
  'version',
  'updatedBy',
] as const

function toDoc(row: PageRow, body: Record<string, unknown>, slug: string): PageDoc {
  return {
    header: { title: '' },
    contents: [],
    ...body,
    _id: row.id,
    slug,
    pageType: row.pageType,
    template: row.template,
    published: row.published,
    lastPublished: row.lastPublished?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    domainId: row.domainId,
    version: row.version,
    updatedBy: row.updatedBy,
  } as PageDoc
}

/** The stored body of a page: its column fields and role fields left out (roles change through applyRoles only). */
function bodyOf(page: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...page }
  for (const field of COLUMN_FIELDS) delete body[field]
  for (const field of ROLE_FIELDS) delete body[field]
  return body
}

/** The role fields a stored page carries, to be kept as they are by every save. */
function rolesKept(doc: Record<string, unknown> | null | undefined): Record<string, string[]> {
  const kept: Record<string, string[]> = {}
  for (const field of ROLE_FIELDS) if (doc && Array.isArray(doc[field])) kept[field] = rolesOf(doc[field])
  return kept
}

/** What a caller may send to save: validated here (header, blocks) before anything is stored. */
export interface PageInput {
  _id?: string
  slug: string
  template: string
  pageType?: string
  version?: number
  header?: Record<string, unknown>
  contents?: unknown[]
  [field: string]: unknown
}

const hasPgCode = (err: unknown, code: string) => {
  for (let e: unknown = err, i = 0; e && i < 4; i++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true
  }
  return false
}
const isUniqueViolation = (err: unknown) => hasPgCode(err, '23505')
/** A row naming a domain that does not exist (pages.domain_id references domains.id). */
const isForeignKeyViolation = (err: unknown) => hasPgCode(err, '23503')

const forbidden = (message: string) => new AppError('forbidden', message)

/** The answer to a save of an existing document that does not say which version it was based on. */
export const versionRequired = (what: string) =>
  invalidInput(`Send the version of the ${what} you loaded (or force: true to overwrite it knowingly)`, [
    { path: 'version', message: 'Required when saving an existing document' },
  ])

/** How the activity log names a publish or unpublish made by a schedule (issue 17 point 6). */
interface LogAs {
  logAs?: 'scheduled-publish' | 'scheduled-unpublish'
}

/** The activity log's kind for a collection: listing pages are listings, every other page a page. */
const activityKind = (collection: string) => (collection === 'listings' ? 'listing' : 'page')

/**
 * The page lifecycle of every collection: drafts for editors, published copies for visitors,
 * optimistic versions against lost updates, a version history, and the search index kept in step.
 */
export function createPageService(db: Db, events: ContentEventBus, search: SearchService) {
  const inScope = (domainId: string, collection: Collection) => and(eq(pages.domainId, domainId), eq(pages.collection, collection))

  async function rowById(domainId: string, collection: Collection, id: string) {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(eq(pages.id, id), inScope(domainId, collection)))
      .limit(1)
    return row ?? null
  }

  /** The version and its activity entry, written on the transaction that made the change. */
  async function record(
    row: PageRow,
    action: 'save' | 'publish' | 'unpublish' | 'restore',
    user: PublicUser | null | undefined,
    writer: Writer = db,
    logAs: string = action,
  ) {
    await recordActivity(
      writer,
      { user },
      { kind: activityKind(row.collection), action: logAs, domainId: row.domainId, subjectId: row.id, subject: `/${row.slug}` },
    )
    await writer.insert(pageVersions).values({
      pageId: row.id,
      version: row.version,
      action,
      doc: row.draft,
      slug: row.slug,
      userId: user?._id ?? null,
      username: user?.username ?? null,
    })
  }

  /** The copy a visitor may see, or null (also when its viewer roles exclude the viewer). */
  async function loadPublished(
    domainId: string,
    collection: Collection,
    slug: string,
    viewer: PublicUser | null = null,
  ): Promise<PageDoc | null> {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(inScope(domainId, collection), eq(pages.publishedSlug, normaliseSlug(slug)), eq(pages.published, true)))
      .limit(1)
    if (!row?.publishedDoc || row.publishedSlug === null) return null
    if (!canView(viewer, row.publishedDoc)) return null
    return toDoc(row, row.publishedDoc, row.publishedSlug)
  }

  async function loadPublishedById(domainId: string, collection: Collection, id: string): Promise<PageDoc | null> {
    const row = await rowById(domainId, collection, id)
    return row?.publishedDoc && row.publishedSlug !== null ? toDoc(row, row.publishedDoc, row.publishedSlug) : null
  }

  /** The editor's working copy, or null: also when the caller may not edit it (a visitor never may). */
  async function loadDraft(domainId: string, collection: Collection, slug: string, actor: Actor = {}): Promise<PageDoc | null> {
    const [row] = await db
      .select()
      .from(pages)
      .where(and(inScope(domainId, collection), eq(pages.slug, normaliseSlug(slug))))
      .limit(1)
    if (!row || !actorCanEdit(actor, row.draft)) return null
    return toDoc(row, row.draft, row.slug)
  }

  /** What a caller reads at a slug: the draft when they may edit it, else the published copy their roles allow, else null. */
  async function loadFor(domainId: string, collection: Collection, slug: string, actor: Actor = {}): Promise<PageDoc | null> {
    return (
      (actorIsSignedIn(actor) ? await loadDraft(domainId, collection, slug, actor) : null) ??
      (await loadPublished(domainId, collection, slug, userOf(actor)))
    )
  }

  /** Checks a page's header and blocks; answers the cleaned page or throws with field paths. */
  function validate(input: PageInput): PageInput & Partial<PageDoc> {
    const issues: { path: string; message: string }[] = []
    if (input.pageType !== undefined && !isKnownPageType(input.pageType)) throw new AppError('not_found', texts.errors.pageTypeNotFound)
    const header = headerSchema.safeParse(input.header ?? {})
    if (!header.success) for (const i of header.error.issues) issues.push({ path: ['header', ...i.path].join('.'), message: i.message })
    // Each block against its schema and against what the page's contents container allows (spec 02 §2.8).
    const checked = validateContents(Array.isArray(input.contents) ? input.contents : [])
    const contents: unknown[] = checked.ok ? checked.contents : []
    if (!checked.ok) for (const i of checked.issues) issues.push({ path: ['contents', ...i.path].join('.'), message: i.message })
    if (input.contents !== undefined && !Array.isArray(input.contents))
      issues.push({ path: 'contents', message: 'Expected a list of blocks' })
    if (issues.length) throw invalidInput('The page has invalid content', issues)
    return { ...input, header: header.success ? header.data : { title: '' }, contents: contents as PageDoc['contents'] } as PageInput &
      Partial<PageDoc>
  }

  /**
   * Saves the draft. An existing page must name the version it was based on (400 without it, unless
   * forced). When someone saved since, the two are merged field by field against that version
   * (./pages/merge.ts, issue 31): changes to different fields both stay, and the answer's `merge`
   * says whose changes the page took in. A field both changed is refused (409) with each such
   * field and both values, until the editor's choices come back as `resolutions`. `force`
   * overwrites knowingly. The page's role fields are never taken from the input: the stored ones
   * are kept (roles change through applyRoles only).
   */
  async function save(
    domainId: string,
    collection: Collection,
    rawInput: PageInput,
    options: Actor & { force?: boolean; logAs?: 'restore'; resolutions?: Readonly<Record<string, Side>> } = {},
  ): Promise<PageDoc & { merge?: MergeReport }> {
    const input = validate(rawInput)
    const id = input._id || randomUUID()
    // Twice more when another save lands between reading the page and writing it: merged again.
    for (let attempt = 0; ; attempt++) {
      const [existing] = await db.select().from(pages).where(eq(pages.id, id)).limit(1)
      if (!existing) return create(domainId, collection, id, input, options)
      if (existing.domainId !== domainId || existing.collection !== collection) throw notFound('Page not found')
      if (!actorCanEdit(options, existing.draft)) throw forbidden('You are not allowed to edit this page')
      if (!options.force && input.version === undefined) throw versionRequired('page')
      let next: PageInput & Partial<PageDoc> = input
      let merge: MergeReport | undefined
      if (!options.force && input.version !== existing.version) {
        const outcome = await mergeStaleSave(
          db,
          existing,
          input.version!,
          mergeable(bodyOf(input), {
            slug: normaliseSlug(input.slug),
            template: input.template,
            pageType: input.pageType ?? existing.pageType,
          }),
          options.resolutions,
        )
        const when = formatSiteTime(existing.updatedAt.toISOString())
        const stamps = { currentVersion: existing.version, updatedBy: existing.updatedBy, updatedAt: existing.updatedAt.toISOString() }
        if (outcome.kind === 'unknown-base')
          throw conflict(mergeTexts.staleUnknownBase(existing.updatedBy ?? mergeTexts.someone, when), stamps)
        if (outcome.kind === 'conflicts') {
          const by = outcome.by.length ? outcome.by : [existing.updatedBy ?? mergeTexts.someone]
          throw conflict(mergeTexts.sameFields(by, when, outcome.conflicts.length), { ...stamps, by, conflicts: outcome.conflicts })
        }
        next = validate({ ...(outcome.doc as PageInput), _id: id })
        merge = outcome.report
      }
      try {
        const row = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(pages)
            .set({
              slug: normaliseSlug(next.slug),
              pageType: next.pageType ?? existing.pageType,
              template: next.template,
              draft: { ...bodyOf(next), ...rolesKept(existing.draft) },
              version: sql`${pages.version} + 1`,
              updatedBy: options.user?.username ?? null,
              updatedAt: new Date(),
            })
            .where(and(eq(pages.id, id), options.force ? undefined : eq(pages.version, existing.version)))
            .returning()
          if (!row) return null
          await record(row, 'save', options.user, tx, options.logAs)
          return row
        })
        if (row) return merge ? { ...toDoc(row, row.draft, row.slug), merge } : toDoc(row, row.draft, row.slug)
      } catch (err) {
        if (isUniqueViolation(err))
          throw conflict(`The address /${normaliseSlug(next.slug)} is already used by another page`, { path: 'slug' })
        throw err
      }
      if (attempt >= 2) throw conflict('Another editor saved this page at the same moment. Reload to see their changes.')
    }
  }

  /** A new page: any signed-in editor may create one. */
  async function create(domainId: string, collection: Collection, id: string, input: PageInput & Partial<PageDoc>, options: Actor) {
    if (!actorIsSignedIn(options)) throw forbidden('Please sign in to create a page')
    const slug = normaliseSlug(input.slug)
    const now = new Date()
    try {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pages)
          .values({
            id,
            domainId,
            collection,
            slug,
            pageType: input.pageType ?? (collection === 'pages' ? 'page' : collection === 'listings' ? 'listing' : 'chapters'),
            template: input.template,
            draft: bodyOf(input),
            updatedBy: options.user?.username ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        await record(row!, 'save', options.user, tx)
        return row
      })
      return toDoc(row!, row!.draft, row!.slug)
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`The address /${slug} is already used by another page`, { path: 'slug' })
      if (isForeignKeyViolation(err)) throw notFound('Domain not found')
      throw err
    }
  }

  /**
   * Creates many new pages at once, each published or not: what save() then publish() would store
   * (the page, its 'save' and 'publish' versions, its search entry), in one statement per table
   * for the whole list instead of a dozen per page. A first listing import creates ~2,500 pages.
   * The slugs must be free; a taken one fails the whole call (unique index), and nothing is stored.
   */
  async function createMany(
    domainId: string,
    collection: Collection,
    inputs: (PageInput & { _id: string; publish: boolean })[],
    options: Actor = {},
  ): Promise<PageDoc[]> {
    if (inputs.length === 0) return []
    if (!actorIsSignedIn(options)) throw forbidden('Please sign in to create a page')
    const now = new Date()
    const values = inputs.map(({ publish, ...raw }) => {
      const input = validate(raw)
      const draft = bodyOf(input)
      if (publish && !actorCanPublish(options, draft)) throw forbidden('You are not allowed to publish this page')
      const slug = normaliseSlug(input.slug)
      return {
        id: raw._id,
        domainId,
        collection,
        slug,
        pageType: input.pageType ?? (collection === 'pages' ? 'page' : collection === 'listings' ? 'listing' : 'chapters'),
        template: input.template,
        draft,
        updatedBy: options.user?.username ?? null,
        createdAt: now,
        updatedAt: now,
        ...(publish ? { published: true, publishedDoc: draft, publishedSlug: slug, lastPublished: now } : {}),
      }
    })
    let rows: PageRow[]
    try {
      rows = await db.transaction(async (tx) => {
        const rows = await tx.insert(pages).values(values).returning()
        const version = (row: PageRow, action: 'save' | 'publish') => ({
          pageId: row.id,
          version: row.version,
          action,
          doc: row.draft,
          slug: row.slug,
          userId: options.user?._id ?? null,
          username: options.user?.username ?? null,
        })
        await tx
          .insert(pageVersions)
          .values(rows.flatMap((row) => (row.published ? [version(row, 'save'), version(row, 'publish')] : [version(row, 'save')])))
        for (const row of rows) {
          await recordActivity(tx, options, {
            kind: activityKind(collection),
            action: 'save',
            domainId,
            subjectId: row.id,
            subject: `/${row.slug}`,
          })
          if (row.published)
            await recordActivity(tx, options, {
              kind: activityKind(collection),
              action: 'publish',
              domainId,
              subjectId: row.id,
              subject: `/${row.slug}`,
            })
        }
        return rows
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('One of the addresses is already used by another page')
      if (isForeignKeyViolation(err)) throw notFound('Domain not found')
      throw err
    }
    const published = rows.filter((row) => row.published).map((row) => toDoc(row, row.publishedDoc!, row.publishedSlug!))
    await search.indexPages(collection, published)
    if (published.length) events.emit('published', domainId, { kind: 'pages', ids: published.map((page) => page._id), collection })
    return rows.map((row) => toDoc(row, row.draft, row.slug))
  }

  /** Copies the draft to the published copy that visitors see, and indexes it for search. */
  async function publish(domainId: string, collection: Collection, id: string, options: Actor & LogAs = {}): Promise<PageDoc> {
    const existing = await rowById(domainId, collection, id)
    if (!existing) throw notFound('Page not found')
    if (!actorCanPublish(options, existing.draft)) throw forbidden('You are not allowed to publish this page')
    const now = new Date()
    let row: PageRow | undefined
    try {
      row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(pages)
          .set({
            published: true,
            publishedDoc: sql`${pages.draft}`,
            publishedSlug: sql`${pages.slug}`,
            lastPublished: now,
            updatedAt: now,
          })
          .where(eq(pages.id, id))
          .returning()
        await record(updated!, 'publish', options.user, tx, options.logAs)
        return updated
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`The address /${existing.slug} is already used by another page`)
      throw err
    }
    const page = toDoc(row!, row!.draft, row!.slug)
    await search.indexPage(collection, page)
    events.emit('published', domainId, { kind: 'pages', ids: [id], collection })
    return page
  }

  /**
   * Saves the draft and publishes it (page/publishPage). Permission to publish is checked before
   * anything is saved: a refused publish leaves the stored draft as it was.
   */
  async function saveAndPublish(
    domainId: string,
    collection: Collection,
    input: PageInput,
    options: Actor & { force?: boolean; resolutions?: Readonly<Record<string, Side>> } = {},
  ): Promise<PageDoc & { merge?: MergeReport }> {
    const existing = input._id ? await rowById(domainId, collection, input._id) : null
    if (!actorCanPublish(options, existing?.draft ?? {})) throw forbidden('You are not allowed to publish this page')
    const { merge, ...saved } = await save(domainId, collection, input, options)
    // Through the service object: publishing a listing page is wrapped (linkListingPages).
    const published = await service.publish(domainId, collection, saved._id, options)
    return merge ? { ...published, merge } : published
  }

  /** Takes the page off the public site and out of the search index; the draft stays. */
  async function unpublish(domainId: string, collection: Collection, id: string, options: Actor & LogAs = {}): Promise<PageDoc> {
    const existing = await rowById(domainId, collection, id)
    if (!existing) throw notFound('Page not found')
    if (!actorCanPublish(options, existing.draft)) throw forbidden('You are not allowed to unpublish this page')
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(pages)
        .set({ published: false, publishedDoc: null, publishedSlug: null })
        .where(eq(pages.id, id))
        .returning()
      await record(row!, 'unpublish', options.user, tx, options.logAs)
      return row
    })
    await search.deleteItem(domainId, id, collection)
    events.emit('published', domainId, { kind: 'pages', ids: [id], collection })
    return toDoc(row!, row!.draft, row!.slug)
  }

  /** Deletes a draft. A published page must be unpublished first. */
  async function remove(domainId: string, collection: Collection, id: string, options: Actor = {}) {
    const existing = await rowById(domainId, collection, id)
    if (!existing) throw notFound('Page not found')
    if (!actorCanPublish(options, existing.draft)) throw forbidden('You are not allowed to delete this page')
    if (existing.published) throw conflict('This page is published. Unpublish it before deleting it.')
    await db.transaction(async (tx) => {
      await tx.delete(pages).where(eq(pages.id, id))
      // Its texts in further languages go with it (decision 025).
      await tx.delete(translations).where(and(eq(translations.kind, 'page'), eq(translations.subjectId, id)))
      await recordActivity(tx, options, {
        kind: activityKind(collection),
        action: 'delete',
        domainId,
        subjectId: id,
        subject: `/${existing.slug}`,
      })
    })
  }

  /** The id of the page that already holds a slug in the domain (and collection), or null. */
  async function checkSlug(domainId: string, collection: Collection, slug: string, excludeId?: string): Promise<string | null> {
    const [row] = await db
      .select({ id: pages.id })
      .from(pages)
      .where(and(inScope(domainId, collection), eq(pages.slug, normaliseSlug(slug)), excludeId ? ne(pages.id, excludeId) : undefined))
      .limit(1)
    return row?.id ?? null
  }

  async function versions(domainId: string, collection: Collection, id: string, actor: Actor = {}) {
    const existing = await rowById(domainId, collection, id)
    if (!existing) throw notFound('Page not found')
    if (!actorCanEdit(actor, existing.draft)) throw forbidden('You are not allowed to edit this page')
    const rows = await db
      .select({
        id: pageVersions.id,
        version: pageVersions.version,
        action: pageVersions.action,
        slug: pageVersions.slug,
        username: pageVersions.username,
        createdAt: pageVersions.createdAt,
      })
      .from(pageVersions)
      .where(eq(pageVersions.pageId, id))
      .orderBy(desc(pageVersions.createdAt), desc(pageVersions.id))
      .limit(200)
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
  }

  /** A stored version of a page the caller may edit, with the page's row. */
  async function editableVersion(domainId: string, collection: Collection, id: string, versionId: number, actor: Actor) {
    const existing = await rowById(domainId, collection, id)
    if (!existing) throw notFound('Page not found')
    if (!actorCanEdit(actor, existing.draft)) throw forbidden('You are not allowed to edit this page')
    const [old] = await db
      .select()
      .from(pageVersions)
      .where(and(eq(pageVersions.id, versionId), eq(pageVersions.pageId, id)))
      .limit(1)
    if (!old) throw notFound('Version not found')
    return { existing, old }
  }

  /** One stored version's document, to preview it on the page (nothing is changed). */
  async function versionDoc(domainId: string, collection: Collection, id: string, versionId: number, actor: Actor = {}) {
    const { old } = await editableVersion(domainId, collection, id, versionId, actor)
    return { ...old.doc, _id: id, slug: old.slug, version: old.version }
  }

  /** Makes an older version the draft again (recorded as a new version; publish to make it public). */
  async function restore(domainId: string, collection: Collection, id: string, versionId: number, options: Actor = {}) {
    const { existing, old } = await editableVersion(domainId, collection, id, versionId, options)
    const restored = await save(
      domainId,
      collection,
      { ...old.doc, _id: id, slug: old.slug, template: existing.template, pageType: existing.pageType },
      { ...options, force: true, logAs: 'restore' },
    )
    return restored
  }

  /**
   * Sets who may view, edit and publish a page (roles/applyToPage): admins only. The published copy
   * and its search entry follow at once, not at the next publish. The draft's version is not
   * bumped: saves keep the stored roles whatever they send, so no editor's copy is made stale.
   */
  async function applyRoles(
    domainId: string,
    collection: Collection,
    id: string,
    roles: { viewerRoles?: string[]; editorRoles?: string[]; publisherRoles?: string[] },
    options: Actor = {},
  ) {
    if (!actorIsAdmin(options)) throw forbidden("Only an admin can change a page's roles")
    const existing = await rowById(domainId, collection, id)
    if (!existing) throw notFound('Page not found')
    const changes: Record<string, string[]> = {}
    for (const field of ROLE_FIELDS) if (roles[field] !== undefined) changes[field] = [...new Set(roles[field])]
    // The change and its log entry together (issue 29 point 10), with who may do what now.
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(pages)
        .set({
          draft: { ...existing.draft, ...changes },
          publishedDoc: existing.publishedDoc ? { ...existing.publishedDoc, ...changes } : null,
        })
        .where(eq(pages.id, id))
        .returning()
      await recordActivity(tx, options, {
        kind: activityKind(collection),
        action: 'permissions',
        domainId,
        subjectId: id,
        subject: `/${updated!.slug}`,
        details: changes,
      })
      return updated
    })
    if (row!.published && row!.publishedDoc && row!.publishedSlug !== null) {
      await search.indexPage(collection, toDoc(row!, row!.publishedDoc, row!.publishedSlug))
      events.emit('published', domainId, { kind: 'pages', ids: [id], collection })
    }
    return toDoc(row!, row!.draft, row!.slug)
  }

  /** Summaries of a domain's pages for the editor (newest first): those the caller may edit. */
  async function list(domainId: string, collection: Collection, actor: Actor = {}) {
    const rows = await db
      .select({
        id: pages.id,
        slug: pages.slug,
        template: pages.template,
        published: pages.published,
        lastPublished: pages.lastPublished,
        updatedAt: pages.updatedAt,
        title: sql<string>`${pages.draft}->'header'->>'title'`,
        viewerRoles: sql<unknown>`${pages.draft}->'viewerRoles'`,
        editorRoles: sql<unknown>`${pages.draft}->'editorRoles'`,
      })
      .from(pages)
      .where(inScope(domainId, collection))
      .orderBy(desc(pages.updatedAt))
      .limit(1000)
    return rows
      .filter((r) => actorCanEdit(actor, r))
      .map((r) => ({
        _id: r.id,
        slug: r.slug,
        template: r.template,
        published: r.published,
        title: r.title ?? '',
        lastPublished: r.lastPublished?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
      }))
  }

  /** Published slugs of a domain, for the sitemap. */
  async function publishedSlugs(domainId: string) {
    const rows = await db
      .select({ collection: pages.collection, slug: pages.publishedSlug, lastPublished: pages.lastPublished, doc: pages.publishedDoc })
      .from(pages)
      .where(and(eq(pages.domainId, domainId), eq(pages.published, true)))
      .orderBy(pages.publishedSlug)
    return rows
      .filter((r) => r.slug !== null && canView(null, r.doc ?? {}))
      .map((r) => ({ collection: r.collection, slug: r.slug!, lastPublished: r.lastPublished?.toISOString() ?? null }))
  }

  const service = {
    createMany,
    loadPublished,
    loadPublishedById,
    loadDraft,
    loadFor,
    save,
    publish,
    saveAndPublish,
    unpublish,
    remove,
    checkSlug,
    versions,
    versionDoc,
    restore,
    applyRoles,
    list,
    publishedSlugs,
  }
  return service
}

export type PageService = ReturnType<typeof createPageService>
