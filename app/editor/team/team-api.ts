import type { ActivityEntry, ActivityKind, TeamMember, TeamRole } from '#lib/team'

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
  list: () => getApi<{ editors: TeamMember[] }>('/team/list').then((r) => r.editors),
  invite: (input: { username: string; email: string; role: TeamRole }) => postApi<{ editor: TeamMember }>('/team/invite', input),
  resendInvite: (id: string) => postApi<{ editor: TeamMember }>('/team/resendInvite', { id }),
  inviteLink: (id: string) => postApi<{ editor: TeamMember; link: string }>('/team/inviteLink', { id }),
  withdrawInvite: (id: string) => postApi<{ message: string }>('/team/withdrawInvite', { id }),
  setRole: (id: string, role: TeamRole) => postApi<{ editor: TeamMember }>('/team/setRole', { id, role }),
  deactivate: (id: string) => postApi<{ editor: TeamMember }>('/team/deactivate', { id }),
  knownRoles: () => getApi<{ roles: string[] }>('/team/knownRoles').then((r) => r.roles),
  activity: (q: ActivityQuery = {}, signal?: AbortSignal) =>
    getApi<{ entries: ActivityEntry[] }>(
      '/team/activity',
      {
        userId: q.userId || undefined,
        kind: q.kind || undefined,
        from: q.from || undefined,
        to: q.to || undefined,
        limit: q.limit ? String(q.limit) : undefined,
      },
      { signal },
    ).then((r) => r.entries),
  changePassword: (currentPassword: string, newPassword: string) =>
    postApi<{ message: string }>('/user/changePassword', { currentPassword, newPassword }),
  changeEmail: (email: string) => postApi<{ message: string }>('/team/changeEmail', { email }),
}
