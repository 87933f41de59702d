/**
 * What every content route shares (pages, listing pages, chapter pages): load the page for the
 * request's domain — the published copy for visitors, the draft for signed-in editors — render its
 * header and blocks, and describe it in meta tags.
 */
import { data, type AppLoadContext, type MetaDescriptor } from 'react-router'
import type { Collection, PageDoc } from '#lib/content'
import { normaliseContents } from '~/blocks/schemas'
import { RenderBlocks } from '~/blocks/RenderBlocks'
import { imageUrl } from '~/ui/image-url'
import { PageHeader } from '~/ui/site/PageHeader'

export async function loadContentPage(context: AppLoadContext, request: Request, collection: Collection, slug: string) {
  const domainId = context.domain?._id
  const url = new URL(request.url)
  const { pages } = context.services
  const editor = context.user
  const page: PageDoc | null = domainId
    ? editor
      ? await pages.loadDraft(domainId, collection, slug)
      : await pages.loadPublished(domainId, collection, slug)
    : null
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
      // The editor needs the whole stored document and its version stamps; visitors do not.
      ...(editor
        ? { collection, document: page, published: page.published, lastPublished: page.lastPublished, updatedAt: page.updatedAt, version: page.version }
        : {}),
    },
    contents,
    origin: url.origin,
  }
}

type Loaded = Awaited<ReturnType<typeof loadContentPage>>

interface LayoutData {
  nav: { siteName: string } | null
  siteSettings: { og: { title: string; description: string; image: { imageId: string } } } | null
}

export function contentPageMeta(loaderData: Loaded | undefined, layout: LayoutData | undefined): MetaDescriptor[] {
  if (!loaderData) return []
  const { page, origin } = loaderData
  const siteName = layout?.nav?.siteName ?? ''
  const og = layout?.siteSettings?.og
  const pageTitle = page.title || page.header.title
  const isHome = page.slug === ''
  const title = isHome && og?.title ? og.title : [pageTitle, siteName].filter(Boolean).join(' – ')
  const description = page.description || page.og?.description || page.header.description || og?.description || ''
  const imageId = page.og?.image?.imageId || page.header.image?.imageId || og?.image.imageId
  const canonical = `${origin}/${page.slug}`
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: page.og?.title || (isHome && og?.title) || title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { name: 'twitter:card', content: imageId ? 'summary_large_image' : 'summary' },
  ]
  if (imageId) tags.push({ property: 'og:image', content: `${origin}${imageUrl(imageId, { w: 1200, h: 630, f: 'jpg' })}` })
  return tags
}

export function layoutDataOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): LayoutData | undefined {
  return matches.find((m) => m?.id === 'layouts/default')?.loaderData as LayoutData | undefined
}

export function ContentPage({ loaderData }: { loaderData: Loaded }) {
  const { page, contents } = loaderData
  return (
    <main id="main" tabIndex={-1} className="pb-16 outline-none lg:pb-24">
      <PageHeader template={page.template} header={page.header} showBreadcrumb={page.showBreadcrumb ?? true} backgroundColour={page.backgroundColour} />
      <RenderBlocks blocks={contents} />
    </main>
  )
}
