import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { CONTENT_CHANNEL } from '../app.ts'
import { SYSTEM } from './access.ts'
import { decodeChange } from './events.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'd1', name: 'D1', hostnames: ['localhost'], published: true })
})
afterAll(() => t?.close())

describe('page service', () => {
  it('lower-cases and normalises the slug it stores', async () => {
    const page = await t.services.pages.save(
      'd1',
      'pages',
      { slug: '/Wine Tours!', template: 'generic', header: { title: 'Wine tours' }, contents: [] },
      SYSTEM,
    )
    expect(page.slug).toBe('wine-tours')
    expect(page.version).toBe(1)
    expect(await t.services.pages.loadDraft('d1', 'pages', 'WINE-TOURS', SYSTEM)).toMatchObject({ _id: page._id })
  })

  it('refuses a stale save that changes what was saved since, naming who, and keeps the newer work', async () => {
    const page = await t.services.pages.save(
      'd1',
      'pages',
      { slug: 'shared', template: 'generic', header: { title: 'v1' }, contents: [] },
      SYSTEM,
    )
    const ann = { _id: 'u-ann', username: 'ann', email: 'ann@example.com', roles: [] }
    const first = await t.services.pages.save('d1', 'pages', { ...page, header: { title: 'Editor A' } }, { user: ann })
    expect(first.version).toBe(2)
    await expect(t.services.pages.save('d1', 'pages', { ...page, header: { title: 'Editor B' } }, SYSTEM)).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('ann'),
    })
    expect((await t.services.pages.loadDraft('d1', 'pages', 'shared', SYSTEM))?.header.title).toBe('Editor A')
  })

  it('publishes a copy that later drafts do not change, and tells other instances', async () => {
    const heard: string[] = []
    const listener = await t.services.database.listen(CONTENT_CHANNEL, (payload) => heard.push(payload))
    const page = await t.services.pages.save(
      'd1',
      'pages',
      { slug: 'news', template: 'generic', header: { title: 'Published' }, contents: [] },
      SYSTEM,
    )
    const published = await t.services.pages.publish('d1', 'pages', page._id, SYSTEM)
    expect(published.published).toBe(true)
    expect(published.lastPublished).not.toBeNull()
    await t.services.pages.save('d1', 'pages', { ...published, header: { title: 'Later draft' } }, SYSTEM)
    expect((await t.services.pages.loadPublished('d1', 'pages', 'news'))?.header.title).toBe('Published')
    // The services turn the publish event into a NOTIFY naming the domain and the page.
    await expect.poll(() => heard.map((payload) => decodeChange(payload).domainId)).toContain('d1')
    expect(JSON.stringify(heard.map((payload) => decodeChange(payload).change))).toContain(page._id)
    await listener.stop()
  })

  it('keeps the same slug apart in different domains', async () => {
    await t.services.domains.upsert({ _id: 'd2', name: 'D2', hostnames: ['d2.example'], published: true })
    await t.services.pages.save('d1', 'pages', { slug: 'about', template: 'generic', header: { title: 'About D1' }, contents: [] }, SYSTEM)
    await t.services.pages.save('d2', 'pages', { slug: 'about', template: 'generic', header: { title: 'About D2' }, contents: [] }, SYSTEM)
    expect((await t.services.pages.loadDraft('d2', 'pages', 'about', SYSTEM))?.header.title).toBe('About D2')
  })
})
