/**
 * Loads what a listing page shows (spec 02 §2.1) through the listing service (no HTTP round trip):
 * the listing, its services, 'You might also like', and the description rendered from markdown to
 * safe HTML here on the server, so react-markdown never reaches the visitor's bundle.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import type { AppLoadContext } from 'react-router'
import { localiseListing, RELATED_LIMIT } from '#lib/listings'
import { jsonLdScript, listingJsonLd, toListingView, type ListingPageData } from './listing-view.server'

/** Markdown to HTML without raw HTML (react-markdown drops it) and with safe link protocols. */
export function markdownHtml(markdown: string): string {
  if (!markdown.trim()) return ''
  return renderToStaticMarkup(createElement(Markdown, { skipHtml: true }, markdown))
}

/** Today in the region's time zone (opening times change at local midnight). */
function todayInAdelaide(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  )
}

export async function loadListingPage(
  context: AppLoadContext,
  page: { _id: string; slug: string },
  origin: string,
): Promise<ListingPageData> {
  const domainId = context.domain?._id ?? ''
  const editor = Boolean(context.user)
  const service = context.services.listings
  // The listing, its services and related listings: a listing change drops the page from the page cache.
  context.dependencies?.listings()
  const empty: ListingPageData = { listing: null, services: [], related: [], failed: true, jsonLd: '' }
  try {
    const stored = (await service.findById(domainId, page._id, { editor })) ?? (await service.findBySlug(domainId, page.slug, { editor }))
    if (!stored) return empty
    // In the visitor's language: the provider's translated fields, English field by field where it has none (decision 030).
    const listing = localiseListing(stored, context.locale)
    const [tags, services, related] = await Promise.all([
      // Tag names in the visitor's language where translated (issue 33), the default language's otherwise.
      service.loadTags(domainId, 'published', context.locale === context.languages.default ? null : context.locale),
      listing.listingType === 'product'
        ? service.productServices(domainId, listing._id, { editor, locale: context.locale })
        : Promise.resolve([]),
      service.fetchRelated(domainId, {
        categories: listing.taggedCategories.value,
        limit: RELATED_LIMIT,
        _id: listing._id,
        locale: context.locale,
      }),
    ])
    const view = {
      ...toListingView(listing, tags, todayInAdelaide(), context.locale),
      descriptionHtml: markdownHtml(listing.description.value),
    }
    return { listing: view, services, related: related.listings, failed: false, jsonLd: jsonLdScript(listingJsonLd(view, origin)) }
  } catch (error) {
    console.error(error)
    return empty
  }
}
