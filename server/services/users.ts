import { randomUUID, scrypt, timingSafeEqual, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { eq, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import type { Writer } from './team/activity.ts'
import { users } from '../db/schema.ts'
import { conflict, invalidInput } from './errors.ts'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

/**
 * scrypt's cost as log2 of N: 2^15 takes ~50-100 ms here, slow enough against guessing, fast enough
 * for sign-in. PASSWORD_HASH_COST lowers it for the tests alone (thousands of hashes); a stored hash
 * carries its own N, so hashes of any cost verify.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15
const SCRYPT_R = 8
const SCRYPT_P = 1
const KEY_LENGTH = 64
/** scrypt needs 128·N·r bytes; twice that leaves room (64 MB at the default cost). */
const maxmemFor = (n: number) => 256 * n * SCRYPT_R

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16)
  const N = 2 ** cost
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: SCRYPT_R, p: SCRYPT_P, maxmem: maxmemFor(N) })
  return `scrypt$${N}$${SCRYPT_R}$${SCRYPT_P}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false
  const expected = Buffer.from(keyB64, 'base64')
  const key = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: Math.max(maxmemFor(Number(n)), 64 * 1024 * 1024),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')

export const newUserSchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters').max(80),
  email: z.string().trim().toLowerCase().email('Please provide a valid email address'),
  password: passwordSchema.optional(),
  roles: z.array(z.string().min(1).max(60)).default([]),
})
export type NewUser = z.input<typeof newUserSchema>

export interface PublicUser {
  _id: string
  username: string
  email: string
  roles: string[]
}

type UserRow = typeof users.$inferSelect

const toPublic = (row: UserRow): PublicUser => ({ _id: row.id, username: row.username, email: row.email, roles: row.roles })

export interface UserServiceOptions {
  /** log2 of scrypt's N for new hashes (PASSWORD_HASH_COST); default DEFAULT_PASSWORD_HASH_COST. */
  passwordHashCost?: number | undefined
}

export function createUserService(db: Db, options: UserServiceOptions = {}) {
  const cost = options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST
  // An unknown user's sign-in costs what a known one's does, so that timing does not tell them apart.
  const dummyHash = `scrypt$${2 ** cost}$${SCRYPT_R}$${SCRYPT_P}$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(KEY_LENGTH).toString('base64')
  async function findByLogin(login: string, reader: Writer = db): Promise<UserRow | null> {
    const value = login.trim().toLowerCase()
    const [row] = await reader
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
      .limit(1)
    return row ?? null
  }

  /** Creates an account; `writer` lets a caller create it inside its own transaction. */
  async function create(input: NewUser, writer: Writer = db): Promise<PublicUser> {
    const parsed = newUserSchema.safeParse(input)
    if (!parsed.success) throw invalidInput(parsed.error.issues.map((i) => i.message).join('; '), parsed.error.issues)
    const { username, email, password, roles } = parsed.data
    // Through the caller's transaction: on PGlite a second connection would wait for it forever.
    if (await findByLogin(username, writer)) throw conflict(`A user named '${username}' already exists`)
    if (await findByLogin(email, writer)) throw conflict(`A user with the e-mail '${email}' already exists`)
    const [row] = await writer
      .insert(users)
      .values({ id: randomUUID(), username, email, roles, passwordHash: password ? await hashPassword(password, cost) : null })
      .returning()
    return toPublic(row!)
  }

  /** The user if the password is theirs, else null; the same work is done for an unknown user (null row). */
  async function verifyLogin(row: UserRow | null, password: string): Promise<PublicUser | null> {
    // Hash against a dummy when the user is unknown so that timing does not reveal who exists.
    const ok = await verifyPassword(password, row?.passwordHash ?? dummyHash)
    // A deactivated account answers like a wrong password: it cannot sign in, and says nothing more.
    return row?.passwordHash && ok && !row.deactivatedAt ? toPublic(row) : null
  }

  /** The user whose login and password match, or null; the same work is done either way. */
  async function authenticate(login: string, password: string): Promise<PublicUser | null> {
    return verifyLogin(await findByLogin(login), password)
  }

  async function setPassword(userId: string, password: string, writer: Writer = db) {
    const parsed = passwordSchema.safeParse(password)
    if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Invalid password')
    await writer
      .update(users)
      .set({ passwordHash: await hashPassword(parsed.data, cost), updatedAt: new Date() })
      .where(eq(users.id, userId))
  }

  async function findById(id: string): Promise<PublicUser | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
    return row ? toPublic(row) : null
  }

  async function count(): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
    return row?.n ?? 0
  }

  return { create, authenticate, verifyLogin, findByLogin, findById, setPassword, count }
}

export type UserService = ReturnType<typeof createUserService>
