import { randomUUID, scrypt, timingSafeEqual, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { eq, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { conflict, invalidInput } from './errors.ts'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// scrypt cost: N=2^15 takes ~50-100 ms here, slow enough against guessing, fast enough for sign-in.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 64

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, KEY_LENGTH, SCRYPT)
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false
  const expected = Buffer.from(keyB64, 'base64')
  const key = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
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

export function createUserService(db: Db) {
  async function findByLogin(login: string): Promise<UserRow | null> {
    const value = login.trim().toLowerCase()
    const [row] = await db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
      .limit(1)
    return row ?? null
  }

  async function create(input: NewUser): Promise<PublicUser> {
    const parsed = newUserSchema.safeParse(input)
    if (!parsed.success) throw invalidInput(parsed.error.issues.map((i) => i.message).join('; '), parsed.error.issues)
    const { username, email, password, roles } = parsed.data
    if (await findByLogin(username)) throw conflict(`A user named '${username}' already exists`)
    if (await findByLogin(email)) throw conflict(`A user with the e-mail '${email}' already exists`)
    const [row] = await db
      .insert(users)
      .values({ id: randomUUID(), username, email, roles, passwordHash: password ? await hashPassword(password) : null })
      .returning()
    return toPublic(row!)
  }

  /** The user if the password is theirs, else null; the same work is done for an unknown user (null row). */
  async function verifyLogin(row: UserRow | null, password: string): Promise<PublicUser | null> {
    // Hash against a dummy when the user is unknown so that timing does not reveal who exists.
    const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH)
    return row?.passwordHash && ok ? toPublic(row) : null
  }

  /** The user whose login and password match, or null; the same work is done either way. */
  async function authenticate(login: string, password: string): Promise<PublicUser | null> {
    return verifyLogin(await findByLogin(login), password)
  }

  async function setPassword(userId: string, password: string) {
    const parsed = passwordSchema.safeParse(password)
    if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Invalid password')
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(parsed.data), updatedAt: new Date() })
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

const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(64).toString('base64')

export type UserService = ReturnType<typeof createUserService>
