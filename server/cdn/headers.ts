/**
 * The headers that let a shared cache keep a visitor answer (decision 031): `Cache-Control` with
 * `s-maxage` (CDN_MAX_AGE_SECONDS) and `stale-while-revalidate`, and the answer's tags in the
 * header the configured CDN reads. Browsers revalidate at once (max-age=0): only the CDN, which is
 * purged on publish, keeps the answer.
 */
import type { CdnConfig } from '../config.ts'
import { TAG_HEADER } from './tags.ts'

/** How long a shared cache may serve an answer it could not refresh, while refreshing it. */
export const STALE_WHILE_REVALIDATE_SECONDS = 300

/** Cache-Control of an answer that no shared cache may keep: signed-in, draft, personal. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

export interface SharedCacheSettings {
  cdn?: CdnConfig | undefined
  /** s-maxage; default 60. */
  cdnMaxAgeSeconds?: number
}

export function sharedCacheControl(settings: SharedCacheSettings): string {
  return `public, max-age=0, s-maxage=${settings.cdnMaxAgeSeconds ?? 60}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
}

/** Cache-Control and the tag header (when a CDN is configured) of a cacheable visitor answer. */
export function sharedCacheHeaders(settings: SharedCacheSettings, tags: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': sharedCacheControl(settings) }
  if (settings.cdn && tags.length) {
    const { name, separator } = TAG_HEADER[settings.cdn.provider]
    headers[name] = tags.join(separator)
  }
  return headers
}
