import { and, eq, sql } from 'drizzle-orm'
import { footerSchema, navSchema, siteSettingsSchema, type FooterDoc, type NavDoc, type SiteSettingsDoc } from '#lib/content'
import { changedFields, mergeDocs, type FieldChange, type Side } from '#lib/merge'
import { formatSiteTime } from '#lib/team'
import { mergeTexts } from '#lib/texts'
import type { Db } from '../db/client.ts'
import { siteDocuments } from '../db/schema.ts'
import { requireDomain } from './domains.ts'
import { conflict, invalidInput } from './errors.ts'
import type { Actor } from './access.ts'
import type { ContentEventBus } from './events.ts'
import { recordActivity } from './team/activity.ts'
import { versionRequired } from './pages.ts'

export type SiteDocumentKind = 'nav' | 'footer' | 'siteSettings'

/** The activity log's name for each kind (lib/team.ts). */
const activityKinds = { nav: 'navigation', footer: 'footer', siteSettings: 'siteSettings' } as const

interface KindMap {
  nav: NavDoc
  footer: FooterDoc
  siteSettings: SiteSettingsDoc
}

const schemas = { nav: navSchema, footer: footerSchema, siteSettings: siteSettingsSchema }
const names: Record<SiteDocumentKind, string> = { nav: 'navigation', footer: 'footer', siteSettings: 'site settings' }

/** An empty document for a domain that has none yet: loads never fail for a missing document. */
function empty<K extends SiteDocumentKind>(kind: K, domainId: string): KindMap[K] {
  const base = schemas[kind].parse({}) as Record<string, unknown>
  const doc = { ...base, domainId, ...(kind === 'siteSettings' ? { _id: 'siteSettings' } : {}) }
  return doc as KindMap[K]
}

/** The stamps the API adds to a loaded document: not part of what is stored or merged. */
function withoutStamps(doc: Record<string, unknown>): Record<string, unknown> {
  const { version: _version, lastPublished: _lastPublished, updatedAt: _updatedAt, message: _message, ...rest } = doc
  return rest
}

export interface LoadedSiteDocument<T> {
  doc: T
  version: number
  lastPublished: string | null
  updatedAt: string | null
}

/**
 * Navigation, footer and site settings of a domain, each with a draft for editors and a
 * published copy for visitors.
 */
export function createSiteDocumentService(db: Db, events: ContentEventBus) {
  type Row = typeof siteDocuments.$inferSelect

  function toLoaded<K extends SiteDocumentKind>(
    kind: K,
    domainId: string,
    which: 'draft' | 'published',
    row: Row | undefined,
  ): LoadedSiteDocument<KindMap[K]> {
    const body = which === 'draft' ? row?.draft : row?.publishedDoc
    const doc = body ? ({ ...empty(kind, domainId), ...body, domainId } as KindMap[K]) : empty(kind, domainId)
    return {
      doc,
      version: row?.version ?? 0,
      lastPublished: row?.lastPublished?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    }
  }

  async function load<K extends SiteDocumentKind>(
    kind: K,
    domainId: string,
    which: 'draft' | 'published',
  ): Promise<LoadedSiteDocument<KindMap[K]>> {
    const [row] = await db
      .select()
      .from(siteDocuments)
      .where(and(eq(siteDocuments.domainId, domainId), eq(siteDocuments.kind, kind)))
      .limit(1)
    return toLoaded(kind, domainId, which, row)
  }

  /** Navigation, footer and site settings in one query: what every page's layout needs. */
  async function loadAll(domainId: string, which: 'draft' | 'published') {
    const rows = await db.select().from(siteDocuments).where(eq(siteDocuments.domainId, domainId))
    const row = (kind: SiteDocumentKind) => rows.find((r) => r.kind === kind)
    return {
      nav: toLoaded('nav', domainId, which, row('nav')),
      footer: toLoaded('footer', domainId, which, row('footer')),
      siteSettings: toLoaded('siteSettings', domainId, which, row('siteSettings')),
    }
  }

  /**
   * Saves the draft. Once the document exists, baseVersion (the version the editor loaded) is
   * required (400 without it), unless `force`. When someone saved since: with `base` (the document
   * as the editor loaded it) the two are merged field by field (lib/merge.ts, docs/decisions/018),
   * and a field both changed is refused (409) naming each, until `resolutions` settle them; without
   * `base` a stale save is refused (409). The domain must exist (404).
   */
  async function save<K extends SiteDocumentKind>(
    kind: K,
    domainId: string,
    input: unknown,
    options: {
      baseVersion?: number
      base?: Record<string, unknown>
      resolutions?: Readonly<Record<string, Side>>
      userId?: string | null
      force?: boolean
      actor?: Actor
    } = {},
  ): Promise<LoadedSiteDocument<KindMap[K]> & { merge?: { by: string[]; changes: FieldChange[] } }> {
    const parse = (value: unknown) => {
      const result = schemas[kind].safeParse(value)
      if (!result.success) {
        throw invalidInput(
          `The ${names[kind]} has invalid content`,
          result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        )
      }
      return withoutStamps(result.data as Record<string, unknown>)
    }
    const mine = parse(input)
    for (let attempt = 0; ; attempt++) {
      const [existing] = await db
        .select()
        .from(siteDocuments)
        .where(and(eq(siteDocuments.domainId, domainId), eq(siteDocuments.kind, kind)))
        .limit(1)
      if (!existing) await requireDomain(db, domainId)
      let draft = mine
      let merge: { by: string[]; changes: FieldChange[] } | undefined
      if (existing && !options.force) {
        if (options.baseVersion === undefined) throw versionRequired(names[kind])
        if (options.baseVersion !== existing.version) {
          const stamps = { currentVersion: existing.version, updatedBy: existing.updatedBy, updatedAt: existing.updatedAt.toISOString() }
          const who = existing.updatedBy ?? 'someone else'
          const when = formatSiteTime(existing.updatedAt.toISOString())
          if (!options.base || options.baseVersion > existing.version)
            throw conflict(
              `The ${names[kind]} was saved by ${who} at ${when} after you opened it. Reload to see their changes, or save again to overwrite them.`,
              stamps,
            )
          const base = parse({ ...(empty(kind, domainId) as Record<string, unknown>), ...options.base })
          const theirs = parse({ ...(empty(kind, domainId) as Record<string, unknown>), ...existing.draft, domainId })
          const merged = mergeDocs(base, mine, theirs, { resolutions: options.resolutions })
          if (merged.conflicts.length) {
            const by = [existing.updatedBy ?? mergeTexts.someone]
            throw conflict(mergeTexts.sameFieldsOf(names[kind], by, when, merged.conflicts.length), {
              ...stamps,
              by,
              conflicts: merged.conflicts,
            })
          }
          draft = parse(merged.merged)
          merge = { by: [existing.updatedBy ?? mergeTexts.someone], changes: changedFields(mine, draft) }
        }
      }
      const now = new Date()
      // The change and its activity entry together (issue 21).
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(siteDocuments)
          .values({ domainId, kind, draft, updatedBy: options.userId ?? null, updatedAt: now })
          .onConflictDoUpdate({
            target: [siteDocuments.domainId, siteDocuments.kind],
            set: { draft, version: sql`${siteDocuments.version} + 1`, updatedBy: options.userId ?? null, updatedAt: now },
            // Checked again in the write itself: two saves of the same version, one wins (the other merges again).
            setWhere: options.force || !existing ? undefined : eq(siteDocuments.version, existing.version),
          })
          .returning()
        if (!row) return null
        await recordActivity(tx, options.actor, { kind: activityKinds[kind], action: 'save', domainId, subjectId: kind })
        return row
      })
      if (row) {
        const loaded = toLoaded(kind, domainId, 'draft', row)
        return merge ? { ...loaded, merge } : loaded
      }
      if (attempt >= 2) throw conflict(`Another editor saved the ${names[kind]} at the same moment. Reload to see their changes.`)
    }
  }

  async function publish<K extends SiteDocumentKind>(kind: K, domainId: string, actor?: Actor): Promise<LoadedSiteDocument<KindMap[K]>> {
    const now = new Date()
    await db.transaction(async (tx) => {
      await tx
        .update(siteDocuments)
        .set({ publishedDoc: sql`${siteDocuments.draft}`, lastPublished: now, updatedAt: now })
        .where(and(eq(siteDocuments.domainId, domainId), eq(siteDocuments.kind, kind)))
      await recordActivity(tx, actor, { kind: activityKinds[kind], action: 'publish', domainId, subjectId: kind })
    })
    // Navigation, footer and settings are on every page of this domain (and of no other).
    events.emit('published', domainId, { kind: 'site' })
    return load(kind, domainId, 'published')
  }

  return { load, loadAll, save, publish }
}

export type SiteDocumentService = ReturnType<typeof createSiteDocumentService>
