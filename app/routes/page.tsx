import { data } from 'react-router'
import { slugFromPath } from '#lib/slug'
import { normaliseContents } from '~/blocks/schemas'
import { RenderBlocks } from '~/blocks/RenderBlocks'
import { imageUrl } from '~/ui/image-url'
import { PageHeader } from '~/ui/site/PageHeader'
import type { Route } from './+types/page'

export async function loader({ context, request }: Route.LoaderArgs) {
  const domainId = context.domain?._id
  const url = new URL(request.url)
  const slug = slugFromPath(url.pathname)
  const page = domainId ? await context.services.pages.loadPublished(domainId, 'pages', slug) : null
  if (!page) throw data(null, { status: 404 })
  // Validated on the server: views get complete props, unknown blocks are dropped, and the
  // browser never needs the schemas (or the HTML sanitiser).
  const contents = normaliseContents(page.contents)
  return {
    page: {
      _id: page._id,
      slug: page.slug,
      template: page.template,
      header: page.header,
      title: page.title,
      description: page.description,
      og: page.og,
      showBreadcrumb: page.showBreadcrumb,
      backgroundColour: page.backgroundColour,
    },
    contents,
    origin: url.origin,
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return []
  const { page, origin } = loaderData
  const layout = matches.find((m) => m?.id === 'layouts/default')?.loaderData as
    | { nav: { siteName: string } | null; siteSettings: { og: { title: string; description: string; image: { imageId: string } } } | null }
    | undefined
  const siteName = layout?.nav?.siteName ?? ''
  const og = layout?.siteSettings?.og
  const pageTitle = page.title || page.header.title
  const isHome = page.slug === ''
  const title = isHome && og?.title ? og.title : [pageTitle, siteName].filter(Boolean).join(' – ')
  const description = page.description || page.og?.description || page.header.description || og?.description || ''
  const imageId = page.og?.image?.imageId || page.header.image?.imageId || og?.image.imageId
  const tags = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: page.og?.title || (isHome && og?.title) || title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: `${origin}/${page.slug}` },
    { name: 'twitter:card', content: imageId ? 'summary_large_image' : 'summary' },
  ]
  if (imageId) tags.push({ property: 'og:image', content: `${origin}${imageUrl(imageId, { w: 1200, h: 630, f: 'jpg' })}` })
  return tags
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page, contents } = loaderData
  return (
    <main id="main" tabIndex={-1} className="pb-16 outline-none lg:pb-24">
      <PageHeader template={page.template} header={page.header} showBreadcrumb={page.showBreadcrumb ?? true} backgroundColour={page.backgroundColour} />
      <RenderBlocks blocks={contents} />
    </main>
  )
}
