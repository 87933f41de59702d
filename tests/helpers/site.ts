/**
 * Small clients for the running server's public API, so e2e tests read what to expect (titles,
 * navigation, footer, domains) from the server instead of hard-coding demo texts.
 */
import http from 'node:http'
import type { DomainDoc, FooterDoc, NavDoc, PageDoc } from '#lib/content'
import type { FetchResponse } from '#lib/listings'

export async function getJson<T>(baseUrl: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(new URL(pathAndQuery, baseUrl))
  if (!res.ok) throw new Error(`GET ${pathAndQuery} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

export function siteApi(baseUrl: string) {
  const q = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v)
    return search.toString()
  }
  return {
    domains: () => getJson<{ domain: DomainDoc | null; domains: DomainDoc[] }>(baseUrl, '/api/config/loadDomain'),
    nav: (domainId?: string) => getJson<NavDoc>(baseUrl, `/api/site/loadNav?${q({ domainId })}`),
    footer: (domainId?: string) => getJson<FooterDoc>(baseUrl, `/api/site/loadFooter?${q({ domainId })}`),
    page: (slug: string, domainId?: string) => getJson<PageDoc>(baseUrl, `/api/page/load?${q({ slug, domainId })}`),
  }
}

/** A visitor's listing/fetch (a grid's query); throws unless the server answers 200. */
export async function fetchListings(baseUrl: string, body: Record<string, unknown>): Promise<FetchResponse> {
  const res = await fetch(new URL('/api/listing/fetch', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`listing/fetch answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as FetchResponse
}

/** A plain GET with a chosen Host header (fetch cannot set Host). Resolves status, headers, body. */
export function getWithHost(
  baseUrl: string,
  pathAndQuery: string,
  host: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(pathAndQuery, baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host: `${host}:${url.port}` } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url} timed out`)))
  })
}

/** An internal page path ('/x/y') of a navigation href, or null for external, anchor and empty links. */
export function internalPath(href: string | undefined): string | null {
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null
  return new URL(href, 'http://x').pathname
}
