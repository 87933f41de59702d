import { SYSTEM } from '../services/access.ts'
import type { Services } from '../services/index.ts'
import { demoSites } from './content.ts'
import { generateDemoImages } from './images.ts'
import { DEMO_LISTINGS_DOMAIN, seedDemoListings } from './listings.ts'

/**
 * Seeds the demo sites: domains, images, pages, navigation, footer and site settings, all
 * published. Idempotent: a domain that already exists is left as it is, so an editor's work is
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
    for (const kind of ['nav', 'footer', 'siteSettings'] as const) {
      await services.siteDocuments.save(kind, site.domain._id, site[kind])
      await services.siteDocuments.publish(kind, site.domain._id)
    }
    // Listing categories, tag names and the listing grid pages (the listings come from the sync).
    if (site.domain._id === DEMO_LISTINGS_DOMAIN) await seedDemoListings(services, site.domain._id)
  }
  return seededAny
}
