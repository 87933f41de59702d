import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocaleCode } from '#lib/locales'
import { startFakeDeepL, type FakeDeepL } from '../../fakes/deepl/server.ts'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { createDeepLClient, deeplHost } from '../integrations/translation/deepl.ts'

/**
 * Machine translation suggestions (issue 33 point 6) through the API, against the local fake of
 * DeepL's API over real HTTP: the untranslated texts of a page are sent as DeepL documents them
 * (POST /v2/translate, DeepL-Auth-Key, source EN, target DE or ZH-HANS, rich text with
 * tag_handling=html) and answered as suggestions; a text with a translation is never suggested
 * over; nothing is saved or published; the provider's refusals and an unconfigured site answer 503
 * with what happened.
 */
let fake: FakeDeepL
let t: TestApp
let off: TestApp
let editor: Caller
let pageId: string
const LANGUAGES = { default: 'en-AU' as const, others: ['de', 'zh-Hans'] as LocaleCode[] }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = Record<string, any>
const json = async (res: Response | Promise<Response>): Promise<Json> => (await res).json() as Promise<Json>

beforeAll(async () => {
  fake = await startFakeDeepL()
  t = await createTestApp({ env: { DEEPL_API_KEY: fake.apiKey, DEEPL_API_URL: fake.url } })
  off = await createTestApp()
  for (const app of [t, off])
    await app.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true, languages: LANGUAGES })
  editor = await signIn(t, { username: 'petra', password: 'petra-password', roles: ['publisher'] })
  const page = await json(
    editor.post('/api/page/publishPage', {
      page: {
        slug: 'visit',
        template: 'generic',
        header: { title: 'Plan your visit', description: 'Everything you need' },
        contents: [
          { componentType: 'SectionHeading', _key: 'b-heading', title: 'Getting here', subtitle: '' },
          { componentType: 'RichText', _key: 'b-rich', html: '<p>An hour from <strong>Adelaide</strong>.</p>' },
        ],
      },
    }),
  )
  pageId = page._id
  // A person's German title: never suggested over.
  expect(
    (await editor.post('/api/translation/save', { kind: 'page', id: pageId, locale: 'de', fields: { 'header.title': 'Ihr Besuch' } }))
      .status,
  ).toBe(200)
})
afterAll(async () => {
  await t?.close()
  await off?.close()
  await fake?.close()
})

describe('suggest a translation', () => {
  it("suggests the page's untranslated texts from DeepL, never over a person's translation, and saves nothing", async () => {
    fake.requests.length = 0
    const res = await editor.post('/api/translation/suggest', { kind: 'page', id: pageId, locale: 'de' })
    expect(res.status).toBe(200)
    const answer = await json(res)
    expect(answer.provider).toBe('deepl')
    expect(answer.suggestions).toEqual({
      'header.description': '[DE] Everything you need',
      'b-heading/title': '[DE] Getting here',
      // Rich text keeps its markup: sent with tag_handling=html.
      'b-rich/html': '<p>[DE] An hour from <strong>[DE] Adelaide</strong>[DE] .</p>',
    })
    expect(answer.skipped).toEqual(expect.arrayContaining(['header.title']))
    expect(answer.suggestions).not.toHaveProperty('header.title')

    // As DeepL's documentation has it: the key in the Authorization header, EN into DE, plain and HTML apart.
    expect(fake.requests).toHaveLength(2)
    for (const request of fake.requests) {
      expect(request.authorization).toBe(`DeepL-Auth-Key ${fake.apiKey}`)
      expect(request).toMatchObject({ source_lang: 'EN', target_lang: 'DE' })
    }
    expect(fake.requests[0]).not.toHaveProperty('tag_handling')
    expect(fake.requests[1]).toMatchObject({ tag_handling: 'html', text: ['<p>An hour from <strong>Adelaide</strong>.</p>'] })

    // Nothing was stored: the German draft holds the person's title only, and is unpublished.
    const german = await json(editor.get(`/api/translation/load?kind=page&id=${pageId}&locale=de`))
    expect(german).toMatchObject({ version: 1, published: null, fields: { 'header.title': 'Ihr Besuch' } })
    expect(Object.keys(german.fields)).toEqual(['header.title'])
  })

  it('suggests the named fields only, into Simplified Chinese as ZH-HANS', async () => {
    fake.requests.length = 0
    const answer = await json(
      editor.post('/api/translation/suggest', { kind: 'page', id: pageId, locale: 'zh-Hans', fields: ['b-heading/title', 'nope/title'] }),
    )
    expect(answer.suggestions).toEqual({ 'b-heading/title': '[ZH-HANS] Getting here' })
    expect(answer.skipped).toEqual(['nope/title'])
    expect(fake.requests).toEqual([expect.objectContaining({ target_lang: 'ZH-HANS', text: ['Getting here'] })])
  })

  it('the tag names and navigation are suggested the same way', async () => {
    await editor.post('/api/listing/publishTags', { tags: { WINERY: 'Wineries' } })
    const answer = await json(editor.post('/api/translation/suggest', { kind: 'tags', locale: 'de' }))
    expect(answer.suggestions).toEqual({ WINERY: '[DE] Wineries' })
  })

  it("answers 503 with the provider's reason when DeepL refuses (quota used up), and when none is configured", async () => {
    fake.state.quotaExceeded = true
    try {
      const res = await editor.post('/api/translation/suggest', { kind: 'page', id: pageId, locale: 'de' })
      expect(res.status).toBe(503)
      expect((await json(res)).error.message).toBe(
        "Machine translation failed: the account's translation quota is used up (Quota exceeded)",
      )
    } finally {
      fake.state.quotaExceeded = false
    }
    const offEditor = await signIn(off, { username: 'olga', password: 'olga-password', roles: ['publisher'] })
    const res = await offEditor.post('/api/translation/suggest', { kind: 'nav', locale: 'de' })
    expect(res.status).toBe(503)
    expect((await json(res)).error.message).toMatch(/^Machine translation is not configured on this site/)
  })

  it('refuses visitors, and a language the site does not offer', async () => {
    expect((await visitor(t).post('/api/translation/suggest', { kind: 'page', id: pageId, locale: 'de' })).status).toBe(401)
    expect((await editor.post('/api/translation/suggest', { kind: 'page', id: pageId, locale: 'ja' })).status).toBe(400)
  })
})

describe('the DeepL client', () => {
  it('sends at most 50 texts a request, in order, and the Free or Pro host its key names', async () => {
    fake.requests.length = 0
    const client = createDeepLClient({ apiKey: fake.apiKey, apiUrl: fake.url })
    const texts = Array.from({ length: 120 }, (_, i) => ({ text: `Text ${i}`, html: false }))
    const out = await client.translate(texts, 'en-AU', 'ja')
    expect(out).toEqual(texts.map((_, i) => `[JA] Text ${i}`))
    expect(fake.requests.map((r) => r.text.length)).toEqual([50, 50, 20])
    expect(deeplHost('abc:fx')).toBe('https://api-free.deepl.com')
    expect(deeplHost('abc')).toBe('https://api.deepl.com')
  })

  it('a refused key is a clear failure', async () => {
    const client = createDeepLClient({ apiKey: 'wrong', apiUrl: fake.url })
    await expect(client.translate([{ text: 'Hello', html: false }], 'en-AU', 'de')).rejects.toThrow(
      'Machine translation failed: the key was refused (check DEEPL_API_KEY) (Authorization failure, check auth_key)',
    )
  })
})
