/**
 * What every content route shares (pages, listing pages, chapter pages): render the page's header
 * and blocks, and describe it in meta tags. Loading is in content-page.server.ts.
 */
import type { MetaDescriptor } from 'react-router'
import { EditingContext } from '#ui/editing'
import { usePageOverride } from '#blocks/page-override'
import { RenderBlocks } from '#blocks/RenderBlocks'
import { draftLinkTexts } from '#lib/draft-link'
import { SaveBar } from '#ui/favourites/SaveButton'
import { imageUrl } from '#ui/image-url'
import { PageHeader } from '~/site/PageHeader'
import type { loadContentPage } from './content-page.server'
import { localePath } from '#lib/locales'
import { pageLocaleOf, type PageLocale } from '#ui/locale'

type Loaded = Awaited<ReturnType<typeof loadContentPage>>

interface SocialDefaults {
  title: string
  description: string
  keywords: string
  image: { imageId: string; v?: number }
}

interface LayoutData {
  nav: { siteName: string } | null
  siteSettings: { og: SocialDefaults; twitter: SocialDefaults } | null
}

/** The first of these pictures that is set, with its version: a picture replaced in place gets a new address (issue 36). */
function firstPicture(...refs: ({ imageId?: string; v?: number } | undefined)[]): { imageId: string; v?: number } | undefined {
  const ref = refs.find((r) => r?.imageId)
  return ref?.imageId ? { imageId: ref.imageId, v: ref.v } : undefined
}

export function contentPageMeta(loaderData: Loaded | undefined, layout: LayoutData | undefined, root?: unknown): MetaDescriptor[] {
  if (!loaderData) return []
  const { page, origin } = loaderData
  const { locale, languages } = pageLocaleOf(root as Partial<PageLocale> | undefined)
  const siteName = layout?.nav?.siteName ?? ''
  const og = layout?.siteSettings?.og
  const pageTitle = page.title || page.header.title
  const isHome = page.slug === ''
  const title = isHome && og?.title ? og.title : [pageTitle, siteName].filter(Boolean).join(' – ')
  const description = page.description || page.og?.description || page.header.description || og?.description || ''
  const image = firstPicture(page.og?.image, page.header.image, og?.image)
  // Each language's page is its own canonical address (its alternates are in app/root.tsx).
  const canonical = `${origin}${localePath(`/${page.slug}`, locale, languages)}`
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: page.og?.title || (isHome && og?.title) || title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ]
  if (image) tags.push({ property: 'og:image', content: `${origin}${imageUrl(image.imageId, { w: 1200, h: 630, f: 'jpg', v: image.v })}` })
  // Twitter falls back to the page, then to the site's twitter defaults, then to its og defaults.
  const twitter = layout?.siteSettings?.twitter
  tags.push({ name: 'twitter:title', content: page.og?.title || twitter?.title || title })
  tags.push({ name: 'twitter:description', content: description || twitter?.description || '' })
  const twitterImage = firstPicture(page.og?.image, page.header.image, twitter?.image, og?.image)
  if (twitterImage)
    tags.push({
      name: 'twitter:image',
      content: `${origin}${imageUrl(twitterImage.imageId, { w: 1200, h: 630, f: 'jpg', v: twitterImage.v })}`,
    })
  const keywords = og?.keywords || twitter?.keywords
  if (keywords) tags.push({ name: 'keywords', content: keywords })
  // A draft link's page is never indexed (the response also says so in X-Robots-Tag).
  if (loaderData.draftPreview) tags.push({ name: 'robots', content: 'noindex, nofollow' })
  // The home page tells search engines what the site is (issue 31): the web site with its search,
  // and the region it is about. React Router writes it as <script type="application/ld+json">.
  if (isHome && !loaderData.draftPreview) {
    const regionImage = image ? `${origin}${imageUrl(image.imageId, { w: 1200, h: 630, f: 'jpg', v: image.v })}` : undefined
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'WebSite',
            '@id': `${canonical}#website`,
            name: siteName,
            url: canonical,
            inLanguage: locale,
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: `${origin}${localePath('/search', locale, languages)}?q={search_term_string}` },
              'query-input': 'required name=search_term_string',
            },
          },
          {
            '@type': 'TouristDestination',
            '@id': `${canonical}#destination`,
            name: pageTitle || siteName,
            url: canonical,
            ...(description ? { description } : {}),
            ...(regionImage ? { image: regionImage } : {}),
          },
        ],
      },
    })
  }
  return tags
}

/** The root loader's data among a meta function's matches (the page's language). */
export const rootDataOf = (matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) =>
  matches.find((m) => m?.id === 'root')?.loaderData

export function layoutDataOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): LayoutData | undefined {
  return matches.find((m) => m?.id === 'layouts/default')?.loaderData as LayoutData | undefined
}

export function ContentPage({ loaderData }: { loaderData: Loaded }) {
  const { page: loadedPage, contents: loadedContents } = loaderData
  // While an editor edits this page in place, its working copy is shown (and editable).
  const override = usePageOverride(loadedPage._id)
  const page = override ? { ...loadedPage, ...override.fields, header: override.header as typeof loadedPage.header } : loadedPage
  const contents = override ? override.contents : loadedContents
  return (
    <EditingContext.Provider value={override?.api ?? null}>
      <main id="main" tabIndex={-1} className="pb-16 outline-none lg:pb-24">
        {loaderData.draftPreview ? (
          <p data-draft-preview="" className="bg-neutral-900 px-4 py-2 text-center text-sm font-medium text-white">
            {draftLinkTexts.banner}
          </p>
        ) : null}
        <PageHeader
          template={page.template}
          header={page.header}
          showBreadcrumb={page.showBreadcrumb ?? true}
          backgroundColour={page.backgroundColour}
        />
        <RenderBlocks blocks={contents} />
        {/* Visitors save a content page (not the home page, not a draft) to their list (issue 19). */}
        {page.slug && !loaderData.draftPreview && !override ? (
          <div className="container-site mt-12">
            <SaveBar item={{ kind: 'page', path: `/${page.slug}`, title: page.title || page.header.title }} />
          </div>
        ) : null}
      </main>
    </EditingContext.Provider>
  )
}
