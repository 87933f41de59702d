import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { teamRoleOf, teamTexts } from '#lib/team'
import { ADMIN_ROLE } from '../services/access.ts'
import { AppError } from '../services/errors.ts'
import type { ApiEnv } from './context.ts'

export { ADMIN_ROLE }

/**
 * Access rules as small named pieces (Payload style). Every editor-only route is declared with
 * editorRoute() or roleRoute(), which put the guard and the OpenAPI security marker together, so a
 * route cannot be documented as protected without being protected, or the other way round.
 */

/**
 * The 401 for a call without a signed-in editor: an editor whose account was deactivated while
 * signed in is told so (details.reason 'deactivated', issue 31), everyone else to sign in.
 */
export function notSignedIn(c: { var: ApiEnv['Variables'] }): AppError {
  return c.var.sessionEnded === 'deactivated'
    ? new AppError('unauthorised', teamTexts.deactivated.message, { reason: 'deactivated' })
    : new AppError('unauthorised', 'Please sign in to do this')
}

export const requireEditor: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.var.user) throw notSignedIn(c)
  await next()
}

export const requireRole =
  (role: string): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const user = c.var.user
    if (!user) throw notSignedIn(c)
    if (!user.roles.includes(role) && !user.roles.includes(ADMIN_ROLE)) {
      throw new AppError('forbidden', `This needs the '${role}' role`)
    }
    await next()
  }

const security: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }]

export function editorRoute<R extends RouteConfig>(config: R) {
  return createRoute({ ...config, security, middleware: [requireEditor] as const })
}

export function roleRoute<R extends RouteConfig>(role: string, config: R) {
  return createRoute({ ...config, security, 'x-required-role': role, middleware: [requireRole(role)] as const })
}

/**
 * What a team role allows beyond saving drafts (lib/team.ts): 'publish' (publishers and admins)
 * and 'domains' (admins). An account without a team role (page roles only, made before issue 21)
 * keeps what it could do before.
 */
export type Capability = 'publish' | 'domains'

const capabilityDenied: Record<Capability, string> = {
  publish: 'Your role (Editor) can save drafts; a publisher or an admin publishes',
  domains: 'Only an admin can change domains',
}

export function hasCapability(roles: readonly string[], capability: Capability): boolean {
  const role = teamRoleOf(roles)
  if (role === null || role === 'admin') return true
  return capability === 'publish' && role === 'publisher'
}

export const requireCapability =
  (capability: Capability): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const user = c.var.user
    if (!user) throw notSignedIn(c)
    if (!hasCapability(user.roles, capability)) throw new AppError('forbidden', capabilityDenied[capability])
    await next()
  }

/** An editor route that also needs a capability; documented as x-required-capability (the access test walks it). */
export function capabilityRoute<R extends RouteConfig>(capability: Capability, config: R) {
  return createRoute({ ...config, security, 'x-required-capability': capability, middleware: [requireCapability(capability)] as const })
}
