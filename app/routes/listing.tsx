import { slugFromPath } from '#lib/slug'
import type { Route } from './+types/listing'
import { ContentPage, contentPageMeta, layoutDataOf } from './content-page'
import { loadContentPage } from './content-page.server'

/** /listing/*: a listing's page, stored in the 'listings' collection with the slug 'listing/…'. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentPage(context, request, 'listings', slugFromPath(new URL(request.url).pathname))
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => contentPageMeta(loaderData, layoutDataOf(matches))

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage loaderData={loaderData} />
}
