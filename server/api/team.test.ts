/**
 * Issue 21 through the API, on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set): every
 * team role on every call that changes content, the editors panel's calls, deactivation, and the
 * activity log that records them.
 */
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newCustomListing } from '#lib/listings'
import { teamTexts } from '#lib/team'
import { mailOutbox } from '#server/db/schema'
import { signIn, signInToken, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

let t: TestApp
const callers: Record<'admin' | 'publisher' | 'editor', Caller> = {} as never

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  callers.admin = await signIn(t, { username: 'alma', password: 'alma-password', roles: ['admin'] })
  callers.publisher = await signIn(t, { username: 'pia', password: 'pia-password', roles: ['publisher'] })
  callers.editor = await signIn(t, { username: 'eddie', password: 'eddie-password', roles: ['editor'] })
})
afterAll(() => t?.close())

const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) => (await (await res).json()) as T
type Page = { _id: string; slug: string; version: number }
type Entry = { username: string | null; kind: string; action: string; subject: string }

async function outboxTo(address: string): Promise<string[]> {
  const rows = await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(asc(mailOutbox.createdAt))
  return rows.map((r) => r.text)
}

async function latestActivity(caller: Caller, query = ''): Promise<Entry[]> {
  const res = await caller.get(`/api/team/activity?limit=500${query}`)
  expect(res.status).toBe(200)
  return (await json<{ entries: Entry[] }>(res)).entries
}

describe('each team role on each call that changes content', () => {
  const roles = ['admin', 'publisher', 'editor'] as const
  // What each role may do: admins everything, publishers all but domains and people, editors drafts only.
  const mayPublish = { admin: true, publisher: true, editor: false }
  const mayAdminister = { admin: true, publisher: false, editor: false }

  for (const role of roles) {
    it(`${role}: pages, navigation, footer, site settings, stories, domains, page roles and editors`, async () => {
      const c = callers[role]
      const expectStatus = async (res: Promise<Response>, allowed: boolean, what: string) => {
        const r = await res
        expect({ what, status: r.status }).toEqual({ what, status: allowed ? 200 : 403 })
      }
      // Drafts: everyone.
      const page = await json<Page>(
        c.post('/api/page/save', { page: { slug: `by-${role}`, template: 'generic', header: { title: role } } }),
      )
      expect(page._id).toBeTruthy()
      const resaved = await c.post('/api/page/save', { page: { ...page, header: { title: `${role} again` } } })
      await expectStatus(Promise.resolve(resaved), true, 'page/save')
      await expectStatus(c.post('/api/site/saveNav', { nav: { siteName: role }, force: true }), true, 'site/saveNav')
      await expectStatus(c.post('/api/site/saveFooter', { footer: {}, force: true }), true, 'site/saveFooter')
      await expectStatus(c.post('/api/siteSettings/saveSiteSettings', { siteSettings: {}, force: true }), true, 'saveSiteSettings')

      // Publishing, unpublishing and deleting: publishers and admins.
      const current = await json<Page>(Promise.resolve(resaved))
      await expectStatus(c.post('/api/page/publishPage', { page: current }), mayPublish[role], 'page/publishPage')
      await expectStatus(c.post('/api/site/publishNav', { nav: { siteName: role }, force: true }), mayPublish[role], 'site/publishNav')
      await expectStatus(c.post('/api/site/publishFooter', { footer: {}, force: true }), mayPublish[role], 'site/publishFooter')
      await expectStatus(
        c.post('/api/siteSettings/publishSiteSettings', { siteSettings: {}, force: true }),
        mayPublish[role],
        'publishSiteSettings',
      )
      // A page the admin published, so that every role has one to take down.
      const other = await json<Page>(callers.admin.post('/api/page/save', { page: { slug: `down-${role}`, template: 'generic' } }))
      await json(callers.admin.post('/api/page/publishPage', { page: other }))
      await expectStatus(c.post('/api/page/unpublishPage', { _id: other._id }), mayPublish[role], 'page/unpublishPage')
      if (!mayPublish[role]) await json(callers.admin.post('/api/page/unpublishPage', { _id: other._id }))
      await expectStatus(c.post('/api/page/delete', { _id: other._id }), mayPublish[role], 'page/delete')

      // Stories, listing tags and categories: drafts for everyone, publishing for publishers and admins.
      const story = await json<{ _id: string; version: number }>(callers.admin.post('/api/obj/story', { title: `Story ${role}` }))
      await expectStatus(
        c.post('/api/chapters/saveStory', { story: { _id: story._id, title: `By ${role}` }, force: true }),
        true,
        'saveStory',
      )
      await expectStatus(c.post('/api/chapters/publishStory', { story: { _id: story._id }, force: true }), mayPublish[role], 'publishStory')
      await expectStatus(c.post('/api/obj/story', { title: `New by ${role}` }), mayPublish[role], 'obj/story create')
      await expectStatus(c.post('/api/listing/saveTags', { tags: { wine: 'Wine' } }), true, 'listing/saveTags')
      await expectStatus(c.post('/api/listing/publishTags', { tags: { wine: 'Wine' } }), mayPublish[role], 'listing/publishTags')
      const category = { _id: `cat-${role}`, name: `Cat ${role}`, filters: ['wine'] }
      await expectStatus(c.post('/api/listing/saveCategory', { category }), true, 'listing/saveCategory')
      await expectStatus(c.post('/api/listing/publishCategory', { category }), mayPublish[role], 'listing/publishCategory')
      if (!mayPublish[role]) await json(callers.admin.post('/api/listing/publishCategory', { category }))
      await expectStatus(c.post('/api/listing/unpublishCategory', { _id: category._id }), mayPublish[role], 'listing/unpublishCategory')
      if (!mayPublish[role]) await json(callers.admin.post('/api/listing/unpublishCategory', { _id: category._id }))
      await expectStatus(c.post('/api/listing/deleteCategory', { _id: category._id }), mayPublish[role], 'listing/deleteCategory')

      // Listings: a custom listing saved by everyone, published by publishers and admins.
      const created = await c.post('/api/listing/save', { listing: newCustomListing(`listing-${role}`, `Picnic ${role}`) })
      await expectStatus(Promise.resolve(created), true, 'listing/save')
      const { listing } = await json<{ listing: Record<string, unknown> }>(Promise.resolve(created))
      await expectStatus(c.post('/api/listing/publishListing', { listing }), mayPublish[role], 'listing/publishListing')

      // Domains, page roles and people: admins.
      await expectStatus(
        c.post('/api/config/saveDomain', { domain: { _id: `d-${role}`, name: role, hostnames: [`${role}.example`] }, force: true }),
        mayAdminister[role],
        'config/saveDomain',
      )
      await expectStatus(
        c.post('/api/roles/applyToPage', { page: { _id: page._id }, roles: { viewerRoles: [] } }),
        mayAdminister[role],
        'roles/applyToPage',
      )
      await expectStatus(
        c.post('/api/team/invite', { username: `new-${role}`, email: `new-${role}@example.com`, role: 'editor' }),
        mayAdminister[role],
        'team/invite',
      )
    })
  }

  it('answers 401 to a visitor on the same calls', async () => {
    const v = visitor(t)
    for (const path of ['/api/page/save', '/api/page/publishPage', '/api/site/publishNav', '/api/team/invite', '/api/team/setRole']) {
      expect({ path, status: (await v.post(path, {})).status }).toEqual({ path, status: 401 })
    }
  })

  it('records stories, tags and categories with who changed them', async () => {
    const eddie = (await latestActivity(callers.admin, '')).filter((e) => e.username === 'eddie').map((e) => `${e.kind} ${e.action}`)
    expect(eddie).toEqual(expect.arrayContaining(['story save', 'tag save', 'category save']))
    expect(eddie.filter((x) => /publish|delete/.test(x))).toEqual([])
    const pia = (await latestActivity(callers.admin, '&kind=category')).filter((e) => e.username === 'pia').map((e) => e.action)
    expect(pia).toEqual(['delete', 'unpublish', 'publish', 'save'])
  })

  it('records listing saves and publishes with who made them', async () => {
    const entries = (await latestActivity(callers.admin, '&kind=listing')).map((e) => `${e.username} ${e.action} ${e.subject}`)
    expect(entries).toEqual(
      expect.arrayContaining([
        'eddie save Picnic editor',
        'pia save Picnic publisher',
        'pia publish Picnic publisher',
        'alma publish Picnic admin',
      ]),
    )
    // Eddie's refused publish left no entry.
    expect(entries.filter((x) => x.startsWith('eddie publish'))).toEqual([])
  })

  it('records each change with who made it, in order', async () => {
    const entries = await latestActivity(callers.admin, '&kind=page')
    const eddie = entries.filter((e) => e.username === 'eddie').map((e) => `${e.action} ${e.subject}`)
    // Eddie's refused publish left no entry; his saves did.
    expect(eddie).toEqual(['save /by-editor', 'save /by-editor'])
    const alma = entries.filter((e) => e.username === 'alma' && e.subject === '/down-editor').map((e) => e.action)
    // Newest first; publishPage saves the draft it is given, then publishes it; Eddie's refused delete is not there.
    expect(alma).toEqual(['unpublish', 'publish', 'save', 'save'])
  })
})

describe('the editors panel', () => {
  it('invites, lists as pending, resends and withdraws', async () => {
    const res = await callers.admin.post('/api/team/invite', { username: 'helper', email: 'helper@example.com', role: 'editor' })
    expect(res.status).toBe(200)
    const { editor } = await json<{ editor: { _id: string; status: string; role: string } }>(res)
    expect(editor).toMatchObject({ status: 'pending', role: 'editor' })
    expect((await callers.admin.post('/api/team/resendInvite', { id: editor._id })).status).toBe(200)
    // The invitation and the resent one are in the outbox (no SMTP_URL here), each with its own link.
    const links = (await outboxTo('helper@example.com')).map((m) => /\?token=([\w-]+)/.exec(m)?.[1])
    expect(links).toHaveLength(2)
    expect(links[0]).not.toBe(links[1])
    expect((await callers.admin.post('/api/team/withdrawInvite', { id: editor._id })).status).toBe(200)
    const { editors } = await json<{ editors: { username: string }[] }>(callers.admin.get('/api/team/list'))
    expect(editors.map((e) => e.username)).not.toContain('helper')
    const actions = (await latestActivity(callers.admin, '&kind=account')).filter((e) => e.subject === 'helper').map((e) => e.action)
    expect(actions).toEqual(['withdraw-invite', 'resend-invite', 'invite'])
  })

  it('hands an admin a pending invitation’s link for a site without mail; it sets the password, once (issue 31 point 5)', async () => {
    const invited = await json<{ editor: { _id: string } }>(
      callers.admin.post('/api/team/invite', { username: 'no-mail', email: 'no-mail@example.com', role: 'editor' }),
    )
    const id = invited.editor._id
    expect((await callers.editor.post('/api/team/inviteLink', { id })).status).toBe(403)
    const res = await callers.admin.post('/api/team/inviteLink', { id })
    expect(res.status).toBe(200)
    const { link, editor } = await json<{ link: string; editor: { status: string } }>(res)
    expect(editor.status).toBe('pending')
    const url = new URL(link)
    expect(url.searchParams.get('email')).toBe('no-mail@example.com')
    // The e-mailed link still works too (both are the account's): the copied one is used first.
    expect(await outboxTo('no-mail@example.com')).toHaveLength(1)
    const set = await t.app.request('/api/user/setPassword', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'no-mail@example.com', password: 'a-long-password-1', token: url.searchParams.get('token') }),
    })
    expect(set.status).toBe(200)
    // No longer pending: no link to hand out, and the e-mailed link is spent with it.
    expect((await callers.admin.post('/api/team/inviteLink', { id })).status).toBe(409)
    const mailed = /\?token=([\w-]+)/.exec((await outboxTo('no-mail@example.com'))[0]!)![1]
    const again = await t.app.request('/api/user/setPassword', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'no-mail@example.com', password: 'another-password-2', token: mailed }),
    })
    expect(again.status).toBe(400)
    const actions = (await latestActivity(callers.admin, '&kind=account')).filter((e) => e.subject === 'no-mail').map((e) => e.action)
    expect(actions).toContain('copy-invite-link')
  })

  it('refuses a duplicate address and a bad role with a clear 4xx', async () => {
    const dup = await callers.admin.post('/api/team/invite', { username: 'someone', email: 'pia@example.com', role: 'editor' })
    expect(dup.status).toBe(409)
    const bad = await callers.admin.post('/api/team/invite', { username: 'someone', email: 'someone@example.com', role: 'owner' })
    expect(bad.status).toBe(400)
    expect((await json<{ error: { code: string } }>(bad)).error.code).toBe('invalid_input')
  })

  it('keeps the last admin: they cannot drop their admin role or deactivate themself', async () => {
    const { editors } = await json<{ editors: { _id: string; username: string }[] }>(callers.admin.get('/api/team/list'))
    const alma = editors.find((e) => e.username === 'alma')!
    const demote = await callers.admin.post('/api/team/setRole', { id: alma._id, role: 'publisher' })
    expect(demote.status).toBe(409)
    expect((await callers.admin.post('/api/team/deactivate', { id: alma._id })).status).toBe(409)
    // Still an admin: the editors list answers.
    expect((await callers.admin.get('/api/team/list')).status).toBe(200)
  })

  it('keeps the last admin who can sign in, even while an admin invitation is pending (issue 29 point 6)', async () => {
    const invited = await callers.admin.post('/api/team/invite', {
      username: 'pending-admin',
      email: 'pending-admin@example.com',
      role: 'admin',
    })
    expect(invited.status).toBe(200)
    const { editors } = await json<{ editors: { _id: string; username: string }[] }>(callers.admin.get('/api/team/list'))
    const alma = editors.find((e) => e.username === 'alma')!
    // Two accounts hold the admin role, but the invited one has no password yet: nobody could sign in as an admin.
    expect((await callers.admin.post('/api/team/setRole', { id: alma._id, role: 'editor' })).status).toBe(409)
    expect((await callers.admin.post('/api/team/deactivate', { id: alma._id })).status).toBe(409)
    expect((await callers.admin.get('/api/team/list')).status).toBe(200)
    const pending = editors.find((e) => e.username === 'pending-admin')!
    expect((await callers.admin.post('/api/team/withdrawInvite', { id: pending._id })).status).toBe(200)
  })

  it('promotes an editor, who may then publish; deactivation ends their sessions at once and keeps their history', async () => {
    const token = await signInToken(t, { username: 'casual', password: 'casual-password', roles: ['editor'] })
    const casual = {
      post: (path: string, body: unknown) =>
        t.app.request(path, {
          method: 'POST',
          headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
    }
    const page = await json<Page>(casual.post('/api/page/save', { page: { slug: 'season', template: 'generic' } }))
    expect((await casual.post('/api/page/publishPage', { page })).status).toBe(403)
    const { editors } = await json<{ editors: { _id: string; username: string }[] }>(callers.admin.get('/api/team/list'))
    const id = editors.find((e) => e.username === 'casual')!._id
    expect((await callers.admin.post('/api/team/setRole', { id, role: 'publisher' })).status).toBe(200)
    // The same session: roles are read on every call.
    expect((await casual.post('/api/page/publishPage', { page })).status).toBe(200)

    expect((await callers.admin.post('/api/team/deactivate', { id })).status).toBe(200)
    expect((await casual.post('/api/page/save', { page: { ...page, version: page.version + 1 } })).status).toBe(401)
    const login = await visitor(t).post('/api/user/login', { username: 'casual', password: 'casual-password' })
    expect(login.status).toBe(401)

    const listed = await json<{ editors: { username: string; status: string }[] }>(callers.admin.get('/api/team/list'))
    expect(listed.editors.find((e) => e.username === 'casual')?.status).toBe('deactivated')
    const theirs = await latestActivity(callers.admin, `&userId=${id}`)
    expect(theirs.map((e) => `${e.action} ${e.subject}`)).toEqual(['publish /season', 'save /season', 'save /season', 'sign-in casual'])
  })
})

describe('my account', () => {
  it('changes the password with the current one and ends the other sessions', async () => {
    const first = await signInToken(t, { username: 'mona', password: 'mona-password', roles: ['publisher'] })
    const second = await signInToken(t, { username: 'mona', password: 'mona-password' })
    const post = (token: string, path: string, body: unknown) =>
      t.app.request(path, {
        method: 'POST',
        headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await post(second, '/api/user/changePassword', { currentPassword: 'wrong-one', newPassword: 'new-mona-pass' })).status).toBe(
      400,
    )
    expect(
      (await post(second, '/api/user/changePassword', { currentPassword: 'mona-password', newPassword: 'new-mona-pass' })).status,
    ).toBe(200)
    expect((await post(first, '/api/user/me', {})).status).toBe(401)
    expect((await post(second, '/api/user/me', {})).status).toBe(200)
  })

  it('changes the e-mail address only when the link sent to the new one is followed', async () => {
    const token = await signInToken(t, { username: 'nell', password: 'nell-password', roles: ['editor'] })
    const res = await t.app.request('/api/team/changeEmail', {
      method: 'POST',
      headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nell.new@example.com' }),
    })
    expect(res.status).toBe(200)
    expect((await t.services.users.findByLogin('nell'))?.email).toBe('nell@example.com')
    const [mail] = await outboxTo('nell.new@example.com')
    const link = /\/api\/team\/confirmEmail\?token=([\w-]+)/.exec(mail!)![1]!
    // Following the link (as a mail scanner would) changes nothing: it shows a page with one button.
    const follow = await t.app.request(`/api/team/confirmEmail?token=${link}`, { headers: { host: 'localhost' } })
    expect(follow.status).toBe(200)
    const page = await follow.text()
    expect(page).toContain(teamTexts.account.confirmEmailButton)
    // Its form may post back (an API answer's policy otherwise refuses every form), and nothing else runs.
    const policy = follow.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("form-action 'self'")
    expect(policy).toContain("default-src 'none'")
    expect(page).toContain(`name="token" value="${link}"`)
    expect((await t.services.users.findByLogin('nell'))?.email).toBe('nell@example.com')
    const confirm = () =>
      t.app.request('/api/team/confirmEmail', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: link }).toString(),
      })
    const confirmed = await confirm()
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe('/?emailChanged=1')
    expect((await t.services.users.findByLogin('nell'))?.email).toBe('nell.new@example.com')
    // Single use.
    expect((await confirm()).headers.get('location')).toBe('/?emailChanged=0')
  })
})

describe('the activity log filters', () => {
  it('by person, kind and day (site time zone), and refuses a malformed day with 400', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide' }).format(new Date())
    const all = await latestActivity(callers.admin, `&from=${today}&to=${today}`)
    expect(all.length).toBeGreaterThan(10)
    expect(await latestActivity(callers.admin, '&from=2000-01-01&to=2000-01-02')).toEqual([])
    const signIns = await latestActivity(callers.admin, '&kind=account')
    expect(signIns.every((e) => e.kind === 'account')).toBe(true)
    expect((await callers.admin.get('/api/team/activity?from=yesterday')).status).toBe(400)
    expect((await callers.admin.get('/api/team/activity?kind=bogus')).status).toBe(400)
  })
})
