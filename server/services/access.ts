import { teamMayPublish } from '#lib/team'
import type { PublicUser } from './users.ts'

/**
 * Role checks as small named rules (BEHAVIOUR-NOTES "Roles"): admin passes every check.
 *
 * Deny by default: every service call that reads a draft or changes content says who is calling
 * (an Actor). A call that names nobody is treated as an anonymous visitor, who may read published
 * pages their viewer roles allow and nothing else. The server's own jobs (the demo seed, the
 * provider sync) say so explicitly with SYSTEM.
 */
export const ADMIN_ROLE = 'admin'

/** The fields on a page that say who may view, edit and publish it; changed only by applyRoles. */
export const ROLE_FIELDS = ['viewerRoles', 'editorRoles', 'publisherRoles'] as const
export type RoleField = (typeof ROLE_FIELDS)[number]

export interface RoleCarrier {
  viewerRoles?: unknown
  editorRoles?: unknown
  publisherRoles?: unknown
}

/** Who is calling a service: a signed-in user, nobody (null or absent: a visitor), or the server itself. */
export interface Actor {
  user?: PublicUser | null
  /** The server's own work (seed, sync): passes every check. Never set from a request. */
  system?: true
}

/** The server's own jobs: the demo seed and the provider sync. */
export const SYSTEM: Actor = Object.freeze({ system: true as const })

export const rolesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [])

/** The user an actor stands for; null (a visitor) when none is named. */
export const userOf = (actor: Actor | undefined): PublicUser | null => actor?.user ?? null
const isSystem = (actor: Actor | undefined) => actor?.system === true

export const isAdmin = (user: PublicUser | null) => !!user && user.roles.includes(ADMIN_ROLE)

function allowed(user: PublicUser | null, required: string[]): boolean {
  if (required.length === 0) return true
  if (!user) return false
  return isAdmin(user) || required.some((r) => user.roles.includes(r))
}

export const canView = (user: PublicUser | null, page: RoleCarrier) => allowed(user, rolesOf(page.viewerRoles))
/** Editing needs a signed-in user allowed to view the page and holding one of its editor roles. */
export const canEdit = (user: PublicUser | null, page: RoleCarrier) =>
  !!user && canView(user, page) && allowed(user, rolesOf(page.editorRoles))
/** Publishing also needs a team role that publishes (an Editor saves drafts only; lib/team.ts). */
export const canPublish = (user: PublicUser | null, page: RoleCarrier) =>
  canEdit(user, page) && teamMayPublish(user!.roles) && allowed(user, rolesOf(page.publisherRoles))

/** The same rules for an Actor: the server's own jobs pass, anybody unnamed is a visitor. */
export const actorCanView = (actor: Actor | undefined, page: RoleCarrier) => isSystem(actor) || canView(userOf(actor), page)
export const actorCanEdit = (actor: Actor | undefined, page: RoleCarrier) => isSystem(actor) || canEdit(userOf(actor), page)
export const actorCanPublish = (actor: Actor | undefined, page: RoleCarrier) => isSystem(actor) || canPublish(userOf(actor), page)
export const actorIsAdmin = (actor: Actor | undefined) => isSystem(actor) || isAdmin(userOf(actor))
/** Whether the actor is anyone but an anonymous visitor (a signed-in user or the server). */
export const actorIsSignedIn = (actor: Actor | undefined) => isSystem(actor) || !!userOf(actor)

/** Which roles of a page the caller holds, as the search index filters them (admin sees all). */
export function searchAudience(actor: Actor | undefined): { all: true } | { roles: string[] } {
  if (actorIsAdmin(actor)) return { all: true }
  return { roles: userOf(actor)?.roles ?? [] }
}
