import { Hono } from 'hono'
import { escapeHtml } from '#lib/html'
import { domainLanguagesOf, localeAlternates } from '#lib/locales'
import { hostFromHeader } from './services/domains.ts'
import type { Services } from './services/index.ts'
import { sharedCacheHeaders } from './cdn/headers.ts'
import { answerTags } from './cdn/tags.ts'

/** The public origin of a request (its own host; the scheme a trusted proxy reports). */
export function originOf(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url)
  const proto = trustProxy ? (request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '')) : url.protocol.replace(':', '')
  const host = (trustProxy && request.headers.get('x-forwarded-host')) || request.headers.get('host') || url.host
  return `${proto}://${host}`
}

/** sitemap.xml, robots.txt and the web manifest for each domain, from its published pages and navigation. */
export function createSeoRoutes(services: Services, trustProxy: boolean) {
  const app = new Hono()
  app.get('/sitemap.xml', async (c) => {
    const domain = await services.domains.forHost(hostFromHeader(c.req.header('host')))
    const origin = originOf(c.req.raw, trustProxy)
    const entries = domain ? await services.pages.publishedSlugs(domain._id) : []
    const languages = domainLanguagesOf(domain)
    const multilingual = languages.others.length > 0
    // Each page once per language it is offered in; with several, every entry names all of them
    // and x-default (the default language) as `xhtml:link` alternates, as Google's sitemap guide asks.
    const urls = entries.flatMap((e) => {
      const alternates = localeAlternates(`/${e.slug}`, languages)
      const links = multilingual
        ? [
            ...alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.locale}" href="${escapeHtml(`${origin}${a.path}`)}"/>`),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}${alternates[0]!.path}`)}"/>`,
          ].join('')
        : ''
      const lastmod = e.lastPublished ? `<lastmod>${e.lastPublished}</lastmod>` : ''
      return alternates.map((a) => `  <url><loc>${escapeHtml(`${origin}${a.path}`)}</loc>${lastmod}${links}</url>`)
    })
    const xhtml = multilingual ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''
    // Crawlers may keep it 5 minutes; a CDN until a page is published or unpublished (decision 031).
    for (const [name, value] of Object.entries(sharedCacheHeaders(services.config, answerTags(domain?._id ?? null, null, ['sitemap']))))
      c.header(name, value)
    c.header('Cache-Control', `public, max-age=300, s-maxage=${services.config.cdnMaxAgeSeconds ?? 60}`)
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`,
      200,
      {
        'Content-Type': 'application/xml; charset=utf-8',
      },
    )
  })
  // The web manifest (linked from every page's head): the domain's own name, the icons of public/.
  app.get('/site.webmanifest', async (c) => {
    const domain = await services.domains.forHost(hostFromHeader(c.req.header('host')))
    const nav = domain ? (await services.siteDocuments.load('nav', domain._id, 'published')).doc : null
    const name = nav?.siteName || 'Home'
    // Named by the navigation: tagged with its domain, so a CDN drops it when the navigation changes.
    for (const [header, value] of Object.entries(sharedCacheHeaders(services.config, answerTags(domain?._id ?? null, null, []))))
      c.header(header, value)
    c.header('Cache-Control', `public, max-age=3600, s-maxage=${services.config.cdnMaxAgeSeconds ?? 60}`)
    c.header('Content-Type', 'application/manifest+json; charset=utf-8')
    return c.body(
      JSON.stringify({
        name,
        short_name: name,
        start_url: '/',
        display: 'browser',
        background_color: '#fcf9f9',
        theme_color: '#981a31',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      }),
    )
  })
  app.get('/robots.txt', (c) => {
    const origin = originOf(c.req.raw, trustProxy)
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(`User-agent: *\nAllow: /\nDisallow: /${services.config.apiPrefix}/\n\nSitemap: ${origin}/sitemap.xml\n`)
  })
  return app
}
