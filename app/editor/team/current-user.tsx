import { createContext, useContext } from 'react'
import { cannotPublishReason, teamMayPublish, teamRoleOf } from '#lib/team'

export interface CurrentUser {
  _id: string
  username: string
  email: string
  roles: string[]
}

/** The signed-in editor, for screens that depend on their role (the server checks again on every call). */
export const CurrentUserContext = createContext<CurrentUser | null>(null)

export function useCurrentUser() {
  const user = useContext(CurrentUserContext)
  const roles = user?.roles ?? []
  return { user, role: teamRoleOf(roles), isAdmin: roles.includes('admin'), mayPublish: !!user && teamMayPublish(roles) }
}

/** Why this editor's Publish buttons are disabled (nothing for those who may publish); name its id in the button's aria-describedby. */
export function PublishBlockedNote({ id }: { id: string }) {
  const { mayPublish } = useCurrentUser()
  if (mayPublish) return null
  return (
    <p id={id} className="text-sm text-neutral-700">
      {cannotPublishReason}
    </p>
  )
}
