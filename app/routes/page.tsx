import { slugFromPath } from '#lib/slug'
import type { Route } from './+types/page'
import { ContentPage, contentPageMeta, layoutDataOf, rootDataOf } from './content-page'
import { loadContentPage, pathWithinLanguage } from './content-page.server'

/** The catch-all: a content-managed page of the 'pages' collection by its slug ('' is home). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentPage(context, request, 'pages', slugFromPath(pathWithinLanguage(context, request)))
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => contentPageMeta(loaderData, layoutDataOf(matches), rootDataOf(matches))

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage loaderData={loaderData} />
}
