import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { hashPassword, verifyPassword } from './users.ts'

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
