import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { escapeHtml } from '#lib/html'
import { isTeamRole, TEAM_ROLES, teamRoleOf, type EditorStatus, type TeamMember, type TeamRole } from '#lib/team'
import type { Db } from '../../db/client.ts'
import { emailChanges, passwordResets, users } from '../../db/schema.ts'
import type { Mailer } from '../../integrations/mail/mailer.ts'
import { ADMIN_ROLE, type Actor } from '../access.ts'
import { type AuthService, hashToken } from '../auth.ts'
import { AppError, conflict, invalidInput, notFound } from '../errors.ts'
import type { UserService } from '../users.ts'
import { recordActivity, type Writer } from './activity.ts'

const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000

export const teamMessages = {
  lastAdminRole: 'You are the last admin: make someone else an admin before giving up the admin role',
  lastAdminDeactivate: 'The last admin cannot be deactivated: make someone else an admin first',
  notPending: 'This editor has already chosen a password; the invitation is no longer pending',
  emailChangeSent: 'We sent a link to the new address. Your address changes when you follow it.',
  emailChangeInvalid: 'This link to confirm an e-mail address is invalid or has expired.',
} as const

export type { EditorStatus, TeamMember } from '#lib/team'

type UserRow = typeof users.$inferSelect

const statusOf = (row: UserRow): EditorStatus => (row.deactivatedAt ? 'deactivated' : row.passwordHash ? 'active' : 'pending')

const toMember = (row: UserRow): TeamMember => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  role: teamRoleOf(row.roles),
  roles: row.roles,
  status: statusOf(row),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export const emailSchema = z.string().trim().toLowerCase().max(254).email('Please provide a valid email address')

/**
 * The editors panel and "my account" (issue 21): invitations, team roles, deactivation and a
 * confirmed change of e-mail address. Each change and its activity entry are written in one
 * transaction. HTTP-free: the API router only says who is calling.
 */
export function createTeamService(db: Db, deps: { users: UserService; auth: AuthService; mailer: Mailer; baseUrl: string }) {
  async function row(id: string, writer: Writer = db): Promise<UserRow> {
    const [found] = await writer.select().from(users).where(eq(users.id, id)).limit(1)
    if (!found) throw notFound('No such editor')
    return found as UserRow
  }

  /**
   * The admins who can sign in (active, with a password: a pending invitation is not one yet),
   * their rows locked so two admins demoting each other at once cannot leave none.
   */
  async function activeAdmins(tx: Writer): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${ADMIN_ROLE} = any(${users.roles})`, isNull(users.deactivatedAt), isNotNull(users.passwordHash)))
      .for('update')
    return rows.map((r) => r.id)
  }

  async function list(): Promise<TeamMember[]> {
    const rows = await db
      .select()
      .from(users)
      .orderBy(asc(sql`lower(${users.username})`))
    return rows.map(toMember)
  }

  async function invite(input: { username: string; email: string; role: TeamRole }, actor: Actor) {
    const user = await deps.auth.invite({ username: input.username, email: input.email, roles: [input.role] }, actor)
    return toMember(await row(user._id))
  }

  async function resendInvite(id: string, actor: Actor) {
    const found = await row(id)
    if (statusOf(found) !== 'pending') throw conflict(teamMessages.notPending)
    await deps.auth.resendInvite({ id: found.id, email: found.email, username: found.username }, actor)
    return toMember(found)
  }

  /** A pending invitation's link, for the admin to pass on by hand (issue 31 point 5). */
  async function inviteLink(id: string, actor: Actor) {
    const found = await row(id)
    if (statusOf(found) !== 'pending') throw conflict(teamMessages.notPending)
    return {
      editor: toMember(found),
      link: await deps.auth.inviteLink({ id: found.id, email: found.email, username: found.username }, actor),
    }
  }

  /** A pending invitation is taken back: the account goes (its link with it); the log keeps the entry. */
  async function withdrawInvite(id: string, actor: Actor) {
    await db.transaction(async (tx) => {
      const found = await row(id, tx)
      if (statusOf(found) !== 'pending') throw conflict(teamMessages.notPending)
      await tx.delete(users).where(eq(users.id, id))
      await recordActivity(tx, actor, { kind: 'account', action: 'withdraw-invite', subjectId: id, subject: found.username })
    })
  }

  /** Sets the team role, keeping the account's other (page) roles. */
  async function setRole(id: string, role: TeamRole, actor: Actor) {
    if (!isTeamRole(role)) throw invalidInput(`Unknown role '${String(role)}'`)
    return db.transaction(async (tx) => {
      const admins = await activeAdmins(tx)
      const found = await row(id, tx)
      const before = teamRoleOf(found.roles)
      if (before === 'admin' && role !== 'admin' && admins.length <= 1 && admins.includes(id)) throw conflict(teamMessages.lastAdminRole)
      const roles = [role, ...found.roles.filter((r) => !isTeamRole(r))]
      const [updated] = await tx.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, id)).returning()
      await recordActivity(tx, actor, {
        kind: 'account',
        action: 'role-change',
        subjectId: id,
        subject: `${found.username} (${before ?? 'none'} → ${role})`,
        details: { from: before, to: role },
      })
      return toMember(updated!)
    })
  }

  /**
   * Ends every session at once and stops sign-in; the account and everything it did stay on record.
   * Its sessions' rows stay until they expire (they resolve to no one, auth.resolve): an editor
   * who was editing is told on their next call that the account was deactivated (issue 31), not
   * just that they are signed out.
   */
  async function deactivate(id: string, actor: Actor) {
    return db.transaction(async (tx) => {
      const admins = await activeAdmins(tx)
      const found = await row(id, tx)
      if (found.deactivatedAt) return toMember(found)
      if (admins.length <= 1 && admins.includes(id)) throw conflict(teamMessages.lastAdminDeactivate)
      const [updated] = await tx.update(users).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id)).returning()
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)))
      await recordActivity(tx, actor, { kind: 'account', action: 'deactivate', subjectId: id, subject: found.username })
      return toMember(updated!)
    })
  }

  /** Sends a link to the new address; nothing changes until it is followed. */
  async function requestEmailChange(userId: string, rawEmail: string) {
    const parsed = emailSchema.safeParse(rawEmail)
    if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Please provide a valid email address')
    const email = parsed.data
    const found = await row(userId)
    if (found.email.toLowerCase() === email) throw invalidInput('That is already your e-mail address')
    if (await deps.users.findByLogin(email)) throw conflict(`A user with the e-mail '${email}' already exists`)
    const token = randomBytes(32).toString('base64url')
    await db.delete(emailChanges).where(eq(emailChanges.userId, userId))
    await db
      .insert(emailChanges)
      .values({ tokenHash: hashToken(token), userId, email, expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS) })
    const link = `${deps.baseUrl}/api/team/confirmEmail?token=${encodeURIComponent(token)}`
    const intro = `Follow this link to use this address for the editor account '${found.username}':`
    await deps.mailer.queue({
      to: email,
      subject: 'Confirm your new e-mail address',
      text: `${intro}\n\n${link}\n\nThe link expires in 24 hours. If you did not ask for this, ignore this e-mail.`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Confirm this address</a></p><p>The link expires in 24 hours. If you did not ask for this, ignore this e-mail.</p>`,
    })
    return { message: teamMessages.emailChangeSent }
  }

  async function confirmEmailChange(token: string) {
    return db.transaction(async (tx) => {
      const [change] = await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, new Date())))
        .returning()
      if (!change) throw new AppError('invalid_input', teamMessages.emailChangeInvalid)
      const found = await row(change.userId, tx)
      if (found.deactivatedAt) throw new AppError('invalid_input', teamMessages.emailChangeInvalid)
      try {
        await tx.update(users).set({ email: change.email, updatedAt: new Date() }).where(eq(users.id, found.id))
      } catch {
        throw conflict(`A user with the e-mail '${change.email}' already exists`)
      }
      const user = { _id: found.id, username: found.username, email: change.email, roles: found.roles }
      await recordActivity(tx, { user }, { kind: 'account', action: 'change-email', subjectId: found.id, subject: found.username })
      return { email: change.email }
    })
  }

  /** Team roles and every other role an editor holds (the names pages can be given). */
  async function knownRoles(): Promise<string[]> {
    const rows = await db.select({ roles: users.roles }).from(users)
    const names = new Set<string>(TEAM_ROLES)
    for (const r of rows) for (const name of r.roles) names.add(name)
    return [...names]
  }

  return { knownRoles, list, invite, resendInvite, inviteLink, withdrawInvite, setRole, deactivate, requestEmailChange, confirmEmailChange }
}

export type TeamService = ReturnType<typeof createTeamService>
