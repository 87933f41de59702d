import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { eq } from 'drizzle-orm'
import { loadConfig } from '../config.ts'
import { users } from '../db/schema.ts'
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './users.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('passwords', () => {
  it('are stored as salted scrypt hashes that verify only the right password', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toMatch(/^scrypt\$/)
    expect(hash).not.toContain('correct horse')
    expect(await hashPassword('correct horse')).not.toBe(hash)
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('wrong horse', hash)).toBe(false)
  })

  it('cost 2^15 unless PASSWORD_HASH_COST says otherwise (the tests lower it); a hash of any cost verifies', async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15)
    expect(loadConfig({}).auth.passwordHashCost).toBe(15)
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).auth.passwordHashCost).toBe(12)
    expect(() => loadConfig({ PASSWORD_HASH_COST: '4' })).toThrow(/PASSWORD_HASH_COST/)
    const strong = await hashPassword('correct horse')
    expect(strong.split('$')[1]).toBe(String(2 ** 15))
    const cheap = await hashPassword('correct horse', 10)
    expect(cheap.split('$')[1]).toBe('1024')
    expect(await verifyPassword('correct horse', strong)).toBe(true)
    expect(await verifyPassword('correct horse', cheap)).toBe(true)
    expect(await verifyPassword('wrong horse', cheap)).toBe(false)
    // The test app runs at the tests' cost; its accounts are hashed at it.
    expect(t.config.auth.passwordHashCost).toBe(10)
    const user = await t.services.users.create({ username: 'cost-check', email: 'cost@example.com', password: 'secret123' })
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user._id))
    expect(row!.hash!.split('$')[1]).toBe('1024')
  })
})

describe('editor accounts', () => {
  it('are created and can sign in by username or e-mail, in any case', async () => {
    const user = await t.services.users.create({ username: 'Ann', email: 'Ann@Example.com', password: 'secret123' })
    expect(user).toMatchObject({ username: 'Ann', email: 'ann@example.com', roles: [] })
    expect(await t.services.users.authenticate('ann', 'secret123')).toMatchObject({ _id: user._id })
    expect(await t.services.users.authenticate('ANN@example.com', 'secret123')).toMatchObject({ _id: user._id })
    expect(await t.services.users.authenticate('ann', 'nope')).toBeNull()
    expect(await t.services.users.authenticate('nobody', 'secret123')).toBeNull()
  })

  it('refuse a duplicate username or e-mail regardless of case', async () => {
    await expect(t.services.users.create({ username: 'ANN', email: 'x@example.com', password: 'secret123' })).rejects.toMatchObject({
      kind: 'conflict',
    })
    await expect(t.services.users.create({ username: 'bob', email: 'ANN@EXAMPLE.COM', password: 'secret123' })).rejects.toMatchObject({
      kind: 'conflict',
    })
  })

  it('refuse bad input with a clear message', async () => {
    await expect(t.services.users.create({ username: 'b', email: 'b@example.com', password: 'secret123' })).rejects.toMatchObject({
      kind: 'invalid_input',
    })
    await expect(t.services.users.create({ username: 'bob', email: 'not-an-address', password: 'secret123' })).rejects.toMatchObject({
      message: 'Please provide a valid email address',
    })
  })
})
