import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'd1', name: 'D1', hostnames: ['localhost'], published: true })
  await t.services.siteDocuments.save('nav', 'd1', { siteName: 'Published name', items: [] })
  await t.services.siteDocuments.publish('nav', 'd1')
  await t.services.siteDocuments.save('nav', 'd1', { siteName: 'Draft name', items: [] }, { baseVersion: 1 })
})
afterAll(() => t?.close())

describe('siteDocuments.loadAll', () => {
  it('answers navigation, footer and settings of a domain together, the chosen copy of each', async () => {
    const published = await t.services.siteDocuments.loadAll('d1', 'published')
    expect(published.nav.doc.siteName).toBe('Published name')
    expect(published.footer.doc).toMatchObject({ domainId: 'd1', copy: '', linkGroups: [] })
    expect(published.siteSettings.doc).toMatchObject({ _id: 'siteSettings', redirects: [] })
    const draft = await t.services.siteDocuments.loadAll('d1', 'draft')
    expect(draft.nav.doc.siteName).toBe('Draft name')
    expect(draft.nav.version).toBe(2)
  })
})
