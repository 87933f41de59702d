import { OpenAPIHono } from '@hono/zod-openapi'
import type { DomainDoc } from '#lib/content'
import type { Services } from '../services/index.ts'
import type { PublicUser } from '../services/users.ts'
import { AppError } from '../services/errors.ts'
import { validationHook } from './errors.ts'
import { isAnonymousRequest } from '../page-cache.ts'
import { sharedCacheHeaders } from '../cdn/headers.ts'
import { answerTags } from '../cdn/tags.ts'

/** What every API handler can read from the context. */
export interface ApiEnv {
  Variables: {
    services: Services
    /** The domain serving the request's Host header (after fallback). */
    domain: DomainDoc | null
    /** The signed-in editor, from the authToken cookie or a Bearer token; null for visitors. */
    user: PublicUser | null
    /** Hash of the session token in use, to end this session or keep it. */
    sessionTokenHash: string | null
    /** Why the call's session token no longer signs anyone in, when the editor should be told. */
    sessionEnded: 'deactivated' | null
  }
}

/** A router for one API area, with the shared validation-error shape. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })
}

/** The domain a call is about: an explicit domainId when given, else the request's own. */
export function domainIdOf(c: { var: ApiEnv['Variables'] }, explicit?: string): string {
  const id = explicit || c.var.domain?._id
  // A host no domain serves (and no fallback): the caller's mistake or a fresh install, never a 500.
  if (!id) throw new AppError('not_found', 'No site is configured for this address; run the seed or create a domain')
  return id
}

/**
 * Lets a shared cache (the CDN in front) keep a visitor's answer, tagged with the listing data of
 * its domain (decision 031): only for a caller without a session (no cookie, no token), whose answer
 * is the same for every visitor; an editor's stays `private, no-store`.
 */
export function visitorCacheable(
  c: { var: ApiEnv['Variables']; req: { header(name: string): string | undefined }; header(name: string, value: string): void },
  domainId: string,
  dependsOn: Iterable<string>,
): void {
  if (c.var.user || !isAnonymousRequest(c.req.header('authorization'), c.req.header('cookie'))) return
  const config = c.var.services.config
  const tags = answerTags(domainId, null, dependsOn)
  for (const [name, value] of Object.entries(sharedCacheHeaders(config, tags))) c.header(name, value)
}
