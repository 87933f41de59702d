/**
 * Content per language (issue 33 points 2 and 3, docs/decisions/025): a further language's texts of
 * a page, the navigation, the footer or site settings, kept beside the shared structure as a map
 * from field id to text, with a draft and a published copy per language, a version history per
 * language, and saves merged field by field (018). A translation holds only what was written in
 * its language: a field without one shows the default text to visitors, and that fallback is never
 * stored. Publishing one language changes nothing of another.
 */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { footerSchema, navSchema, siteSettingsSchema, type Collection } from '#lib/content'
import { domainLanguagesOf, isLocaleCode, LOCALES, type DomainLanguages, type LocaleCode } from '#lib/locales'
import type { MergeConflict, Side } from '#lib/merge'
import { sanitizeRichText } from '#lib/sanitize'
import { formatSiteTime, teamMayPublish } from '#lib/team'
import { mergeTexts } from '#lib/texts'
import {
  applyTranslation,
  collectTranslatable,
  keepKnown,
  TRANSLATION_TEXT_MAX,
  untranslatedFields,
  type TranslatableField,
  type Translation,
} from '#lib/translatable'
import { pageFields } from '#blocks/translatable'
import type { Db } from '../db/client.ts'
import { domains, listingCategories, listingTags, pages, siteDocuments, translations, translationVersions } from '../db/schema.ts'
import { actorCanEdit, actorCanPublish, actorIsSignedIn, userOf, type Actor } from './access.ts'
import { AppError, conflict, invalidInput, notFound } from './errors.ts'
import type { ContentEventBus } from './events.ts'
import { writePageTranslationSearch } from './search.ts'
import { recordActivity } from './team/activity.ts'

export const TRANSLATION_KINDS = ['page', 'nav', 'footer', 'siteSettings', 'category', 'tags'] as const
export type TranslationKind = (typeof TRANSLATION_KINDS)[number]

type Row = typeof translations.$inferSelect
type SiteKind = 'nav' | 'footer' | 'siteSettings'

/** A translation as the editor and the API read it. */
export interface LoadedTranslation {
  kind: TranslationKind
  id: string
  locale: LocaleCode
  /** The draft: field id → text, only what was written in this language. */
  fields: Translation
  /** The draft's fields a machine translation suggested and nobody has reviewed (typed in) yet. */
  suggested: string[]
  /** What visitors read in this language; null while it is not published. */
  published: Translation | null
  /** 0 before the first save. */
  version: number
  lastPublished: string | null
  updatedAt: string | null
  updatedBy: string | null
  /** How many texts of the structure's draft have a default text and no translation in the draft. */
  untranslated: number
  /** How many texts the structure's draft has (with a default text). */
  total: number
}

export interface TranslationMergeReport {
  baseVersion: number
  by: string[]
  /** The field ids the merge took from what was saved since. */
  changes: string[]
}

/** What a translation belongs to: its structure's texts, who may change it, and what a publish drops from caches. */
interface Subject {
  domainId: string
  /** The texts of the structure's draft: the ids a translation may name, and what the editor translates. */
  draftFields: TranslatableField[]
  /** The texts of the published structure; null while the structure itself is not published. */
  publishedFields: TranslatableField[] | null
  canEdit: (actor: Actor) => boolean
  canPublish: (actor: Actor) => boolean
  /** The activity log's kind and subject (the page's address). */
  activity: { kind: string; subject: string }
  /** What the published change is (the page cache drops what shows it). */
  change: { kind: 'pages'; ids: string[]; collection: Collection } | { kind: 'site' } | { kind: 'listing-categories' }
  /** What a refused publish of a language says while the structure is not published. */
  notPublished: string
}

const forbidden = (message: string) => new AppError('forbidden', message)

const siteSchemas = { nav: navSchema, footer: footerSchema, siteSettings: siteSettingsSchema } as const
const siteNames: Record<SiteKind, string> = { nav: 'navigation', footer: 'footer', siteSettings: 'site settings' }
const siteActivity = { nav: 'navigation', footer: 'footer', siteSettings: 'siteSettings' } as const

/** A translation's texts as sent: strings only, each within bounds; rich text cleaned as blocks clean it. */
function cleanTexts(input: Record<string, unknown>, fields: readonly TranslatableField[]): Translation {
  const kinds = new Map(fields.map((field) => [field.id, field.kind] as const))
  const issues: { path: string; message: string }[] = []
  const out: Translation = {}
  for (const [id, value] of Object.entries(input)) {
    if (typeof value !== 'string') issues.push({ path: `fields.${id}`, message: 'Expected a text' })
    else if (value.length > TRANSLATION_TEXT_MAX)
      issues.push({ path: `fields.${id}`, message: `At most ${TRANSLATION_TEXT_MAX} characters` })
    else out[id] = kinds.get(id) === 'rich' ? sanitizeRichText(value) : value
  }
  if (issues.length) throw invalidInput('The translation has invalid texts', issues)
  return out
}

/** Merges two maps of texts changed from `base`, key by key; a key both changed differently is a conflict. */
function mergeTranslations(
  base: Translation,
  mine: Translation,
  theirs: Translation,
  resolutions: Readonly<Record<string, Side>>,
  pathOf: (id: string) => (string | number)[],
): { merged: Translation; conflicts: MergeConflict[]; taken: string[] } {
  const merged: Translation = {}
  const conflicts: MergeConflict[] = []
  const taken: string[] = []
  for (const id of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const b = base[id]
    const m = mine[id]
    const t = theirs[id]
    let value: string | undefined
    if (m === t || b === t) value = m
    else if (b === m) {
      value = t
      taken.push(id)
    } else {
      const chosen = resolutions[id]
      if (chosen === 'theirs') taken.push(id)
      if (chosen) value = chosen === 'mine' ? m : t
      else conflicts.push({ id, path: pathOf(id), kind: 'value', base: b, mine: m, theirs: t })
    }
    if (value !== undefined && value !== '') merged[id] = value
  }
  return { merged, conflicts, taken }
}

/**
 * Which texts of a saved draft stay marked as machine suggestions (decision 041): those the sender
 * names as suggestions whose text stands in the draft, and those already marked that the sender did
 * not send, or in a merge left as in their base, and nobody changed. A text typed by a person, a
 * restore, or an emptied text loses its mark.
 */
function suggestedAfter(
  kept: Translation,
  next: Translation,
  existing: Row | null,
  named: readonly string[],
  base: Translation | null,
): string[] {
  const out = new Set<string>()
  for (const id of named) if (id in kept && next[id] && next[id] === kept[id]) out.add(id)
  // In a merge, a text the sender left as it was in their base was not reviewed by them.
  const untouched = (id: string) => !(id in kept) || (base !== null && kept[id] === base[id])
  for (const id of existing?.suggested ?? []) if (untouched(id) && next[id] && next[id] === existing?.draft[id]) out.add(id)
  return [...out].sort()
}

export function createTranslationService(db: Db, events: ContentEventBus) {
  async function languagesOf(domainId: string): Promise<DomainLanguages> {
    const [row] = await db
      .select({ defaultLanguage: domains.defaultLanguage, languages: domains.languages })
      .from(domains)
      .where(eq(domains.id, domainId))
      .limit(1)
    if (!row) throw notFound('Domain not found')
    return domainLanguagesOf({
      languages: {
        default: isLocaleCode(row.defaultLanguage) ? row.defaultLanguage : 'en-AU',
        others: row.languages.filter(isLocaleCode),
      },
    })
  }

  /** The locale must be one the domain offers besides its default (whose texts are the structure's own). */
  async function requireFurtherLanguage(domainId: string, locale: string): Promise<LocaleCode> {
    const languages = await languagesOf(domainId)
    if (!isLocaleCode(locale) || !languages.others.includes(locale)) {
      const offered = languages.others.length ? languages.others.join(', ') : 'none'
      throw invalidInput(`This site is not offered in ${locale} besides its default language (further languages: ${offered})`, [
        { path: 'locale', message: 'Not a further language of this site' },
      ])
    }
    return locale
  }

  async function subjectOf(kind: TranslationKind, id: string): Promise<Subject | null> {
    if (kind === 'page') {
      const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1)
      if (!row) return null
      return {
        domainId: row.domainId,
        draftFields: pageFields(row.draft),
        publishedFields: row.publishedDoc ? pageFields(row.publishedDoc) : null,
        canEdit: (actor) => actorCanEdit(actor, row.draft),
        canPublish: (actor) => actorCanPublish(actor, row.draft),
        activity: { kind: row.collection === 'listings' ? 'listing' : 'page', subject: `/${row.slug}` },
        change: { kind: 'pages', ids: [row.id], collection: row.collection as Collection },
        notPublished: 'This page is not published yet: publish it in its default language first, or publish all languages.',
      }
    }
    if (kind === 'category' || kind === 'tags') return listingSubjectOf(kind, id)
    // The navigation, footer and settings of a domain: their id is the domain's.
    const [row] = await db
      .select()
      .from(siteDocuments)
      .where(and(eq(siteDocuments.domainId, id), eq(siteDocuments.kind, kind)))
      .limit(1)
    const [domain] = row ? [{ id }] : await db.select({ id: domains.id }).from(domains).where(eq(domains.id, id)).limit(1)
    if (!domain) return null
    const schema = siteSchemas[kind]
    const fieldsOf = (doc: Record<string, unknown>) => collectTranslatable(schema, schema.parse(doc))
    return {
      domainId: id,
      draftFields: fieldsOf(row?.draft ?? {}),
      publishedFields: row?.publishedDoc ? fieldsOf(row.publishedDoc) : null,
      canEdit: actorIsSignedIn,
      canPublish: (actor) => actor.system === true || (!!actor.user && teamMayPublish(actor.user.roles)),
      activity: { kind: siteActivity[kind], subject: siteNames[kind] },
      change: { kind: 'site' },
      notPublished: `The ${siteNames[kind]} is not published yet: publish it in its default language first.`,
    }
  }

  /**
   * A listing category's name (field id `name`; the category's id) or the friendly tag names (field
   * id: the tag key; the domain's id). Their default texts are the category's name and the tags'
   * names; visitors read the tags' names in the grid's filters and on listing pages.
   */
  async function listingSubjectOf(kind: 'category' | 'tags', id: string): Promise<Subject | null> {
    const publisher = (actor: Actor) => actor.system === true || (!!actor.user && teamMayPublish(actor.user.roles))
    const field = (key: string, text: string): TranslatableField => ({ id: key, path: [key], text, kind: 'text' })
    if (kind === 'category') {
      const [row] = await db.select().from(listingCategories).where(eq(listingCategories.id, id)).limit(1)
      if (!row) return null
      const fields = [field('name', row.doc.name)]
      return {
        domainId: row.domainId,
        draftFields: fields,
        publishedFields: row.published ? fields : null,
        canEdit: actorIsSignedIn,
        canPublish: publisher,
        activity: { kind: 'category', subject: row.doc.name },
        change: { kind: 'listing-categories' },
        notPublished: 'This category is not published yet: publish it in its default language first.',
      }
    }
    const [domain] = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, id)).limit(1)
    if (!domain) return null
    const [row] = await db.select().from(listingTags).where(eq(listingTags.domainId, id)).limit(1)
    const fieldsOf = (tags: Record<string, string>) => Object.entries(tags).map(([key, name]) => field(key, name))
    return {
      domainId: id,
      draftFields: fieldsOf(row?.draft ?? {}),
      publishedFields: row?.publishedDoc ? fieldsOf(row.publishedDoc) : null,
      canEdit: actorIsSignedIn,
      canPublish: publisher,
      activity: { kind: 'tag', subject: 'tags' },
      change: { kind: 'listing-categories' },
      notPublished: 'The tag names are not published yet: publish them in the default language first.',
    }
  }

  async function requireSubject(kind: TranslationKind, id: string, domainId: string | undefined) {
    const subject = await subjectOf(kind, id)
    // A subject of another domain is none of this caller's business: the same answer as a missing one.
    if (!subject || (domainId !== undefined && subject.domainId !== domainId))
      throw notFound(kind === 'page' ? 'Page not found' : kind === 'category' ? 'Category not found' : 'Not found')
    return subject
  }

  async function rowOf(kind: TranslationKind, id: string, locale: string): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(translations)
      .where(and(eq(translations.kind, kind), eq(translations.subjectId, id), eq(translations.locale, locale)))
      .limit(1)
    return row ?? null
  }

  function toLoaded(kind: TranslationKind, id: string, locale: LocaleCode, row: Row | null, subject: Subject): LoadedTranslation {
    const fields = row?.draft ?? {}
    return {
      kind,
      id,
      locale,
      fields,
      suggested: row?.suggested ?? [],
      published: row?.published ?? null,
      version: row?.version ?? 0,
      lastPublished: row?.lastPublished?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
      untranslated: untranslatedFields(subject.draftFields, fields).length,
      total: subject.draftFields.filter((field) => field.text.trim() !== '').length,
    }
  }

  async function record(
    writer: Db,
    row: Row,
    action: 'save' | 'publish' | 'unpublish' | 'restore',
    fields: Translation,
    subject: Subject,
    actor: Actor,
  ) {
    const user = userOf(actor)
    await writer.insert(translationVersions).values({
      kind: row.kind,
      subjectId: row.subjectId,
      locale: row.locale,
      version: row.version,
      action,
      fields,
      userId: user?._id ?? null,
      username: user?.username ?? null,
    })
    await recordActivity(writer, actor, {
      kind: subject.activity.kind,
      action,
      domainId: subject.domainId,
      subjectId: row.subjectId,
      subject: `${subject.activity.subject} (${LOCALES[row.locale as LocaleCode]?.englishName ?? row.locale})`,
      details: { locale: row.locale },
    })
  }

  /** The draft of a language for an editor of the subject. */
  async function load(kind: TranslationKind, id: string, locale: string, actor: Actor, domainId?: string): Promise<LoadedTranslation> {
    const subject = await requireSubject(kind, id, domainId)
    if (!subject.canEdit(actor)) throw forbidden('You are not allowed to edit this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    return toLoaded(kind, id, code, await rowOf(kind, id, code), subject)
  }

  /**
   * What a machine translation of a language starts from (for an editor of the subject): the
   * structure's draft texts in the default language, and the language's stored draft, whose
   * translated fields a suggestion never replaces.
   */
  async function sources(kind: TranslationKind, id: string, locale: string, actor: Actor, domainId?: string) {
    const subject = await requireSubject(kind, id, domainId)
    if (!subject.canEdit(actor)) throw forbidden('You are not allowed to edit this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    const languages = await languagesOf(subject.domainId)
    const row = await rowOf(kind, id, code)
    return { locale: code, defaultLocale: languages.default, fields: subject.draftFields, draft: row?.draft ?? {} }
  }

  /** What visitors read in a language (null: not published in it, the default text throughout). */
  async function published(kind: TranslationKind, id: string, locale: LocaleCode): Promise<Translation | null> {
    const [row] = await db
      .select({ published: translations.published })
      .from(translations)
      .where(and(eq(translations.kind, kind), eq(translations.subjectId, id), eq(translations.locale, locale)))
      .limit(1)
    return row?.published ?? null
  }

  /** An editor's working texts in a language (null: nothing written yet). */
  async function draft(kind: TranslationKind, id: string, locale: LocaleCode) {
    const row = await rowOf(kind, id, locale)
    return row
      ? {
          fields: row.draft,
          suggested: row.suggested,
          version: row.version,
          published: row.published !== null,
          lastPublished: row.lastPublished,
          updatedAt: row.updatedAt,
        }
      : null
  }

  /** Published maps of many subjects of a kind at once (null where not published). */
  async function publishedMany(kind: TranslationKind, ids: readonly string[], locale: LocaleCode): Promise<Map<string, Translation>> {
    if (ids.length === 0) return new Map()
    const rows = await db
      .select({ id: translations.subjectId, published: translations.published })
      .from(translations)
      .where(and(eq(translations.kind, kind), eq(translations.locale, locale), inArray(translations.subjectId, [...ids])))
    return new Map(rows.filter((r) => r.published).map((r) => [r.id, r.published!]))
  }

  async function baseFields(kind: TranslationKind, id: string, locale: string, version: number): Promise<Translation | null> {
    if (version === 0) return {}
    const [row] = await db
      .select({ fields: translationVersions.fields })
      .from(translationVersions)
      .where(
        and(
          eq(translationVersions.kind, kind),
          eq(translationVersions.subjectId, id),
          eq(translationVersions.locale, locale),
          eq(translationVersions.version, version),
        ),
      )
      .orderBy(desc(translationVersions.id))
      .limit(1)
    return row?.fields ?? null
  }

  async function savedBy(kind: TranslationKind, id: string, locale: string, from: number, to: number): Promise<string[]> {
    const rows = await db
      .select({ username: translationVersions.username })
      .from(translationVersions)
      .where(
        and(
          eq(translationVersions.kind, kind),
          eq(translationVersions.subjectId, id),
          eq(translationVersions.locale, locale),
          gt(translationVersions.version, from),
          lte(translationVersions.version, to),
        ),
      )
      .orderBy(asc(translationVersions.id))
    return [...new Set(rows.map((r) => r.username).filter((name): name is string => !!name))]
  }

  interface SaveOptions {
    /** The version the editor loaded (0: none existed); required once the translation exists, unless forced. */
    version?: number
    force?: boolean
    resolutions?: Readonly<Record<string, Side>>
    action?: 'save' | 'restore'
    /** Only fill fields that have no translation yet (machine translation): never overwrites a human's text. */
    fillOnly?: boolean
    /**
     * The sent fields that are machine suggestions not yet reviewed (decision 041). A sent field not
     * named here was reviewed (or written) by the sender; a field not sent keeps its mark.
     */
    suggested?: readonly string[]
    domainId?: string
  }

  /**
   * Saves a language's draft: the texts written in it, nothing else. An id that names no text of
   * the structure is left out (`dropped`); an empty text removes the translation. A save based on
   * an older version is merged key by key with what was saved since (018); a field both changed is
   * refused (409) with both values, until `resolutions` settle it.
   */
  async function save(
    kind: TranslationKind,
    id: string,
    locale: string,
    input: Record<string, unknown>,
    actor: Actor,
    options: SaveOptions = {},
  ): Promise<LoadedTranslation & { dropped: string[]; merge?: TranslationMergeReport }> {
    const subject = await requireSubject(kind, id, options.domainId)
    if (!subject.canEdit(actor)) throw forbidden('You are not allowed to edit this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    const known = [...subject.draftFields, ...(subject.publishedFields ?? [])]
    const { kept, dropped } = keepKnown(known, cleanTexts(input, known))
    const pathOf = (fieldId: string) => known.find((field) => field.id === fieldId)?.path ?? [fieldId]
    for (let attempt = 0; ; attempt++) {
      const existing = await rowOf(kind, id, code)
      let next = kept
      let merge: TranslationMergeReport | undefined
      let mergeBase: Translation | null = null
      if (options.fillOnly) next = { ...kept, ...(existing?.draft ?? {}) }
      else if (existing && !options.force) {
        if (options.version === undefined)
          throw invalidInput('Send the version of the translation you loaded (or force: true to overwrite it knowingly)', [
            { path: 'version', message: 'Required when saving an existing translation' },
          ])
        if (options.version !== existing.version) {
          const when = formatSiteTime(existing.updatedAt.toISOString())
          const stamps = { currentVersion: existing.version, updatedBy: existing.updatedBy, updatedAt: existing.updatedAt.toISOString() }
          const base = options.version < existing.version ? await baseFields(kind, id, code, options.version) : null
          if (!base) throw conflict(mergeTexts.staleUnknownBase(existing.updatedBy ?? mergeTexts.someone, when), stamps)
          const outcome = mergeTranslations(base, kept, existing.draft, options.resolutions ?? {}, pathOf)
          const by = await savedBy(kind, id, code, options.version, existing.version)
          if (outcome.conflicts.length) {
            const who = by.length ? by : [existing.updatedBy ?? mergeTexts.someone]
            throw conflict(mergeTexts.sameFields(who, when, outcome.conflicts.length), { ...stamps, by: who, conflicts: outcome.conflicts })
          }
          next = outcome.merged
          mergeBase = base
          merge = { baseVersion: options.version, by, changes: outcome.taken }
        }
      }
      const suggested = suggestedAfter(kept, next, existing, options.suggested ?? [], mergeBase)
      const now = new Date()
      const username = userOf(actor)?.username ?? null
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(translations)
          .values({
            kind,
            subjectId: id,
            locale: code,
            domainId: subject.domainId,
            draft: next,
            suggested,
            updatedBy: username,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [translations.kind, translations.subjectId, translations.locale],
            set: { draft: next, suggested, version: sql`${translations.version} + 1`, updatedBy: username, updatedAt: now },
            // Checked in the write itself: of two saves of one version, one wins and the other merges again.
            setWhere: existing ? eq(translations.version, existing.version) : undefined,
          })
          .returning()
        if (!row) return null
        await record(tx, row, options.action ?? 'save', next, subject, actor)
        return row
      })
      if (row) {
        const loaded = { ...toLoaded(kind, id, code, row, subject), dropped }
        return merge ? { ...loaded, merge } : loaded
      }
      if (attempt >= 2) throw conflict('Another editor saved this translation at the same moment. Reload to see their changes.')
    }
  }

  /**
   * Publishes a language: its draft becomes what visitors read in it. Nothing of the structure or
   * of another language changes. The structure must be published already (409 otherwise): it is
   * published with the default language, or with every language at once (pages: allLanguages).
   */
  async function publish(kind: TranslationKind, id: string, locale: string, actor: Actor, domainId?: string): Promise<LoadedTranslation> {
    const subject = await requireSubject(kind, id, domainId)
    if (!subject.canPublish(actor)) throw forbidden('You are not allowed to publish this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    if (!subject.publishedFields) throw conflict(subject.notPublished)
    const now = new Date()
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(translations)
        .values({ kind, subjectId: id, locale: code, domainId: subject.domainId, draft: {}, published: {}, lastPublished: now })
        .onConflictDoUpdate({
          target: [translations.kind, translations.subjectId, translations.locale],
          set: { published: sql`${translations.draft}`, lastPublished: now },
        })
        .returning()
      await record(tx, row!, 'publish', row!.draft, subject, actor)
      if (kind === 'page') await writePageTranslationSearch(tx, id, code)
      return row!
    })
    events.emit('published', subject.domainId, subject.change)
    return toLoaded(kind, id, code, row, subject)
  }

  /** Withdraws a language's published texts: visitors read the default text again. The draft stays. */
  async function unpublish(kind: TranslationKind, id: string, locale: string, actor: Actor, domainId?: string): Promise<LoadedTranslation> {
    const subject = await requireSubject(kind, id, domainId)
    if (!subject.canPublish(actor)) throw forbidden('You are not allowed to unpublish this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    const existing = await rowOf(kind, id, code)
    if (!existing) return toLoaded(kind, id, code, null, subject)
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(translations)
        .set({ published: null })
        .where(and(eq(translations.kind, kind), eq(translations.subjectId, id), eq(translations.locale, code)))
        .returning()
      await record(tx, row!, 'unpublish', row!.draft, subject, actor)
      if (kind === 'page') await writePageTranslationSearch(tx, id, code)
      return row!
    })
    events.emit('published', subject.domainId, subject.change)
    return toLoaded(kind, id, code, row, subject)
  }

  /**
   * Publishes every further language of the subject that has a draft (pages' "all languages"),
   * after the structure itself was published by the caller.
   */
  async function publishAll(kind: TranslationKind, id: string, actor: Actor): Promise<LocaleCode[]> {
    const subject = await requireSubject(kind, id, undefined)
    if (!subject.canPublish(actor)) throw forbidden('You are not allowed to publish this')
    const offered = (await languagesOf(subject.domainId)).others
    const rows = await db
      .select({ locale: translations.locale })
      .from(translations)
      .where(and(eq(translations.kind, kind), eq(translations.subjectId, id)))
    const done: LocaleCode[] = []
    for (const { locale } of rows) {
      if (!isLocaleCode(locale) || !offered.includes(locale)) continue
      await publish(kind, id, locale, actor)
      done.push(locale)
    }
    return done
  }

  async function versions(kind: TranslationKind, id: string, locale: string, actor: Actor, domainId?: string) {
    const subject = await requireSubject(kind, id, domainId)
    if (!subject.canEdit(actor)) throw forbidden('You are not allowed to edit this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    const rows = await db
      .select({
        id: translationVersions.id,
        version: translationVersions.version,
        action: translationVersions.action,
        username: translationVersions.username,
        createdAt: translationVersions.createdAt,
      })
      .from(translationVersions)
      .where(and(eq(translationVersions.kind, kind), eq(translationVersions.subjectId, id), eq(translationVersions.locale, code)))
      .orderBy(desc(translationVersions.createdAt), desc(translationVersions.id))
      .limit(200)
    return rows.map((r) => ({ ...r, locale: code, createdAt: r.createdAt.toISOString() }))
  }

  async function versionFields(kind: TranslationKind, id: string, locale: string, versionId: number, actor: Actor, domainId?: string) {
    const subject = await requireSubject(kind, id, domainId)
    if (!subject.canEdit(actor)) throw forbidden('You are not allowed to edit this')
    const code = await requireFurtherLanguage(subject.domainId, locale)
    const [row] = await db
      .select()
      .from(translationVersions)
      .where(
        and(
          eq(translationVersions.id, versionId),
          eq(translationVersions.kind, kind),
          eq(translationVersions.subjectId, id),
          eq(translationVersions.locale, code),
        ),
      )
      .limit(1)
    if (!row) throw notFound('Version not found')
    return { id: row.id, version: row.version, action: row.action, locale: code, fields: row.fields }
  }

  /** Makes an older version of a language's texts its draft again (a new version; publish to show it). */
  async function restore(kind: TranslationKind, id: string, locale: string, versionId: number, actor: Actor, domainId?: string) {
    const old = await versionFields(kind, id, locale, versionId, actor, domainId)
    return save(kind, id, locale, old.fields, actor, { force: true, action: 'restore', domainId })
  }

  /**
   * The navigation, footer and site settings in a language, field by field over the default
   * language's: the published texts for visitors, the drafts for editors (`which`).
   */
  async function siteDocumentsIn<T extends { nav: object; footer: object; siteSettings: object }>(
    domainId: string,
    locale: LocaleCode,
    which: 'draft' | 'published',
    docs: T,
  ): Promise<T> {
    const rows = await db
      .select({ kind: translations.kind, draft: translations.draft, published: translations.published })
      .from(translations)
      .where(
        and(
          eq(translations.subjectId, domainId),
          eq(translations.locale, locale),
          inArray(translations.kind, ['nav', 'footer', 'siteSettings']),
        ),
      )
    const out = { ...docs }
    for (const row of rows) {
      const kind = row.kind as SiteKind
      const map = which === 'draft' ? row.draft : row.published
      if (!map) continue
      const doc = docs[kind] as Record<string, unknown>
      out[kind] = applyTranslation(doc, collectTranslatable(siteSchemas[kind], doc), map) as T[SiteKind]
    }
    return out
  }

  /** A page's translations go with it. */
  async function removeSubject(kind: TranslationKind, id: string) {
    await db.delete(translations).where(and(eq(translations.kind, kind), eq(translations.subjectId, id)))
  }

  return {
    languagesOf,
    load,
    sources,
    published,
    publishedMany,
    draft,
    save,
    publish,
    unpublish,
    publishAll,
    versions,
    versionFields,
    restore,
    removeSubject,
    siteDocumentsIn,
  }
}

export type TranslationService = ReturnType<typeof createTranslationService>
