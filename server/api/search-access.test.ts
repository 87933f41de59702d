import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { correctionQuery } from '../services/search.ts'

/**
 * Public search (issue 14 points 3 and 9): it answers only what the caller may read, and its
 * "did you mean" path is one parameterised, indexed lookup in the search_terms vocabulary instead
 * of a ts_stat scan of the whole index per term built by string concatenation.
 */
let t: TestApp
let admin: Caller
let member: Caller
let editor: Caller
let anon: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>
const slugsOf = (answer: Json) => (answer.results as { slug: string }[]).map((r) => r.slug)
const search = (caller: Caller, q: string) => json(caller.get(`/api/search/query?q=${encodeURIComponent(q)}`))

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'root', password: 'root-password', roles: ['admin'] })
  member = await signIn(t, { username: 'member', password: 'member-password', roles: ['members'] })
  editor = await signIn(t, { username: 'editor', password: 'editor-password' })
  anon = visitor(t)
})
afterAll(() => t?.close())

async function publish(slug: string, title: string, text: string) {
  const res = await admin.post('/api/page/publishPage', {
    page: { slug, template: 'generic', header: { title }, contents: [{ componentType: 'RichText', html: `<p>${text}</p>` }] },
  })
  expect(res.status).toBe(200)
  return json(res)
}

describe('search answers only what the caller may read', () => {
  it('hides a page with viewer roles from visitors and editors without the role, at once', async () => {
    const page = await publish('cellar-door-secrets', 'Cellar door secrets', 'The members-only tasting of the oldest shiraz.')
    expect(slugsOf(await search(anon, 'shiraz'))).toContain('cellar-door-secrets')

    expect((await admin.post('/api/roles/applyToPage', { page: { _id: page._id }, roles: { viewerRoles: ['members'] } })).status).toBe(200)
    for (const caller of [anon, editor]) {
      const answer = await search(caller, 'shiraz')
      expect(answer.total).toBe(0)
      expect(JSON.stringify(answer)).not.toContain('Cellar door secrets')
    }
    // The service without an actor is a visitor too.
    expect((await t.services.search.search('main', 'shiraz')).total).toBe(0)
    expect(slugsOf(await search(member, 'shiraz'))).toEqual(['cellar-door-secrets'])
    expect(slugsOf(await search(admin, 'shiraz'))).toEqual(['cellar-door-secrets'])

    // Republishing keeps it hidden; lifting the roles shows it again.
    const draft = await json(admin.get('/api/page/load?slug=cellar-door-secrets'))
    await admin.post('/api/page/publishPage', { page: draft })
    expect((await search(anon, 'shiraz')).total).toBe(0)
    await admin.post('/api/roles/applyToPage', { page: { _id: page._id }, roles: { viewerRoles: [] } })
    expect(slugsOf(await search(anon, 'shiraz'))).toEqual(['cellar-door-secrets'])
  })

  it('never offers a visitor a word only a restricted page holds as "did you mean"', async () => {
    const page = await publish('winemaker-notes', 'Winemaker notes', 'Notes on the grenache from Moppa.')
    await admin.post('/api/roles/applyToPage', { page: { _id: page._id }, roles: { viewerRoles: ['members'] } })
    const answer = await search(anon, 'moppah')
    expect(answer).toMatchObject({ total: 0, correctedQuery: null, results: [] })
  })
})

describe('did you mean', () => {
  it('corrects to a real word of the published pages, not a stem, and forgets the words of an unpublished page', async () => {
    const page = await publish('balloon-sunrise', 'Balloon flights', 'Drift over the vineyards at sunrise in a balloon.')
    const answer = await search(anon, 'sunrse')
    expect(answer.correctedQuery).toBe('sunrise')
    expect(slugsOf(answer)).toEqual(['balloon-sunrise'])

    await admin.post('/api/page/unpublishPage', { _id: page._id })
    expect(await search(anon, 'sunrse')).toMatchObject({ total: 0, correctedQuery: null })
  })

  it('works for a domain whose id holds a quote (the SQL is parameterised)', async () => {
    await t.services.domains.upsert({ _id: "o'brien", name: "O'Brien", hostnames: ['obrien.example'], published: true })
    const res = await admin.post('/api/page/publishPage', {
      page: {
        slug: 'gardens',
        domainId: "o'brien",
        template: 'generic',
        header: { title: 'Gardens' },
        contents: [{ componentType: 'RichText', html: '<p>Camellias in bloom.</p>' }],
      },
    })
    expect(res.status).toBe(200)
    const answer = await json(visitor(t, 'obrien.example').get('/api/search/query?q=camelias'))
    expect(answer).toMatchObject({ correctedQuery: 'camellias', total: 1 })
  })

  it('is one statement with the domain and the terms as parameters, never in the SQL text', () => {
    const query = new PgDialect().sqlToQuery(correctionQuery("x' or '1'='1", ['vinyard', 'tours']))
    expect(query.sql).not.toContain("x'")
    expect(query.sql).not.toContain('vinyard')
    expect(query.sql).not.toMatch(/ts_stat/i)
    expect(query.params).toEqual(expect.arrayContaining(["x' or '1'='1", JSON.stringify(['vinyard', 'tours'])]))
  })

  it('looks words up through the trigram index on search_terms, not by scanning the index', async () => {
    const plan = await t.services.database.db.transaction(async (tx) => {
      // Tiny test tables would be scanned anyway: ask which index the planner can use.
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = await tx.execute(sql`explain ${correctionQuery('main', ['vinyard'])}`)
      return ((result as unknown as { rows: Record<string, string>[] }).rows ?? []).map((r) => Object.values(r)[0]).join('\n')
    })
    expect(plan).toContain('search_terms_word_trgm')
    expect(plan).not.toMatch(/search_index/)
  })
})
