import { data } from 'react-router'
import { slugFromPath } from '#lib/slug'
import type { Route } from './+types/page'

export async function loader({ context, request }: Route.LoaderArgs) {
  const domainId = context.domain?._id
  const slug = slugFromPath(new URL(request.url).pathname)
  const page = domainId ? await context.services.pages.loadPublished(domainId, 'pages', slug) : null
  if (!page) throw data(null, { status: 404 })
  return { page }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <main id="main">
      <h1>{page.header.title}</h1>
    </main>
  )
}
