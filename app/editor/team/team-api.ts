import type { ActivityKind, TeamMember, TeamRole } from '#lib/team'

export type { TeamMember }
import { getApi, postApi } from '#ui/api.ts'

/** The editors panel, my account and the activity log (server/api/team.ts). */

export interface ActivityQuery {
  userId?: string
  kind?: ActivityKind | ''
  from?: string
  to?: string
  limit?: number
}

export const teamApi = {
  list: () => getApi('/team/list').then((r) => r.editors),
  invite: (input: { username: string; email: string; role: TeamRole }) => postApi('/team/invite', input),
  resendInvite: (id: string) => postApi('/team/resendInvite', { id }),
  inviteLink: (id: string) => postApi('/team/inviteLink', { id }),
  withdrawInvite: (id: string) => postApi('/team/withdrawInvite', { id }),
  setRole: (id: string, role: TeamRole) => postApi('/team/setRole', { id, role }),
  deactivate: (id: string) => postApi('/team/deactivate', { id }),
  knownRoles: () => getApi('/team/knownRoles').then((r) => r.roles),
  activity: (q: ActivityQuery = {}, signal?: AbortSignal) =>
    getApi(
      '/team/activity',
      {
        userId: q.userId || undefined,
        kind: q.kind || undefined,
        from: q.from || undefined,
        to: q.to || undefined,
        limit: q.limit || undefined,
      },
      { signal },
    ).then((r) => r.entries),
  changePassword: (currentPassword: string, newPassword: string) => postApi('/user/changePassword', { currentPassword, newPassword }),
  changeEmail: (email: string) => postApi('/team/changeEmail', { email }),
}
