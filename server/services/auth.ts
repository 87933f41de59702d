import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { escapeHtml } from '#lib/html'
import type { Db } from '../db/client.ts'
import { passwordResets, sessions, users as usersTable } from '../db/schema.ts'
import type { MailMessage, Mailer } from '../integrations/mail/mailer.ts'
import { AppError, invalidInput } from './errors.ts'
import { accountKey, type RateLimits } from './rate-limit.ts'
import type { Actor } from './access.ts'
import { recordActivity, recordFailedSignIn, type Writer } from './team/activity.ts'
import { type PublicUser, type UserService, verifyPassword } from './users.ts'

const RESET_LIFETIME_MS = 24 * 60 * 60 * 1000

export const authMessages = {
  badCredentials: 'Invalid username or password',
  resetSent: 'If an account uses that address, a link to reset its password is on its way.',
  resetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  wrongCurrentPassword: 'Your current password is not correct',
} as const

/** Tokens are random and only their SHA-256 is stored: a copy of the table signs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')

export interface AuthOptions {
  sessionDays: number
  baseUrl: string
}

export function createAuthService(db: Db, userService: UserService, mailer: Mailer, limits: RateLimits, options: AuthOptions) {
  const sessionMs = options.sessionDays * 24 * 60 * 60 * 1000

  async function startSession(userId: string, userAgent?: string, writer: Writer = db) {
    const token = newToken()
    const expiresAt = new Date(Date.now() + sessionMs)
    await writer.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null })
    return { token, expiresAt }
  }

  /**
   * Signs in by username or e-mail; rate-limited per address and per account. The account is
   * counted by its id, so failures under its username and under its e-mail add up.
   */
  async function login(login: string, password: string, client: { ip: string; userAgent?: string }) {
    await limits.attemptFromIp(client.ip)
    const row = await userService.findByLogin(login)
    const key = accountKey(row, login)
    await limits.checkAccount(key)
    const user = await userService.verifyLogin(row, password)
    if (!user) {
      await limits.failureFor(key)
      // In the log, counted per account and minute (issue 29 point 10).
      await recordFailedSignIn(db, row ? { id: row.id, username: row.username } : null)
      throw new AppError('unauthorised', authMessages.badCredentials)
    }
    await limits.successFor(key)
    // The session, the last sign-in time and the log entry are written together.
    const session = await db.transaction(async (tx) => {
      const started = await startSession(user._id, client.userAgent, tx)
      await tx.update(usersTable).set({ lastSignInAt: new Date() }).where(eq(usersTable.id, user._id))
      await recordActivity(tx, { user }, { kind: 'account', action: 'sign-in', subjectId: user._id, subject: user.username })
      return started
    })
    return { ...session, user }
  }

  /** The signed-in user for a token, or null when it is unknown, revoked or expired. */
  async function resolve(token: string | undefined | null): Promise<{ user: PublicUser; tokenHash: string } | null> {
    if (!token || token.length > 200) return null
    const tokenHash = hashToken(token)
    const [row] = await db
      .select({ id: usersTable.id, username: usersTable.username, email: usersTable.email, roles: usersTable.roles })
      .from(sessions)
      .innerJoin(usersTable, eq(usersTable.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), isNull(usersTable.deactivatedAt)))
      .limit(1)
    return row ? { user: { _id: row.id, username: row.username, email: row.email, roles: row.roles }, tokenHash } : null
  }

  /**
   * Why a token that no longer resolves stopped working, when the editor should be told (issue 31):
   * 'deactivated' when its account was deactivated while signed in (the session is kept for this,
   * though it lets nothing through), else null (unknown, signed out or expired).
   */
  async function endedBecause(token: string | undefined | null): Promise<'deactivated' | null> {
    if (!token || token.length > 200) return null
    const [row] = await db
      .select({ deactivatedAt: usersTable.deactivatedAt })
      .from(sessions)
      .innerJoin(usersTable, eq(usersTable.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
      .limit(1)
    return row?.deactivatedAt ? 'deactivated' : null
  }

  async function logout(tokenHash: string) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
  }

  /** Ends every session of a user except, optionally, the one making the change. */
  async function revokeSessions(userId: string, exceptTokenHash?: string, writer: Writer = db) {
    await writer
      .delete(sessions)
      .where(exceptTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)) : eq(sessions.userId, userId))
  }

  /** Every reset link of the account still outstanding stops working (after a reset or a password change). */
  async function revokeResetLinks(userId: string, writer: Writer = db) {
    await writer
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
  }

  async function changePassword(userId: string, current: string, next: string, keepTokenHash: string) {
    const [row] = await db.select().from(usersTable).where(eq(usersTable.id, userId)).limit(1)
    if (!row?.passwordHash || !(await verifyPassword(current, row.passwordHash))) throw invalidInput(authMessages.wrongCurrentPassword)
    await db.transaction(async (tx) => {
      await userService.setPassword(userId, next, tx)
      await revokeResetLinks(userId, tx)
      await revokeSessions(userId, keepTokenHash, tx)
      const user = { _id: row.id, username: row.username, email: row.email, roles: row.roles }
      await recordActivity(tx, { user }, { kind: 'account', action: 'change-password', subjectId: row.id, subject: row.username })
    })
  }

  /** Stores a new single-use link to choose the account's password (24 h) and answers it. */
  async function newPasswordLink(user: { id: string; email: string }, writer: Writer = db): Promise<string> {
    const token = newToken()
    await writer
      .insert(passwordResets)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_LIFETIME_MS) })
    return `${options.baseUrl}/?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`
  }

  /** Stores a new single-use link for the account and answers the e-mail that carries it. */
  async function resetLinkMessage(
    user: { id: string; email: string; username: string },
    kind: 'reset' | 'invite',
    writer: Writer = db,
  ): Promise<MailMessage> {
    const link = await newPasswordLink(user, writer)
    const intro =
      kind === 'invite'
        ? `An editor account named '${user.username}' has been created for you. Choose your password here:`
        : `Someone (hopefully you) asked to reset the password of the editor account '${user.username}'. Choose a new password here:`
    return {
      to: user.email,
      subject: 'Password Reset',
      text: `${intro}\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Set your password</a></p><p>The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.</p>`,
    }
  }

  /**
   * Always the same answer in the same time, whether or not the address has an account: both do the
   * same look-up and the same count, and for an account the link is stored and e-mailed in the
   * background, through the outbox (the answer never waits for the mail server).
   */
  async function requestPasswordReset(email: string, client: { ip: string }) {
    await limits.attemptFromIp(client.ip)
    const address = email.trim().toLowerCase()
    const [user] = await db
      .select({ id: usersTable.id, email: usersTable.email, username: usersTable.username })
      .from(usersTable)
      .where(and(eq(sql`lower(${usersTable.email})`, address), isNull(usersTable.deactivatedAt)))
      .limit(1)
    await limits.resetRequestFor(user ? accountKey(user, address) : `address:${address}`)
    if (user) mailer.later(() => resetLinkMessage(user, 'reset'))
    return { message: authMessages.resetSent }
  }

  /** Sets a new password from an e-mailed link: single use, 24 h, and every session is ended. */
  async function resetPassword(email: string, token: string, password: string) {
    const address = email.trim().toLowerCase()
    const [row] = await db
      .select({
        tokenHash: passwordResets.tokenHash,
        userId: passwordResets.userId,
        email: usersTable.email,
        username: usersTable.username,
        roles: usersTable.roles,
      })
      .from(passwordResets)
      .innerJoin(usersTable, eq(usersTable.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
          isNull(usersTable.deactivatedAt),
        ),
      )
      .limit(1)
    // Compare the addresses in constant time so the check does not leak which part was wrong.
    const given = Buffer.from(hashToken(address))
    const expected = Buffer.from(hashToken((row?.email ?? '').toLowerCase()))
    if (!row || !timingSafeEqual(given, expected)) throw invalidInput(authMessages.resetInvalid)
    const [claimed] = await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, row.tokenHash), isNull(passwordResets.usedAt)))
      .returning()
    if (!claimed) throw invalidInput(authMessages.resetInvalid)
    await db.transaction(async (tx) => {
      await userService.setPassword(row.userId, password, tx)
      await revokeResetLinks(row.userId, tx)
      await revokeSessions(row.userId, undefined, tx)
      const user = { _id: row.userId, username: row.username, email: row.email, roles: row.roles }
      await recordActivity(tx, { user }, { kind: 'account', action: 'set-password', subjectId: row.userId, subject: row.username })
    })
  }

  /** Creates an editor without a password and e-mails the link to choose one. */
  async function invite(input: { username: string; email: string; roles?: string[] }, actor?: Actor) {
    // The account, its link and the log entry together; the mail is stored right after and tried in the background.
    const { user, message } = await db.transaction(async (tx) => {
      const user = await userService.create({ ...input, roles: input.roles ?? [] }, tx)
      const message = await resetLinkMessage({ id: user._id, email: user.email, username: user.username }, 'invite', tx)
      await recordActivity(tx, actor, { kind: 'account', action: 'invite', subjectId: user._id, subject: user.username })
      return { user, message }
    })
    await mailer.queue(message)
    return user
  }

  /** A fresh invitation link for an account that has not chosen a password yet (earlier links stop working). */
  async function resendInvite(user: { id: string; email: string; username: string }, actor?: Actor) {
    const message = await db.transaction(async (tx) => {
      await revokeResetLinks(user.id, tx)
      const message = await resetLinkMessage(user, 'invite', tx)
      await recordActivity(tx, actor, { kind: 'account', action: 'resend-invite', subjectId: user.id, subject: user.username })
      return message
    })
    await mailer.queue(message)
  }

  /**
   * A pending invitation's link handed to the admin instead of e-mailed (issue 31 point 5: a site
   * without mail). A new link beside the e-mailed ones, which keep working: whichever is used first
   * ends the others (resetPassword).
   */
  async function inviteLink(user: { id: string; email: string; username: string }, actor?: Actor): Promise<string> {
    return db.transaction(async (tx) => {
      const link = await newPasswordLink(user, tx)
      await recordActivity(tx, actor, { kind: 'account', action: 'copy-invite-link', subjectId: user.id, subject: user.username })
      return link
    })
  }

  return {
    login,
    resolve,
    endedBecause,
    logout,
    revokeSessions,
    revokeResetLinks,
    changePassword,
    requestPasswordReset,
    resetPassword,
    invite,
    resendInvite,
    inviteLink,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
