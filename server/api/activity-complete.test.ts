/**
 * The activity log is complete (issue 29 point 10): every call that changes content, permissions,
 * accounts or shared links writes an entry, whichever way it comes (screen, API, command line), and
 * failed sign-ins are logged without letting an attacker flood the table. Real services on the
 * real database.
 *
 * The first test takes every mutating route from the API's own OpenAPI document (and the upload
 * route beside it) and requires each to be either in LOGGED, with the entry it writes, or in
 * EXEMPT, with why it changes nothing the log is for. A new route fails it until it is classified.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeActivity, FAILED_SIGN_IN_UNKNOWN } from '#lib/team'
import { newCustomListing } from '#lib/listings'
import { signIn, signInToken, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { commands } from '../commands/index.ts'

/** Mutating route → the entries it writes (kind action). */
const LOGGED: Record<string, string> = {
  'POST /user/login': 'account sign-in; account sign-in-failed (per account and minute)',
  'POST /user/setPassword': 'account set-password',
  'POST /user/changePassword': 'account change-password',
  'POST /user/create': 'account invite',
  'POST /page/save': 'page save',
  'POST /page/delete': 'page delete',
  'POST /page/publishPage': 'page publish',
  'POST /page/unpublishPage': 'page unpublish',
  'POST /page/restoreVersion': 'page restore',
  'POST /config/saveDomain': 'domain save',
  'POST /config/publishDomain': 'domain publish',
  'POST /config/unpublishDomain': 'domain unpublish',
  'POST /config/swapActiveDomain': 'domain move-host',
  'POST /site/saveNav': 'navigation save',
  'POST /site/publishNav': 'navigation publish',
  'POST /site/saveFooter': 'footer save',
  'POST /site/publishFooter': 'footer publish',
  'POST /siteSettings/saveSiteSettings': 'siteSettings save',
  'POST /siteSettings/publishSiteSettings': 'siteSettings publish',
  'POST /roles/applyToPage': 'page permissions',
  'POST /listing/saveTags': 'tag save',
  'POST /listing/publishTags': 'tag publish',
  'POST /listing/saveCategory': 'category save',
  'POST /listing/publishCategory': 'category publish',
  'POST /listing/unpublishCategory': 'category unpublish',
  'POST /listing/deleteCategory': 'category delete',
  'POST /listing/save': 'listing save',
  'POST /listing/publishListing': 'listing publish',
  'POST /listing/syncListing': 'listing sync',
  'POST /chapters/saveStory': 'story save',
  'POST /chapters/publishStory': 'story publish',
  'POST /obj/story': 'story publish (a story is made published)',
  'DELETE /obj/story/{id}': 'story delete',
  'POST /conciergeForm/saveConciergeForm': 'conciergeForm save',
  'POST /image/delete': 'image delete',
  'POST /image/restore': 'image restore',
  'POST /image/update': 'image update',
  'POST /image/bulk': 'image move, tag, untag or delete (one entry for the files changed)',
  'POST /image/folders/create': 'image create-folder',
  'POST /image/folders/rename': 'image rename-folder',
  'POST /image/folders/delete': 'image delete-folder',
  'POST /img/upload': 'image upload',
  'POST /img/replace/{id}': 'image replace',
  'POST /team/invite': 'account invite',
  'POST /team/resendInvite': 'account resend-invite',
  'POST /team/inviteLink': 'account copy-invite-link',
  'POST /team/withdrawInvite': 'account withdraw-invite',
  'POST /team/setRole': 'account role-change',
  'POST /team/deactivate': 'account deactivate',
  'POST /team/confirmEmail': 'account change-email',
  'POST /draftLink/create': 'page draft-link',
  'POST /draftLink/revoke': 'page revoke-draft-link',
  'POST /schedule/create': 'page schedule-publish or schedule-unpublish',
  'POST /schedule/cancel': 'page cancel-schedule-publish or cancel-schedule-unpublish',
  'POST /translation/save': 'page (or site document) save, in a language',
  'POST /translation/publish': 'publish, in a language',
  'POST /translation/unpublish': 'unpublish, in a language',
  'POST /translation/restoreVersion': 'restore, in a language',
}

/** Mutating route → why it writes no entry. */
const EXEMPT: Record<string, string> = {
  'POST /user/me': 'reads the caller (POST as spec 01 §7 names it)',
  'POST /user/logout': "ends the caller's own session: nothing of the site changes",
  'POST /user/forgotPassword': 'only sends a link; the change (setPassword) is logged',
  'POST /team/changeEmail': 'only sends a confirmation link; the change (confirmEmail) is logged',
  'POST /listing/fetch': "reads the public grid (POST for its filters' size)",
  'POST /listing/mapPoints': 'reads the public map points',
  'POST /listing/fetchRelated': 'reads related listings',
  'POST /trip/stops': "reads the published stops of a visitor's trip (POST for the list's size)",
  'POST /trip/route': "asks the routing provider for a day's legs: nothing is stored",
  'POST /trip/pdf': "lays out a visitor's trip as a PDF: nothing is stored",
  'POST /draftLink/list': "reads a page's links in use",
  'POST /publish/checks': 'checks a page about to be published (issue 34): reads links and listings, stores nothing',
  'POST /translation/suggest':
    "a machine translation's suggestions for the editor to review (issue 33): calls the provider, stores nothing",
  'POST /search/indexItem': 'rebuilds the search entry from the published copy: derived data, no content changes',
  'POST /search/deleteItem': 'drops a derived search entry; unpublishing (logged) is how content leaves the site',
  'POST /conciergeForm/submit': "a visitor's enquiry: stored with the enquiries (personal data), not a change to the site",
  'POST /results/beacon': "a visitor page's measurement beacon (issue 37): counted in memory, nothing of the site changes",
  'POST /cart/saveBECart': "a visitor's cart at the booking provider",
  'POST /presence/heartbeat': 'who has a page open: not a change',
  'POST /presence/leave': 'who has a page open: not a change',
}

let t: TestApp
let admin: Caller
let adminToken: string
const entries = async (filter: { kind?: string } = {}) =>
  (await t.services.activity.list({ ...filter, limit: 500 })).map((e) => `${e.username ?? ''}|${e.kind}|${e.action}|${e.subject}`)

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'log-admin', password: 'log-admin-password', roles: ['admin'] })
  adminToken = await signInToken(t, { username: 'log-admin', password: 'log-admin-password' })
})
afterAll(() => t?.close())

describe('every mutating route is logged or exempt for a stated reason', () => {
  it('classifies each mutating route of the OpenAPI document, and no route that is gone', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    const mutating = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    // The upload route is mounted beside the API (multipart, its own body limit), not in its document.
    const routes = [...mutating, 'POST /img/upload', 'POST /img/replace/{id}'].sort()
    expect(routes.length).toBeGreaterThan(50)
    const classified = [...Object.keys(LOGGED), ...Object.keys(EXEMPT)].sort()
    expect(
      routes.filter((r) => !classified.includes(r)),
      'routes neither logged nor exempt',
    ).toEqual([])
    expect(
      classified.filter((r) => !routes.includes(r)),
      'classified routes that no longer exist',
    ).toEqual([])
    expect(Object.keys(LOGGED).filter((r) => r in EXEMPT)).toEqual([])
    for (const reason of Object.values(EXEMPT)) expect(reason.length).toBeGreaterThan(15)
  })
})

describe('each logged route writes its entry when called through the API', () => {
  it('pages, navigation, footer, site settings, domains, stories, tags, categories, listings and accounts', async () => {
    const saved = (await (
      await admin.post('/api/page/save', { page: { slug: 'logged-life', template: 'generic', header: { title: 'L' } } })
    ).json()) as Record<string, unknown>
    const listing = newCustomListing('custom-logged', 'Logged Picnic')
    let story: { _id: string; version: number } | null = null
    /** Route → the call, and the kind and action of the entry it must write. */
    const calls: [string, () => Promise<Response>, string][] = [
      ['POST /page/publishPage', () => admin.post('/api/page/publishPage', { page: saved }), 'page publish'],
      ['POST /page/unpublishPage', () => admin.post('/api/page/unpublishPage', { _id: saved._id }), 'page unpublish'],
      ['POST /page/delete', () => admin.post('/api/page/delete', { _id: saved._id }), 'page delete'],
      ['POST /site/saveNav', () => admin.post('/api/site/saveNav', { nav: { siteName: 'Logged', items: [] } }), 'navigation save'],
      [
        'POST /site/publishNav',
        () => admin.post('/api/site/publishNav', { nav: { siteName: 'Logged', items: [] }, force: true }),
        'navigation publish',
      ],
      ['POST /site/saveFooter', () => admin.post('/api/site/saveFooter', { footer: {} }), 'footer save'],
      ['POST /site/publishFooter', () => admin.post('/api/site/publishFooter', { footer: {}, force: true }), 'footer publish'],
      [
        'POST /siteSettings/saveSiteSettings',
        () => admin.post('/api/siteSettings/saveSiteSettings', { siteSettings: { redirects: [] } }),
        'siteSettings save',
      ],
      [
        'POST /siteSettings/publishSiteSettings',
        () => admin.post('/api/siteSettings/publishSiteSettings', { siteSettings: { redirects: [] }, force: true }),
        'siteSettings publish',
      ],
      [
        'POST /config/saveDomain',
        () => admin.post('/api/config/saveDomain', { domain: { _id: 'logged', name: 'Logged', hostnames: ['logged.example'] } }),
        'domain save',
      ],
      ['POST /config/publishDomain', () => admin.post('/api/config/publishDomain', { domain: { _id: 'logged' } }), 'domain publish'],
      ['POST /config/unpublishDomain', () => admin.post('/api/config/unpublishDomain', { domain: { _id: 'logged' } }), 'domain unpublish'],
      [
        'POST /obj/story',
        async () => {
          const res = await admin.post('/api/obj/story', { title: 'Logged story', slug: 'logged-story' })
          story = (await res.clone().json()) as { _id: string; version: number }
          return res
        },
        'story publish',
      ],
      [
        'POST /chapters/saveStory',
        () => admin.post('/api/chapters/saveStory', { story: { _id: story!._id, version: story!.version, title: 'Logged again' } }),
        'story save',
      ],
      [
        'POST /chapters/publishStory',
        () => admin.post('/api/chapters/publishStory', { story: { _id: story!._id }, force: true }),
        'story publish',
      ],
      [
        'DELETE /obj/story/{id}',
        async () =>
          t.app.request(`/api/obj/story/${story!._id}`, {
            method: 'DELETE',
            headers: { host: 'localhost', authorization: `Bearer ${adminToken}` },
          }),
        'story delete',
      ],
      ['POST /listing/saveTags', () => admin.post('/api/listing/saveTags', { tags: { wine: 'Wine' } }), 'tag save'],
      ['POST /listing/publishTags', () => admin.post('/api/listing/publishTags', { tags: { wine: 'Wine' } }), 'tag publish'],
      [
        'POST /listing/saveCategory',
        () => admin.post('/api/listing/saveCategory', { category: { _id: 'cat-logged', name: 'Logged', filters: ['wine'] } }),
        'category save',
      ],
      [
        'POST /listing/publishCategory',
        () => admin.post('/api/listing/publishCategory', { category: { _id: 'cat-logged', name: 'Logged', filters: ['wine'] } }),
        'category publish',
      ],
      ['POST /listing/unpublishCategory', () => admin.post('/api/listing/unpublishCategory', { _id: 'cat-logged' }), 'category unpublish'],
      ['POST /listing/deleteCategory', () => admin.post('/api/listing/deleteCategory', { _id: 'cat-logged' }), 'category delete'],
      ['POST /listing/save', () => admin.post('/api/listing/save', { listing }), 'listing save'],
      [
        'POST /listing/publishListing',
        () => admin.post('/api/listing/publishListing', { listing: { _id: listing._id } }),
        'listing publish',
      ],
      [
        'POST /user/create',
        () => admin.post('/api/user/create', { username: 'logged-newbie', email: 'logged-newbie@example.com' }),
        'account invite',
      ],
      [
        'POST /team/invite',
        () => admin.post('/api/team/invite', { username: 'logged-invitee', email: 'logged-invitee@example.com', role: 'editor' }),
        'account invite',
      ],
    ]
    const missing: string[] = []
    for (const [route, call, expected] of calls) {
      const [newest] = await t.services.activity.list({ limit: 1 })
      const res = await call()
      expect(res.status, `${route}: ${await res.clone().text()}`).toBe(200)
      const written = (await t.services.activity.list({ limit: 20 }))
        .filter((e) => e.id > (newest?.id ?? 0))
        .map((e) => `${e.kind} ${e.action}`)
      if (!written.includes(expected)) missing.push(`${route} wrote [${written.join(', ')}], not '${expected}'`)
      expect(LOGGED[route], route).toContain(expected.split(' ')[1])
    }
    expect(missing).toEqual([])
  })
})

describe('the changes the log missed', () => {
  it("a page's permissions, with who may do what now", async () => {
    const saved = (await (
      await admin.post('/api/page/save', { page: { slug: 'roles-logged', template: 'generic', header: { title: 'R' } } })
    ).json()) as {
      _id: string
    }
    const res = await admin.post('/api/roles/applyToPage', { page: { _id: saved._id }, roles: { editorRoles: ['admin'] } })
    expect(res.status, await res.text()).toBe(200)
    const [entry] = await t.services.activity.list({ kind: 'page', limit: 1 })
    expect(entry).toMatchObject({ username: 'log-admin', action: 'permissions', subject: '/roles-logged', subjectId: saved._id })
    expect(describeActivity(entry!)).toBe('changed who may view, edit and publish the page /roles-logged')
  })

  it('failed sign-ins: one entry per account and minute whose count grows; names matching no account are counted together and not kept', async () => {
    await t.services.users.create({ username: 'guessed', email: 'guessed@example.com', password: 'the-right-password', roles: [] })
    const before = (await entries({ kind: 'account' })).length
    for (let i = 0; i < 3; i++)
      expect((await visitor(t).post('/api/user/login', { username: 'guessed', password: `wrong-${i}` })).status).toBe(401)
    for (const name of ['hunter2-typed-as-name', 'nobody-here'])
      expect((await visitor(t).post('/api/user/login', { username: name, password: 'not-the-password' })).status).toBe(401)
    const log = await entries({ kind: 'account' })
    const added = log.slice(0, log.length - before)
    // One row per account and minute (two if the attempts straddled a minute), the attempts summed.
    const attempts = (account: string) => {
      const rows = added.filter((e) => e.startsWith(`Not signed in|account|sign-in-failed|${account} (`))
      return { rows: rows.length, sum: rows.reduce((n, e) => n + Number(/\((\d+) attempts?\)$/.exec(e)?.[1]), 0) }
    }
    expect(attempts('guessed').sum).toBe(3)
    expect(attempts('guessed').rows).toBeLessThanOrEqual(2)
    expect(attempts(FAILED_SIGN_IN_UNKNOWN).sum).toBe(2)
    expect(added).toHaveLength(attempts('guessed').rows + attempts(FAILED_SIGN_IN_UNKNOWN).rows)
    expect(JSON.stringify(log)).not.toContain('hunter2')
  })

  it('pictures uploaded and deleted', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('file', new File([new Uint8Array(png)], 'logged.png', { type: 'image/png' }))
    const token = (await (await visitor(t).post('/api/user/login', { username: 'log-admin', password: 'log-admin-password' })).json()) as {
      token: string
    }
    const upload = await t.app.request('/img/upload', {
      method: 'POST',
      headers: { host: 'localhost', authorization: `Bearer ${token.token}` },
      body: form,
    })
    expect(upload.status, await upload.clone().text()).toBe(200)
    const { _id } = (await upload.json()) as { _id: string }
    expect((await admin.post('/api/image/delete', { imageId: _id })).status).toBe(200)
    expect((await entries({ kind: 'image' })).slice(0, 2)).toEqual([
      'log-admin|image|delete|logged.png',
      'log-admin|image|upload|logged.png',
    ])
  })

  it('where enquiries are sent, and a host moved to another domain', async () => {
    const saved = await admin.post('/api/conciergeForm/saveConciergeForm', { conciergeForm: { email: 'desk@example.com', ccs: [] } })
    expect(saved.status, await saved.text()).toBe(200)
    expect((await entries({ kind: 'conciergeForm' }))[0]).toBe('log-admin|conciergeForm|save|')
    await t.services.domains.upsert({ _id: 'second', name: 'Second', hostnames: [], published: true })
    const moved = await admin.post('/api/config/swapActiveDomain', { domain: { _id: 'second' } })
    expect(moved.status, await moved.text()).toBe(200)
    expect((await entries({ kind: 'domain' }))[0]).toBe('log-admin|domain|move-host|localhost → Second')
  })

  it('accounts made on the command line (editor:create) and by the first-editor setup', async () => {
    await commands['editor:create'].run(
      { services: t.services, progress: () => {} },
      { username: 'made-on-cli', email: 'cli@example.com', password: 'cli-password-123', roles: [] },
    )
    expect((await entries({ kind: 'account' }))[0]).toBe('Command line|account|create-account|made-on-cli')
  })
})

describe('the first-editor setup', () => {
  it('logs the first admin it creates', async () => {
    const fresh = await createTestApp()
    try {
      const code = await fresh.services.firstEditor.issueCode()
      expect(code).toBeTruthy()
      await fresh.services.firstEditor.create(
        { code, username: 'first-admin', email: 'first@example.com', password: 'first-admin-password' },
        { ip: '127.0.0.1' },
      )
      const log = (await fresh.services.activity.list({ kind: 'account' })).map((e) => `${e.username}|${e.action}`)
      expect(log).toEqual(['first-admin|sign-in', 'first-admin|setup'])
    } finally {
      await fresh.close()
    }
  })
})
