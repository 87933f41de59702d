import type { SiteDocumentService } from './site-documents.ts'

export interface Redirect {
  from: string
  to: string
  status: 301 | 302
  prefix: boolean
}

const normalisePath = (path: string) => {
  const withSlash = path.startsWith('/') ? path : `/${path}`
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '').toLowerCase() : withSlash
}

/** Where a path redirects to, if a rule matches: exact rules win over prefix rules, longest prefix first. */
export function matchRedirect(rules: Redirect[], pathname: string): { location: string; status: 301 | 302 } | null {
  const path = normalisePath(pathname)
  const exact = rules.find((r) => !r.prefix && normalisePath(r.from) === path)
  if (exact) return { location: exact.to, status: exact.status }
  const prefix = rules
    .filter((r) => r.prefix && (path === normalisePath(r.from) || path.startsWith(`${normalisePath(r.from)}/`)))
    .sort((a, b) => b.from.length - a.from.length)[0]
  if (!prefix) return null
  const rest = path.slice(normalisePath(prefix.from).length)
  return { location: `${prefix.to.replace(/\/+$/, '')}${rest}` || '/', status: prefix.status }
}

/** The published redirect rules of each domain, kept in memory until the next publish. */
export function createRedirectService(siteDocuments: SiteDocumentService) {
  const cache = new Map<string, Redirect[]>()
  async function rulesFor(domainId: string): Promise<Redirect[]> {
    let rules = cache.get(domainId)
    if (!rules) {
      const { doc } = await siteDocuments.load('siteSettings', domainId, 'published')
      rules = doc.redirects.filter((r) => r.from && r.to && normalisePath(r.from) !== normalisePath(r.to))
      cache.set(domainId, rules)
    }
    return rules
  }
  return {
    async match(domainId: string, pathname: string) {
      return matchRedirect(await rulesFor(domainId), pathname)
    },
    clear: () => cache.clear(),
  }
}

export type RedirectService = ReturnType<typeof createRedirectService>
