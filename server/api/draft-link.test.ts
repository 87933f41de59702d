import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { SYSTEM } from '../services/access.ts'

/**
 * Draft links (issue 17 point 7) on the real database: an editor signs a link to a page's draft;
 * the link shows the current draft (saved after the link was made too), and a changed byte, a
 * link of another domain, a deleted page or a passed expiry are refused.
 */
let t: TestApp
let editor: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const DAY = 24 * 60 * 60 * 1000
const tokenOf = (path: string) => decodeURIComponent(new URL(path, 'http://x').searchParams.get('draft')!)

beforeAll(async () => {
  t = await createTestApp({ env: { DRAFT_LINK_SECRET: 'a-test-secret-that-is-long-enough-0123456789' } })
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  await t.services.domains.upsert({ _id: 'other', name: 'Other', hostnames: ['other.localhost'], published: true })
  editor = await signIn(t, { username: 'link-editor', password: 'link-password' })
})
afterAll(() => t?.close())

async function draftPage(slug: string, title: string) {
  const res = await editor.post('/api/page/save', { page: { slug, template: 'generic', header: { title } } })
  expect(res.status).toBe(200)
  return json(res)
}

describe('POST /api/draftLink/create', () => {
  it('refuses a visitor, and a page that does not exist', async () => {
    const page = await draftPage('link-refused', 'Refused')
    expect((await visitor(t).post('/api/draftLink/create', { id: page._id })).status).toBe(401)
    expect((await editor.post('/api/draftLink/create', { id: 'no-such-page' })).status).toBe(404)
  })

  it("signs a link to the page's address that shows its current draft for seven days", async () => {
    const page = await draftPage('link-shown', 'First draft')
    const before = Date.now()
    const res = await editor.post('/api/draftLink/create', { id: page._id })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const link = await json(res)
    expect(link.path).toMatch(/^\/link-shown\?draft=/)
    const expires = Date.parse(link.expiresAt)
    expect(expires - before).toBeGreaterThanOrEqual(7 * DAY - 1000)
    expect(expires - before).toBeLessThanOrEqual(7 * DAY + 5000)

    const shown = await t.services.draftLinks.load('main', tokenOf(link.path))
    expect(shown.ok && shown.page.header.title).toBe('First draft')
    // The link shows the draft as it is now, not as it was when the link was made.
    const current = await json(editor.get('/api/page/load?slug=link-shown'))
    expect((await editor.post('/api/page/save', { page: { ...current, header: { title: 'Second draft' } } })).status).toBe(200)
    const again = await t.services.draftLinks.load('main', tokenOf(link.path))
    expect(again.ok && again.page.header.title).toBe('Second draft')
  })

  it('refuses a tampered link, one of another domain, and one past its expiry', async () => {
    const page = await draftPage('link-checked', 'Checked')
    const token = tokenOf((await json(editor.post('/api/draftLink/create', { id: page._id }))).path)
    const [payload, signature] = token.split('.') as [string, string]

    // Another page's id in the payload, the signature kept: refused.
    const other = await draftPage('link-other', 'Other page')
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), p: other._id }),
    ).toString('base64url')
    expect(await t.services.draftLinks.load('main', `${forgedPayload}.${signature}`)).toEqual({ ok: false, problem: 'invalid' })
    // A later expiry written in, or one character of the signature changed: refused.
    const extended = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: 4102444800 })).toString(
      'base64url',
    )
    expect(await t.services.draftLinks.load('main', `${extended}.${signature}`)).toEqual({ ok: false, problem: 'invalid' })
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')
    expect(await t.services.draftLinks.load('main', `${payload}.${flipped}`)).toEqual({ ok: false, problem: 'invalid' })
    expect(await t.services.draftLinks.load('main', 'not-a-token')).toEqual({ ok: false, problem: 'invalid' })
    // The right link on another domain's host: refused.
    expect(await t.services.draftLinks.load('other', token)).toEqual({ ok: false, problem: 'invalid' })

    // Valid the day before it expires; expired the moment after.
    expect((await t.services.draftLinks.load('main', token, new Date(Date.now() + 6 * DAY))).ok).toBe(true)
    expect(await t.services.draftLinks.load('main', token, new Date(Date.now() + 7 * DAY + 10_000))).toEqual({
      ok: false,
      problem: 'expired',
    })
  })

  it('stops working when the page is deleted', async () => {
    const page = await draftPage('link-deleted', 'Soon gone')
    const token = tokenOf((await json(editor.post('/api/draftLink/create', { id: page._id }))).path)
    expect((await t.services.draftLinks.load('main', token)).ok).toBe(true)
    await t.services.pages.remove('main', 'pages', page._id, SYSTEM)
    expect(await t.services.draftLinks.load('main', token)).toEqual({ ok: false, problem: 'invalid' })
  })
})

describe('revoking a draft link (issue 29 point 10)', () => {
  it('lists the links in use, revokes one from the panel that made it (logged), and the link then says it was withdrawn', async () => {
    const page = await draftPage('link-revoked', 'Revoked soon')
    const made = await json(editor.post('/api/draftLink/create', { id: page._id }))
    const kept = await json(editor.post('/api/draftLink/create', { id: page._id }))
    const listed = await json(editor.post('/api/draftLink/list', { id: page._id }))
    expect(listed.links.map((l: Json) => l.id).sort()).toEqual([kept.id, made.id].sort())
    expect(listed.links[0]).toMatchObject({ createdBy: 'link-editor' })
    expect(JSON.stringify(listed)).not.toContain(tokenOf(made.path))

    // Anonymous callers and unknown links are refused; nothing changes.
    expect((await visitor(t).post('/api/draftLink/revoke', { id: made.id })).status).toBe(401)
    expect((await visitor(t).post('/api/draftLink/list', { id: page._id })).status).toBe(401)
    expect((await editor.post('/api/draftLink/revoke', { id: 'no-such-link' })).status).toBe(404)
    expect((await t.services.draftLinks.load('main', tokenOf(made.path))).ok).toBe(true)

    const revoked = await editor.post('/api/draftLink/revoke', { id: made.id })
    expect(revoked.status).toBe(200)
    expect(await t.services.draftLinks.load('main', tokenOf(made.path))).toEqual({ ok: false, problem: 'revoked' })
    expect((await t.services.draftLinks.load('main', tokenOf(kept.path))).ok).toBe(true)
    expect((await json(editor.post('/api/draftLink/list', { id: page._id }))).links.map((l: Json) => l.id)).toEqual([kept.id])

    const log = await t.services.activity.list({ kind: 'page' })
    const mine = log.filter((e) => e.subjectId === page._id).map((e) => `${e.username} ${e.action} ${e.subject}`)
    expect(mine).toEqual([
      'link-editor revoke-draft-link /link-revoked',
      'link-editor draft-link /link-revoked',
      'link-editor draft-link /link-revoked',
      'link-editor save /link-revoked',
    ])
  })

  it('refuses a link signed before links were recorded (it could never be revoked)', async () => {
    const page = await draftPage('link-legacy', 'Legacy')
    const token = tokenOf((await json(editor.post('/api/draftLink/create', { id: page._id }))).path)
    const [payload] = token.split('.') as [string, string]
    const { i: _dropped, ...legacy } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Json
    const legacyPayload = Buffer.from(JSON.stringify(legacy)).toString('base64url')
    const { createHmac } = await import('node:crypto')
    const signature = createHmac('sha256', 'a-test-secret-that-is-long-enough-0123456789').update(legacyPayload).digest('base64url')
    expect(await t.services.draftLinks.load('main', `${legacyPayload}.${signature}`)).toEqual({ ok: false, problem: 'invalid' })
  })
})
