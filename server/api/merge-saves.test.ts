import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { SYSTEM } from '../services/access.ts'

/**
 * Two editors save one page (issue 31 point 1): a save based on an older version is merged field by
 * field with what was saved since; only a field both changed is refused (409), naming each such
 * field with both values, and the editor's choices (`resolutions`) settle it. Real database.
 */
let t: TestApp
let maria: Caller
let lee: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  maria = await signIn(t, { username: 'maria', password: 'maria-password' })
  lee = await signIn(t, { username: 'lee', password: 'lee-password' })
})
afterAll(() => t?.close())

const text = (key: string | undefined, value: string) => ({ componentType: 'Text', ...(key ? { _key: key } : {}), text: value })

async function created(slug: string, contents: unknown[] = [text('a', 'One'), text('b', 'Two')]) {
  return json(
    maria.post('/api/page/save', { page: { slug, template: 'generic', header: { title: 'Visit', description: 'Come' }, contents } }),
  )
}

describe('a save based on an older version', () => {
  it('merges changes to different fields: both survive, and the answer says whose changes were taken', async () => {
    const loaded = await created('merge-fields')
    const mariaSaved = await maria.post('/api/page/save', { page: { ...loaded, header: { ...loaded.header, title: 'Visit the Barossa' } } })
    expect(mariaSaved.status).toBe(200)
    const res = await lee.post('/api/page/save', { page: { ...loaded, header: { ...loaded.header, description: 'Wine and hills' } } })
    expect(res.status).toBe(200)
    const saved = await json(res)
    expect(saved.header).toMatchObject({ title: 'Visit the Barossa', description: 'Wine and hills' })
    expect(saved.version).toBe(3)
    expect(saved.merge).toEqual({
      baseVersion: 1,
      by: ['maria'],
      changes: [{ id: '["header","title"]', path: ['header', 'title'], kind: 'value' }],
    })
    const stored = await json(lee.get('/api/page/load?slug=merge-fields'))
    expect(stored.header).toMatchObject({ title: 'Visit the Barossa', description: 'Wine and hills' })
    expect(stored.merge).toBeUndefined()
  })

  it('refuses the same field changed by both with each field and both values; the choices settle it', async () => {
    const loaded = await created('merge-same-field')
    await maria.post('/api/page/save', {
      page: { ...loaded, header: { ...loaded.header, title: 'Maria’s title' }, contents: [text('a', 'One'), text('b', 'Two (Maria)')] },
    })
    const mine = { ...loaded, header: { ...loaded.header, title: 'Lee’s title', description: 'Lee’s description' } }
    const refused = await lee.post('/api/page/save', { page: mine })
    expect(refused.status).toBe(409)
    const body = await json(refused)
    expect(body.error.code).toBe('conflict')
    expect(body.error.message).toMatch(/^This page was saved by maria at \d\d\/\d\d\/\d{4} \d\d:\d\d after you opened it, with a change to/)
    expect(body.error.details).toMatchObject({
      currentVersion: 2,
      updatedBy: 'maria',
      by: ['maria'],
      conflicts: [
        { id: '["header","title"]', path: ['header', 'title'], kind: 'value', base: 'Visit', mine: 'Lee’s title', theirs: 'Maria’s title' },
      ],
    })
    // Nothing of Lee's was stored yet.
    expect((await json(lee.get('/api/page/load?slug=merge-same-field'))).header.title).toBe('Maria’s title')

    const settled = await lee.post('/api/page/save', { page: mine, resolutions: { '["header","title"]': 'theirs' } })
    expect(settled.status).toBe(200)
    const saved = await json(settled)
    expect(saved.header).toMatchObject({ title: 'Maria’s title', description: 'Lee’s description' })
    expect(saved.contents.map((b: Json) => b.text)).toEqual(['One', 'Two (Maria)'])

    const mineWins = await json(
      lee.post('/api/page/save', {
        page: { ...loaded, header: { ...loaded.header, title: 'Lee again' } },
        resolutions: { '["header","title"]': 'mine' },
      }),
    )
    expect(mineWins.header.title).toBe('Lee again')
    // Maria's description change was Lee's: kept. Her block change: kept.
    expect(mineWins.contents.map((b: Json) => b.text)).toEqual(['One', 'Two (Maria)'])
  })

  it('merges blocks by key: one edits a block, the other adds and reorders; a block removed by one and changed by the other asks', async () => {
    const loaded = await created('merge-blocks', [text('a', 'One'), text('b', 'Two'), text('c', 'Three')])
    await maria.post('/api/page/save', {
      page: { ...loaded, contents: [text('c', 'Three'), text('a', 'One'), text('b', 'Two (Maria)'), text('m', 'New')] },
    })
    const saved = await json(
      lee.post('/api/page/save', {
        page: { ...loaded, contents: [text('a', 'One (Lee)'), text('l', 'Lee’s'), text('b', 'Two'), text('c', 'Three')] },
      }),
    )
    expect(saved.contents.map((b: Json) => b.text)).toEqual(['Three', 'One (Lee)', 'Lee’s', 'Two (Maria)', 'New'])

    const removed = await lee.post('/api/page/save', {
      page: { ...saved, version: saved.version, contents: saved.contents.filter((b: Json) => b._key !== 'b') },
    })
    expect(removed.status).toBe(200)
    const again = await json(lee.get('/api/page/load?slug=merge-blocks'))
    await maria.post('/api/page/save', {
      page: { ...again, contents: again.contents.map((b: Json) => (b._key === 'm' ? { ...b, text: 'New (Maria)' } : b)) },
    })
    const refused = await lee.post('/api/page/save', { page: { ...again, contents: again.contents.filter((b: Json) => b._key !== 'm') } })
    expect(refused.status).toBe(409)
    expect((await json(refused)).error.details.conflicts).toMatchObject([
      { id: '["contents","#m"]', kind: 'removed', theirs: { text: 'New (Maria)' } },
    ])
  })

  it('matches the blocks of a page stored without keys (the demo, an API client) by their place when it was loaded', async () => {
    const loaded = await created('merge-keyless', [text(undefined, 'One'), text(undefined, 'Two')])
    expect(loaded.contents.every((b: Json) => b._key === undefined)).toBe(true)
    // Each editor keys the blocks as the browser does (withBlockKeys) and changes a different one.
    const keyed = (contents: Json[]) => contents.map((b, i) => ({ ...b, _key: `@contents.${i}` }))
    await maria.post('/api/page/save', { page: { ...loaded, contents: keyed([text(undefined, 'One (Maria)'), text(undefined, 'Two')]) } })
    const saved = await json(
      lee.post('/api/page/save', { page: { ...loaded, contents: keyed([text(undefined, 'One'), text(undefined, 'Two (Lee)')]) } }),
    )
    expect(saved.contents.map((b: Json) => b.text)).toEqual(['One (Maria)', 'Two (Lee)'])
  })

  it('publishes the merged page, and says so', async () => {
    const loaded = await created('merge-publish')
    await maria.post('/api/page/save', { page: { ...loaded, header: { ...loaded.header, title: 'Maria' } } })
    const res = await lee.post('/api/page/publishPage', { page: { ...loaded, header: { ...loaded.header, description: 'Lee' } } })
    expect(res.status).toBe(200)
    const published = await json(res)
    expect(published).toMatchObject({ published: true, header: { title: 'Maria', description: 'Lee' }, merge: { by: ['maria'] } })
    expect((await t.services.pages.loadPublished('main', 'pages', 'merge-publish'))?.header).toMatchObject({
      title: 'Maria',
      description: 'Lee',
    })
  })

  it('a version not on record (newer than the stored one) is refused as before, and force still overwrites', async () => {
    const loaded = await created('merge-unknown')
    const res = await lee.post('/api/page/save', { page: { ...loaded, version: 7, header: { title: 'Future' } } })
    expect(res.status).toBe(409)
    expect((await json(res)).error.details.conflicts).toBeUndefined()
    const forced = await lee.post('/api/page/save', { page: { ...loaded, version: 7, header: { title: 'Forced' } }, force: true })
    expect((await json(forced)).header.title).toBe('Forced')
  })

  it('two saves of the same version racing: both land, merged', async () => {
    const loaded = await created('merge-race')
    const [a, b] = await Promise.all([
      t.services.pages.save('main', 'pages', { ...loaded, header: { ...loaded.header, title: 'A' } } as never, SYSTEM),
      t.services.pages.save('main', 'pages', { ...loaded, header: { ...loaded.header, description: 'B' } } as never, SYSTEM),
    ])
    expect([a.version, b.version].sort()).toEqual([2, 3])
    expect((await t.services.pages.loadDraft('main', 'pages', 'merge-race', SYSTEM))?.header).toMatchObject({
      title: 'A',
      description: 'B',
    })
  })
})

describe('navigation, footer and site settings', () => {
  it('a stale save sent with the document as loaded is merged; the same field asks; without it, 409 as before', async () => {
    const first = await json(
      maria.post('/api/site/saveFooter', {
        footer: { domainId: 'main', copy: '© Main', privacy: { text: 'Privacy', href: '/privacy', type: 'page' } },
      }),
    )
    const loaded = await json(lee.get('/api/site/loadFooter?domainId=main'))
    expect(loaded.version).toBe(first.version)
    await maria.post('/api/site/saveFooter', { footer: { ...loaded, copy: '© Maria' } })

    const merged = await lee.post('/api/site/saveFooter', {
      footer: { ...loaded, terms: { text: 'Terms', href: '/terms', type: 'page' } },
      base: loaded,
    })
    expect(merged.status).toBe(200)
    const saved = await json(merged)
    expect(saved).toMatchObject({ copy: '© Maria', terms: { text: 'Terms' }, merge: { by: ['maria'] } })

    const blind = await lee.post('/api/site/saveFooter', { footer: { ...loaded, copy: '© Lee' } })
    expect(blind.status).toBe(409)
    const asked = await lee.post('/api/site/saveFooter', { footer: { ...loaded, copy: '© Lee' }, base: loaded })
    expect(asked.status).toBe(409)
    expect((await json(asked)).error.details.conflicts).toMatchObject([{ id: '["copy"]', mine: '© Lee', theirs: '© Maria' }])
    const settled = await json(
      lee.post('/api/site/saveFooter', { footer: { ...loaded, copy: '© Lee' }, base: loaded, resolutions: { '["copy"]': 'mine' } }),
    )
    expect(settled).toMatchObject({ copy: '© Lee', terms: { text: 'Terms' } })
  })
})
