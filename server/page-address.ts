/**
 * A page address as visitors and crawlers type it (issue 29 point 9). Text PostgreSQL cannot store
 * (NUL, unpaired surrogates) or %-escapes that are not UTF-8 are refused with 400 before anything
 * looks them up (`/search?q=a%00` was a 500); a path that is not in its canonical form (the slug
 * rules: lower case, no trailing '/', none of `~ . ( ) ! ...`) is redirected to it instead of being
 * rendered and cached under every spelling (`/ABOUT`, `/about~`, `/about/`).
 */
import { normaliseSlug } from '#lib/slug'
import { findUnstorableText, unstorableMessage } from './api/errors.ts'

export type PageAddressCheck = { ok: true } | { ok: false; status: 400; message: string } | { ok: false; status: 308; location: string }

export function checkPageAddress(url: URL): PageAddressCheck {
  let path: string
  const query: Record<string, string> = {}
  try {
    path = decodeURIComponent(url.pathname)
    for (const pair of url.search.slice(1).split('&')) {
      if (!pair) continue
      const [key = '', value = ''] = pair.split('=', 2).map((part) => decodeURIComponent(part.replace(/\+/g, ' ')))
      query[key] = value
    }
  } catch {
    return { ok: false, status: 400, message: 'Malformed address: a %-escape is not UTF-8' }
  }
  const problem = findUnstorableText({ path, query }, 'address')
  if (problem) return { ok: false, status: 400, message: unstorableMessage(problem) }
  // React Router's data requests name the page with '.data' added (`/about.data`, `/_root.data`);
  // built assets are files, not pages.
  if (path.startsWith('/assets/')) return { ok: true }
  const data = path.endsWith('.data') ? '.data' : ''
  const page = data ? path.slice(0, -data.length) : path
  const canonical = `/${normaliseSlug(page)}`.replace(/\/+$/, '') || '/'
  if (canonical !== page) return { ok: false, status: 308, location: `${encodeURI(canonical)}${data}${url.search}` }
  return { ok: true }
}
