import { localePath } from '#lib/locales'
import { lazy, Suspense } from 'react'
import { data, isRouteErrorResponse, redirect } from 'react-router'
import { slugFromPath } from '#lib/slug'
import { listingTexts } from '#lib/texts'
import { useTexts } from '#ui/locale'
import { EditingContext } from '#ui/editing'
import { usePageOverride } from '#blocks/page-override'
import { RenderBlocks } from '#blocks/RenderBlocks'
import { reloadAfterChunkError } from '~/document/chunk-reload'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { loadListingPage } from '~/listings/listing-page.server'
import { ListingTemplate } from '~/listings/ListingTemplate'
import type { Route } from './+types/listing'
import { contentPageMeta, layoutDataOf, rootDataOf } from './content-page'
import { loadContentPage, pathWithinLanguage } from './content-page.server'

/**
 * /listing/*: a listing's page (spec 02 §2.1), stored in the 'listings' collection with the slug
 * 'listing/…'. The listing template is server-rendered from the listing service; blocks an editor
 * added to the page follow it. Hosted booking results link to /listing/{url}?id={id}: when the
 * address's slug is unknown but the id is a listing, the visitor is sent to its page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  let loaded: Awaited<ReturnType<typeof loadContentPage>>
  try {
    loaded = await loadContentPage(context, request, 'listings', slugFromPath(pathWithinLanguage(context, request)))
  } catch (error) {
    const id = url.searchParams.get('id')
    const domainId = context.domain?._id
    if (id && domainId && isRouteErrorResponse(error) && error.status === 404) {
      const listing = await context.services.listings.findById(domainId, id, { editor: Boolean(context.user) }).catch(() => null)
      if (listing?.slug && listing.slug !== slugFromPath(pathWithinLanguage(context, request)))
        throw redirect(localePath(`/${listing.slug}`, context.locale, context.languages))
    }
    throw error
  }
  const listingData = await loadListingPage(context, loaded.page, url.origin)
  if (!listingData.listing && !listingData.failed) throw data(null, { status: 404 })
  return { ...loaded, listingData, editor: Boolean(context.user) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const tags = contentPageMeta(loaderData, layoutDataOf(matches), rootDataOf(matches))
  const listing = loaderData?.listingData.listing
  if (!listing || loaderData.page.title || loaderData.page.header.title) return tags
  // A listing page without its own title is titled by the listing's name.
  const siteName = layoutDataOf(matches)?.nav?.siteName
  return tags.map((tag) => ('title' in tag ? { title: [listing.name, siteName].filter(Boolean).join(' – ') } : tag))
}

/** The listing editor (its own chunk): only signed-in editors download it, after hydration. */
const ListingEditorBar = lazy(() =>
  import('~/listings/editor/ListingEditorBar').catch((error: unknown) => {
    reloadAfterChunkError()
    throw error
  }),
)

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { page, contents, listingData, editor } = loaderData
  const override = usePageOverride(page._id)
  const blocks = override ? override.contents : contents
  const hydrated = useHydrated()
  const listing = listingData.listing
  const t = useTexts().listings.page
  return (
    <EditingContext.Provider value={override?.api ?? null}>
      <main id="main" tabIndex={-1} className="pb-16 outline-none lg:pb-24">
        {editor ? (
          <div className="border-b border-neutral-300 bg-neutral-100 font-sans text-sm text-neutral-800">
            <div className="container-site flex flex-wrap items-center justify-between gap-3 py-3">
              <p className="max-w-3xl">{listing && !listing.isCustom ? listingTexts.page.syncedNotice : listingTexts.page.customNotice}</p>
              {/* Edit controls only while an editing menu item is active (spec 02 §2.1). */}
              {hydrated && override?.api ? (
                <Suspense fallback={null}>
                  <ListingEditorBar listingId={listing?._id ?? page._id} pagePublished={'published' in page && page.published === true} />
                </Suspense>
              ) : null}
            </div>
          </div>
        ) : null}
        {listing ? (
          <ListingTemplate listing={listing} services={listingData.services} related={listingData.related} />
        ) : (
          <div className="container-site py-16">
            <p role="alert" className="font-display text-2xl text-red-darkest">
              {t.somethingWrong}
            </p>
          </div>
        )}
        {listingData.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: listingData.jsonLd }} /> : null}
        <RenderBlocks blocks={blocks} />
      </main>
    </EditingContext.Provider>
  )
}
