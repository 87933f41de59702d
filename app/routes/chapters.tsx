import { slugFromPath } from '#lib/slug'
import type { Route } from './+types/chapters'
import { ContentPage, contentPageMeta, layoutDataOf } from './content-page'
import { loadContentPage } from './content-page.server'

/** /chapters/*: a story chapter, stored in the 'chapters' collection with the slug 'chapters/{story}/…'. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentPage(context, request, 'chapters', slugFromPath(new URL(request.url).pathname))
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => contentPageMeta(loaderData, layoutDataOf(matches))

export default function ChapterPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage loaderData={loaderData} />
}
