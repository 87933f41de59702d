/**
 * The first editor, created in the browser (docs/decisions/008-one-owner-of-the-embedded-database.md).
 * While no editor exists, each server that starts adds a one-time setup code and prints it in its
 * log; /login leads to /login/setup, where whoever has the code (the operator, who can read the
 * log) creates the first editor, as an admin, and is signed in. Whoever merely reaches a fresh
 * deployment first cannot claim it. Once an editor exists the codes are deleted and the page is gone.
 */
import { createHash, randomInt } from 'node:crypto'
import { and, count, eq, gt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { setupCodes, users as usersTable } from '../db/schema.ts'
import type { Logger } from '../log.ts'
import type { AuthService } from './auth.ts'
import { ADMIN_ROLE } from './access.ts'
import { recordActivity } from './team/activity.ts'
import { invalidInput, notFound } from './errors.ts'
import type { RateLimits } from './rate-limit.ts'
import { newUserSchema, passwordSchema, type UserService } from './users.ts'

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex')
const normaliseCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '')

/** Three groups of four: about 59 bits, typed from a log. */
export function newSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

export const firstEditorMessages = {
  gone: 'An editor exists already: sign in instead.',
  wrongCode: 'That setup code is not right. Use the code printed in the server’s log at its last start.',
} as const

export const firstEditorInput = newUserSchema.pick({ username: true, email: true }).extend({
  code: z.string().trim().min(1, 'Please enter the setup code from the server’s log').max(40),
  password: passwordSchema,
})

/** A setup code works for an hour after it was printed; a restart prints a new one. */
export const SETUP_CODE_TTL_MS = 60 * 60 * 1000

export function createFirstEditorService(db: Db, users: UserService, auth: AuthService, limits: Pick<RateLimits, 'attemptFromIp'>) {
  // Once an editor exists there is never again no editor: remember it and skip the query.
  let editorExists = false

  async function needed(): Promise<boolean> {
    if (editorExists) return false
    editorExists = (await users.count()) > 0
    return !editorExists
  }

  /** Adds a code for this server and answers it, or null when an editor exists (old codes are removed). */
  async function issueCode(): Promise<string | null> {
    if (!(await needed())) {
      await db.delete(setupCodes)
      return null
    }
    // Only the newest code is valid: the ones printed at earlier starts are removed.
    const code = newSetupCode()
    await db.transaction(async (tx) => {
      await tx.delete(setupCodes)
      await tx.insert(setupCodes).values({ codeHash: hashCode(code) })
    })
    return code
  }

  /** Creates the first editor (an admin) with a valid code, and signs them in. */
  async function create(input: unknown, client: { ip: string; userAgent?: string }) {
    if (!(await needed())) throw notFound(firstEditorMessages.gone)
    const parsed = firstEditorInput.safeParse(input)
    if (!parsed.success) throw invalidInput(parsed.error.issues.map((i) => i.message).join('; '), parsed.error.issues)
    const { code, username, email, password } = parsed.data
    // Attempts count like sign-in attempts (RATE_LIMIT_IP per address per 15 minutes): the code
    // cannot be guessed by trying.
    await limits.attemptFromIp(client.ip)
    // One winner: the creation holds a lock on the codes until it commits, so a second one (another
    // code, another instance) waits and then finds an editor. Nothing is kept if it fails: the code
    // stays usable.
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${setupCodes} in exclusive mode`)
      const [{ editors } = { editors: 0 }] = await tx.select({ editors: count() }).from(usersTable)
      if (editors > 0) throw notFound(firstEditorMessages.gone)
      // The newest code, printed within the hour, is the claim.
      const [claimed] = await tx
        .delete(setupCodes)
        .where(
          and(
            eq(setupCodes.codeHash, hashCode(code)),
            gt(setupCodes.createdAt, new Date(Date.now() - SETUP_CODE_TTL_MS)),
            sql`${setupCodes.createdAt} = (select max(created_at) from setup_codes)`,
          ),
        )
        .returning()
      if (!claimed) throw invalidInput(firstEditorMessages.wrongCode, [{ path: 'code', message: firstEditorMessages.wrongCode }])
      const admin = await users.create({ username, email, password, roles: [ADMIN_ROLE] }, tx)
      await tx.delete(setupCodes)
      // The log's first entry (issue 29 point 10): who set the site up, with the one-time code.
      await recordActivity(tx, { user: admin }, { kind: 'account', action: 'setup', subjectId: admin._id, subject: admin.username })
    })
    editorExists = true
    return auth.login(username, password, client)
  }

  return { needed, issueCode, create }
}

export type FirstEditorService = ReturnType<typeof createFirstEditorService>

/** At start: with no editor yet, print a one-time code and where to use it. */
export async function offerFirstEditorSetup(services: { firstEditor: FirstEditorService }, log: Logger, baseUrl: string): Promise<void> {
  const code = await services.firstEditor.issueCode()
  if (!code) return
  log.warn(
    `No editor exists yet. Create the first one at ${baseUrl}/login/setup with the one-time setup code ${code} ` +
      '(or run `npm run editor:create -- --username NAME --email ADDRESS --password SECRET --role admin`).',
  )
}
