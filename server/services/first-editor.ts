/**
 * The first editor, created in the browser (docs/decisions/008-one-owner-of-the-embedded-database.md).
 * While no editor exists, each server that starts adds a one-time setup code and prints it in its
 * log; /login leads to /login/setup, where whoever has the code (the operator, who can read the
 * log) creates the first editor, as an admin, and is signed in. Whoever merely reaches a fresh
 * deployment first cannot claim it. Once an editor exists the codes are deleted and the page is gone.
 */
import { createHash, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { setupCodes } from '../db/schema.ts'
import type { Logger } from '../log.ts'
import type { AuthService } from './auth.ts'
import { ADMIN_ROLE } from './access.ts'
import { invalidInput, notFound } from './errors.ts'
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

export function createFirstEditorService(db: Db, users: UserService, auth: AuthService) {
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
    const code = newSetupCode()
    await db.insert(setupCodes).values({ codeHash: hashCode(code) })
    return code
  }

  /** Creates the first editor (an admin) with a valid code, and signs them in. */
  async function create(input: unknown, client: { ip: string; userAgent?: string }) {
    if (!(await needed())) throw notFound(firstEditorMessages.gone)
    const parsed = firstEditorInput.safeParse(input)
    if (!parsed.success) throw invalidInput(parsed.error.issues.map((i) => i.message).join('; '), parsed.error.issues)
    const { code, username, email, password } = parsed.data
    // Deleting the code is the claim: of two requests with one code, one gets the row.
    const [claimed] = await db
      .delete(setupCodes)
      .where(eq(setupCodes.codeHash, hashCode(code)))
      .returning()
    if (!claimed) throw invalidInput(firstEditorMessages.wrongCode, [{ path: 'code', message: firstEditorMessages.wrongCode }])
    if (!(await needed())) throw notFound(firstEditorMessages.gone)
    try {
      await users.create({ username, email, password, roles: [ADMIN_ROLE] })
    } catch (err) {
      // Nothing was created: the code stays usable.
      await db.insert(setupCodes).values(claimed).onConflictDoNothing()
      throw err
    }
    editorExists = true
    await db.delete(setupCodes)
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
