/**
 * Loads a content page for the request's domain: the published copy for visitors, the draft for
 * signed-in editors. Server-only (.server): the block schemas and the HTML sanitiser it uses never
 * reach the visitor's browser.
 */
import { data, type AppLoadContext } from 'react-router'
import type { Collection, PageDoc } from '#lib/content'
import { loadBlockData } from '#blocks/block-data.server'
import { normaliseContents } from '#blocks/schemas'
import { DRAFT_LINK_PARAM } from '#lib/draft-link'
import { splitLocalePath } from '#lib/locales'

/** The request's address within its language: `/de/about` → `/about` (the prefix is the router's basename). */
export const pathWithinLanguage = (context: AppLoadContext, request: Request) =>
  splitLocalePath(new URL(request.url).pathname, context.languages).path

export async function loadContentPage(context: AppLoadContext, request: Request, collection: Collection, slug: string) {
  const domainId = context.domain?._id
  const url = new URL(request.url)
  const { pages } = context.services
  const editor = context.user
  // A draft link (issue 17 point 7): the page's current draft, read-only, for whoever holds a valid
  // token; a forged one is 404, an expired one 410 (server/app.ts makes every answer no-store, noindex).
  const draftToken = collection === 'pages' ? url.searchParams.get(DRAFT_LINK_PARAM) : null
  let page: PageDoc | null
  if (draftToken !== null) {
    const link = domainId ? await context.services.draftLinks.load(domainId, draftToken) : ({ ok: false, problem: 'invalid' } as const)
    if (!link.ok) throw data({ draftLink: link.problem }, { status: link.problem === 'expired' ? 410 : 404 })
    page = link.page
  } else {
    // Editors get the draft of a page they may edit; everyone else the published copy their roles allow.
    page = domainId ? await pages.loadFor(domainId, collection, slug, { user: editor ?? null }) : null
  }
  if (!page) throw data(null, { status: 404 })
  // The page cache drops this page when it is published again (server/page-cache.ts).
  context.dependencies?.page(page._id)
  // Validated on the server: views get complete props, unknown blocks are dropped, and the
  // browser never needs the schemas (or the HTML sanitiser).
  // Blocks that show server data (the Listings grid's first page) get it here.
  const contents = await loadBlockData(normaliseContents(page.contents), { context, url, domainId: page.domainId })
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
        ? {
            collection,
            document: page,
            published: page.published,
            lastPublished: page.lastPublished,
            updatedAt: page.updatedAt,
            version: page.version,
          }
        : {}),
    },
    contents,
    origin: url.origin,
    draftPreview: draftToken !== null,
  }
}
