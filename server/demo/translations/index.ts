/**
 * The Barossa demo in its further languages (issue 33 point 7, docs/decisions/025): texts written
 * for German and Simplified Chinese visitors, saved and published through the translation service
 * as an editor's would be (a version and an activity entry per language), so the demo reads as a
 * translated site and an editor finds ordinary translations to change. Eden Valley stays English.
 */
import type { LocaleCode } from '#lib/locales'
import type { Translation } from '#lib/translatable'
import { SYSTEM } from '../../services/access.ts'
import type { Services } from '../../services/index.ts'
import { de } from './de.ts'
import { zhHans } from './zh-Hans.ts'

/**
 * One language's texts. Blocks are named by the fixed keys the demo gives them (`home-intro/title`),
 * everything else by its path (`header.title`, navigation `items.1.text`, footer
 * `linkGroups.0.links.2.text`) in the seeded documents.
 */
export interface DemoTranslation {
  /** By page address ('' is home). */
  pages: Record<string, Translation>
  /** The story's chapter pages, by address ('chapters/barossa-story/the-first-vines'). */
  chapters: Record<string, Translation>
  nav: Translation
  footer: Translation
  /** Friendly tag names by tag key, where the domain has tag names (the listings' domain). */
  tags?: Translation
  /** Listing categories' names by category id, where the domain has them. */
  categories?: Record<string, string>
}

export const DEMO_TRANSLATIONS: Partial<Record<LocaleCode, DemoTranslation>> = { de, 'zh-Hans': zhHans }

/**
 * Saves and publishes the demo's translations of a domain in each further language it offers and
 * the demo has texts for. A text naming no field of the seeded documents is a mistake in the demo
 * content (the field was renamed or moved): it fails the seed rather than vanish silently.
 */
export async function seedDemoTranslations(services: Services, domainId: string): Promise<void> {
  const { others } = await services.translations.languagesOf(domainId)
  for (const locale of others) {
    const texts = DEMO_TRANSLATIONS[locale]
    if (!texts) continue
    const subjects: { kind: 'page' | 'nav' | 'footer' | 'tags' | 'category'; id: string; name: string; fields: Translation }[] = [
      { kind: 'nav', id: domainId, name: 'navigation', fields: texts.nav },
      { kind: 'footer', id: domainId, name: 'footer', fields: texts.footer },
    ]
    // The listings' tag and category names, in the domain that has them (the listings' domain).
    const tagNames = await services.listings.loadTags(domainId, 'published')
    if (texts.tags && Object.keys(tagNames).length) subjects.push({ kind: 'tags', id: domainId, name: 'tag names', fields: texts.tags })
    const categories = new Set((await services.listings.loadCategories(domainId)).map((category) => category._id))
    for (const [id, name] of Object.entries(texts.categories ?? {}))
      if (categories.has(id)) subjects.push({ kind: 'category', id, name: `category ${id}`, fields: { name } })
    for (const collection of ['pages', 'chapters'] as const) {
      for (const [slug, fields] of Object.entries(texts[collection])) {
        const page = await services.pages.loadPublished(domainId, collection, slug)
        if (!page) throw new Error(`Demo translation (${locale}) for a page that is not seeded: /${slug}`)
        subjects.push({ kind: 'page', id: page._id, name: `/${slug}`, fields })
      }
    }
    for (const subject of subjects) {
      const saved = await services.translations.save(subject.kind, subject.id, locale, subject.fields, SYSTEM, { force: true })
      if (saved.dropped.length)
        throw new Error(`Demo translation (${locale}) of ${subject.name} names no field: ${saved.dropped.join(', ')}`)
      await services.translations.publish(subject.kind, subject.id, locale, SYSTEM)
    }
  }
}
