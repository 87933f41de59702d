/**
 * The favourites page's server side (issue 19 point 3): a shared list's items resolved to what is
 * published on this site now (a link's paths are never trusted for titles: each is looked up, and
 * one that is gone or not public is left out), and the page that holds the enquiry form.
 */
import { sql } from 'drizzle-orm'
import type { AppLoadContext } from 'react-router'
import { slugFromPath } from '#lib/slug'
import { rowsOf } from '#server/db/query'
import { isSitePath, MAX_FAVOURITES, type Favourite } from '#ui/favourites/store'

export async function resolveShared(context: AppLoadContext, domainId: string, paths: string[]): Promise<Favourite[]> {
  const wanted = [...new Set(paths.filter(isSitePath))].slice(0, MAX_FAVOURITES)
  const found = await Promise.all(
    wanted.map(async (path): Promise<Favourite | null> => {
      const slug = slugFromPath(path)
      if (!slug) return null
      if (slug.startsWith('listing/')) {
        const listing = await context.services.listings.findBySlug(domainId, slug)
        return listing ? { kind: 'listing', path: `/${listing.slug}`, title: listing.name.value } : null
      }
      const page = await context.services.pages.loadPublished(domainId, 'pages', slug, context.user)
      return page ? { kind: 'page', path: `/${page.slug}`, title: page.title || page.header.title || page.slug } : null
    }),
  )
  return found.filter((item): item is Favourite => item !== null)
}

/** The address of a published page holding the concierge enquiry form ('plan-your-visit' first), or null. */
export async function enquiryPagePath(context: AppLoadContext, domainId: string): Promise<string | null> {
  const [row] = await rowsOf<{ slug: string }>(
    context.services.database.db,
    sql`
    select published_slug as slug from pages
    where domain_id = ${domainId} and collection = 'pages' and published = true and published_slug is not null
      and published_doc::text like '%"componentType": "ConciergeForm"%'
    order by (published_slug = 'plan-your-visit') desc, length(published_slug) asc
    limit 1`,
  )
  return row ? `/${row.slug}` : null
}
