import type { PublicUser } from './users.ts'

/** Role checks as small named rules (BEHAVIOUR-NOTES "Roles"): admin passes every check. */
export const ADMIN_ROLE = 'admin'

export interface RoleCarrier {
  viewerRoles?: unknown
  editorRoles?: unknown
  publisherRoles?: unknown
}

const rolesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [])

function allowed(user: PublicUser | null, required: string[]): boolean {
  if (required.length === 0) return true
  if (!user) return false
  return user.roles.includes(ADMIN_ROLE) || required.some((r) => user.roles.includes(r))
}

export const canView = (user: PublicUser | null, page: RoleCarrier) => allowed(user, rolesOf(page.viewerRoles))
export const canEdit = (user: PublicUser | null, page: RoleCarrier) => !!user && allowed(user, rolesOf(page.editorRoles))
export const canPublish = (user: PublicUser | null, page: RoleCarrier) =>
  !!user && allowed(user, rolesOf(page.publisherRoles)) && canEdit(user, page)
