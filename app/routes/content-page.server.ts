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
import { translatePage } from '#blocks/translatable'

/** The request's address within its language: `/de/about` → `/about` (the prefix is the router's basename). */
export const pathWithinLanguage = (context: AppLoadContext, request: Request) =>
  splitLocalePath(new URL(request.url).pathname, context.languages).path

export async function loadContentPage(context: AppLoadContext, request: Request, collection: Collection, slug: string) {
  const domainId = context.domain?._id
  const url = new URL(request.url)
  const { pages } = context.services
  const editor = context.user
  // A draft link (issue 17 point 7): the page's current draft, read-only, for whoever holds a valid
  // token; a forged one is 404, an expired or revoked one 410 (server/app.ts makes every answer no-store, noindex).
  const draftToken = collection === 'pages' ? url.searchParams.get(DRAFT_LINK_PARAM) : null
  let page: PageDoc | null
  // Whether the page is a draft (an editor's, or a draft link's): its language's draft texts go with it.
  let isDraft: boolean
  if (draftToken !== null) {
    const link = domainId ? await context.services.draftLinks.load(domainId, draftToken) : ({ ok: false, problem: 'invalid' } as const)
    if (!link.ok) throw data({ draftLink: link.problem }, { status: link.problem === 'invalid' ? 404 : 410 })
    page = link.page
    isDraft = true
  } else {
    // Editors get the draft of a page they may edit; everyone else the published copy their roles allow.
    const draft = domainId && editor ? await pages.loadDraft(domainId, collection, slug, { user: editor }) : null
    page = draft ?? (domainId ? await pages.loadPublished(domainId, collection, slug, editor ?? null) : null)
    isDraft = !!draft
  }
  if (!page) throw data(null, { status: 404 })
  // A further language (decision 025): its texts field by field over the default language's.
  // Visitors read its published texts; editors and draft links its draft. None: the default text.
  const inLanguage = context.locale !== context.languages.default
  const translation = inLanguage && isDraft ? await context.services.translations.draft('page', page._id, context.locale) : null
  const texts = inLanguage
    ? isDraft
      ? (translation?.fields ?? null)
      : await context.services.translations.published('page', page._id, context.locale)
    : null
  const structure = page
  if (inLanguage) page = translatePage(page, texts)
  // The page cache drops this page when it is published again (server/page-cache.ts).
  context.dependencies?.page(page._id)
  // Validated on the server: views get complete props, unknown blocks are dropped, and the
  // browser never needs the schemas (or the HTML sanitiser).
  // Blocks that show server data (the Listings grid's first page) get it here.
  const contents = await loadBlockData(normaliseContents(page.contents), { context, url, domainId: page.domainId })
  // The frames and form services its blocks name join the page's Content-Security-Policy.
  context.contentPolicy?.embeds(contents)
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
            // The structure with the default language's texts: what the editor saves in it (decision 025).
            document: structure,
            // In a further language: its draft texts and their stamps (the editor translates in place).
            translation:
              inLanguage && isDraft
                ? {
                    locale: context.locale,
                    fields: translation?.fields ?? {},
                    // Machine suggestions not yet reviewed: still marked after a reload (decision 041).
                    suggested: translation?.suggested ?? [],
                    version: translation?.version ?? 0,
                    published: translation?.published ?? false,
                    lastPublished: translation?.lastPublished?.toISOString() ?? null,
                    updatedAt: translation?.updatedAt.toISOString() ?? null,
                  }
                : null,
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
