/**
 * The first editor (issue 29 point 6): a setup code works for an hour and only the newest one;
 * two creations racing with two valid codes make one admin; attempts are limited like sign-in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setupCodes } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { firstEditorMessages, newSetupCode, SETUP_CODE_TTL_MS } from './first-editor.ts'
import { createHash } from 'node:crypto'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_IP: '4' } })
})
afterEach(() => t?.close())

const account = (name: string, code: string) => ({ code, username: name, email: `${name}@example.com`, password: `${name}-password-1` })
const client = { ip: '10.9.9.9' }
const hashOf = (code: string) =>
  createHash('sha256')
    .update(code.replace(/[^A-Z0-9]/gi, '').toUpperCase())
    .digest('hex')

describe('setup codes', () => {
  it('only the newest code works, and only for an hour', async () => {
    const first = (await t.services.firstEditor.issueCode())!
    const second = (await t.services.firstEditor.issueCode())!
    await expect(t.services.firstEditor.create(account('early', first), client)).rejects.toMatchObject({
      kind: 'invalid_input',
      message: firstEditorMessages.wrongCode,
    })
    // The newest, printed more than an hour ago, no longer works either.
    await t.services.database.db.update(setupCodes).set({ createdAt: new Date(Date.now() - SETUP_CODE_TTL_MS - 60_000) })
    await expect(t.services.firstEditor.create(account('late', second), client)).rejects.toMatchObject({ kind: 'invalid_input' })
    const third = (await t.services.firstEditor.issueCode())!
    const session = await t.services.firstEditor.create(account('owner', third), client)
    expect(session.user).toMatchObject({ username: 'owner', roles: ['admin'] })
  })

  it('two creations racing with two valid codes (two instances started at once) make one admin', async () => {
    // Two instances' codes, printed in the same instant: both are the newest.
    const [a, b] = [newSetupCode(), newSetupCode()]
    const now = new Date()
    await t.services.database.db.insert(setupCodes).values([
      { codeHash: hashOf(a), createdAt: now },
      { codeHash: hashOf(b), createdAt: now },
    ])
    const results = await Promise.allSettled([
      t.services.firstEditor.create(account('racer-a', a), client),
      t.services.firstEditor.create(account('racer-b', b), { ip: '10.9.9.8' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(loser.reason).toMatchObject({ kind: 'not_found', message: firstEditorMessages.gone })
    expect(await t.services.users.count()).toBe(1)
    expect(await t.services.database.db.select().from(setupCodes)).toEqual([])
  })

  it('limits attempts per address like sign-in (RATE_LIMIT_IP in 15 minutes)', async () => {
    const code = (await t.services.firstEditor.issueCode())!
    for (let i = 0; i < 4; i++)
      await expect(t.services.firstEditor.create(account('guess', `WRONG-CODE-${i}`), client)).rejects.toMatchObject({
        kind: 'invalid_input',
      })
    // Even the right code is refused from that address now.
    await expect(t.services.firstEditor.create(account('guess', code), client)).rejects.toMatchObject({ kind: 'rate_limited' })
    expect(await t.services.users.count()).toBe(0)
  })
})
