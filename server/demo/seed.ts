import { SYSTEM } from '../services/access.ts'
import type { Services } from '../services/index.ts'
import { demoSites, type DemoStory } from './content.ts'
import { generateDemoImages } from './images.ts'
import { DEMO_LISTINGS_DOMAIN, seedDemoListings } from './listings.ts'
import { seedDemoTranslations } from './translations/index.ts'

/**
 * Seeds the demo sites: domains, images, pages, navigation, footer and site settings, and the
 * Barossa's German and Chinese translations, all published. Idempotent: a domain that already exists is left as it is, so an editor's work is
 * never overwritten by a later start or `npm run seed`.
 */
export async function seedDemo(services: Services, options: { onlyIfEmpty?: boolean } = {}): Promise<boolean> {
  const existing = await services.domains.list()
  if (options.onlyIfEmpty && existing.length > 0) return false
  const images = await generateDemoImages(services)
  let seededAny = false
  for (const site of demoSites(images)) {
    if (existing.some((d) => d._id === site.domain._id)) continue
    seededAny = true
    await services.domains.upsert(site.domain)
    for (const page of site.pages) {
      const saved = await services.pages.save(site.domain._id, 'pages', page, SYSTEM)
      await services.pages.publish(site.domain._id, 'pages', saved._id, SYSTEM)
    }
    if (site.story) await seedStory(services, site.domain._id, site.story)
    if (site.conciergeEmail) await services.enquiries.saveSettings(site.domain._id, { email: site.conciergeEmail, ccs: [''] })
    for (const kind of ['nav', 'footer', 'siteSettings'] as const) {
      await services.siteDocuments.save(kind, site.domain._id, site[kind])
      await services.siteDocuments.publish(kind, site.domain._id)
    }
    // Listing categories, tag names and the listing grid pages (the listings come from the sync).
    if (site.domain._id === DEMO_LISTINGS_DOMAIN) await seedDemoListings(services, site.domain._id)
    // Last: the translations name the seeded pages, navigation and footer as they now stand.
    await seedDemoTranslations(services, site.domain._id)
  }
  return seededAny
}

/** A story, published, and its chapter pages in reading order (the story lists them oldest first). */
async function seedStory(services: Services, domainId: string, demo: DemoStory): Promise<void> {
  const created = await services.stories.create(domainId, { title: demo.title, slug: demo.slug, description: demo.description })
  const story = await services.stories.publish(domainId, {
    _id: created._id,
    version: created.version,
    header: { image: demo.image },
    upNext: { inContainer: true, ...demo.upNext },
  })
  for (const chapter of demo.chapters) {
    const saved = await services.pages.save(
      domainId,
      'chapters',
      { ...chapter, slug: `chapters/${story.slug}/${chapter.slug}`, story: { _id: story._id, slug: story.slug } },
      SYSTEM,
    )
    await services.pages.publish(domainId, 'chapters', saved._id, SYSTEM)
  }
}
