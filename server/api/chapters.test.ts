import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

/** Stories over obj/story and chapters/*: per domain, editor-only writes, the story slug rules. */
let t: TestApp
let editor: Caller
let anonymous: Caller

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  await t.services.domains.upsert({ _id: 'other', name: 'Other', hostnames: ['other.localhost'], published: true })
  editor = await signIn(t, { username: 'story-editor', password: 'story-password' })
  anonymous = visitor(t)
})
afterAll(() => t?.close())

const createStory = async (story: Record<string, unknown>, as: Caller = editor) => as.post('/api/obj/story', story)
const del = (id: string, token?: string) =>
  t.app.request(`/api/obj/story/${id}`, {
    method: 'DELETE',
    headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })

describe('story slugs (spec 01 §5)', () => {
  it.each([
    ['//Barossa//Stories', 'barossa/stories'],
    ["Tom's (Big) Day!", 'toms-big-day'],
    ['a*b+c~d.e:f@g#h?i"j', 'abcdefghij'],
    ['  Harvest Time  ', 'harvest-time'],
  ])('%s becomes %s', async (slug, expected) => {
    const res = await createStory({ title: `Story ${slug}`, slug })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { slug: string }).slug).toBe(expected)
  })

  it('falls back to the story id when nothing is left', async () => {
    const res = await createStory({ title: 'Only symbols', slug: '/*.?' })
    const story = (await res.json()) as { _id: string; slug: string }
    expect(story.slug).toBe(story._id)
  })

  it('refuses a slug another story of the domain holds, with 409', async () => {
    await createStory({ title: 'First', slug: 'same-slug' })
    const res = await createStory({ title: 'Second', slug: 'Same-Slug' })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('conflict')
  })
})

describe('story lifecycle', () => {
  it('creates, lists, loads, saves, publishes and deletes a story', async () => {
    const created = (await (await createStory({ title: 'Vintage', slug: 'vintage', description: 'A year in the vines' })).json()) as {
      _id: string
      slug: string
      version: number
    }
    const list = (await (await editor.get('/api/obj/story')).json()) as { _id: string; title: string; slug: string }[]
    expect(list).toContainEqual(
      expect.objectContaining({ _id: created._id, title: 'Vintage', slug: 'vintage', description: 'A year in the vines' }),
    )
    const stories = (await (await anonymous.get('/api/chapters/loadStories')).json()) as { _id: string; title: string }[]
    expect(stories.map((s) => s.title)).toContain('Vintage')

    const saved = await editor.post('/api/chapters/saveStory', {
      story: { _id: created._id, version: created.version, title: 'Vintage Draft', upNext: { heading: 'Next up' } },
    })
    expect(saved.status).toBe(200)
    const { version } = (await saved.json()) as { version: number }
    // Visitors still read the published copy; the editor reads the draft.
    expect(((await (await anonymous.get(`/api/chapters/loadStory?storyId=${created._id}`)).json()) as { title: string }).title).toBe(
      'Vintage',
    )
    expect(((await (await editor.get(`/api/chapters/loadStory?storyId=${created._id}`)).json()) as { title: string }).title).toBe(
      'Vintage Draft',
    )
    expect((await editor.post('/api/chapters/publishStory', { story: { _id: created._id, version } })).status).toBe(200)
    const published = (await (await anonymous.get(`/api/chapters/loadStory?storyId=${created._id}`)).json()) as {
      title: string
      upNext: { heading: string }
    }
    expect(published.title).toBe('Vintage Draft')
    expect(published.upNext.heading).toBe('Next up')

    const res = await del(created._id, await editorToken())
    expect(res.status).toBe(200)
    expect((await anonymous.get(`/api/chapters/loadStory?storyId=${created._id}`)).status).toBe(404)
  })

  it('lists chapter pages with their story, and refuses to delete a story that still has chapters', async () => {
    const story = (await (await createStory({ title: 'Harvest', slug: 'harvest' })).json()) as { _id: string; slug: string }
    for (const title of ['Picking', 'Crushing']) {
      const res = await editor.post('/api/page/publishPage', {
        collection: 'chapters',
        page: {
          slug: `chapters/harvest/${title.toLowerCase()}`,
          template: 'chapter',
          pageType: 'chapters',
          story: { _id: story._id, slug: story.slug },
          header: { title },
        },
      })
      expect(res.status).toBe(200)
    }
    const loaded = (await (await anonymous.get(`/api/chapters/loadStory?storyId=${story._id}`)).json()) as {
      chapters: { title: string; slug: string }[]
    }
    expect(loaded.chapters.map((c) => [c.title, c.slug])).toEqual([
      ['Picking', 'chapters/harvest/picking'],
      ['Crushing', 'chapters/harvest/crushing'],
    ])
    const res = await del(story._id, await editorToken())
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'This story still has 2 chapter pages: delete them or associate them with another story first.',
    )
  })

  it("saves the story's header image and up-next teaser as drafts; visitors get them once published", async () => {
    const { _id, version } = (await (await createStory({ title: 'Teaser', slug: 'teaser' })).json()) as { _id: string; version: number }
    const upNext = {
      heading: 'Plan your visit',
      subtitle: 'Where to stay and eat',
      link: { text: 'Plan it', href: '/plan-your-visit', type: 'page' },
      image: { imageId: 'img-up', alt: '' },
    }
    const saved = await editor.post('/api/chapters/saveStory', {
      story: { _id, version, header: { image: { imageId: 'img-head', alt: '' } }, upNext },
    })
    expect(saved.status).toBe(200)
    const savedStory = (await saved.json()) as { version: number }
    expect(savedStory).toMatchObject({ header: { image: { imageId: 'img-head' } }, upNext: { ...upNext, inContainer: true } })
    // Not yet for visitors.
    const before = (await (await anonymous.get(`/api/chapters/loadStory?storyId=${_id}`)).json()) as {
      header: { image: { imageId: string } }
      upNext: { heading: string }
    }
    expect(before.header.image.imageId).toBe('')
    expect(before.upNext.heading).toBe('')
    // Publish with the editor's copy as sent (the Chapters panel sends the whole story again).
    expect(
      (
        await editor.post('/api/chapters/publishStory', {
          story: { _id, version: savedStory.version, title: 'Teaser', header: { image: { imageId: 'img-head', alt: '' } }, upNext },
        })
      ).status,
    ).toBe(200)
    const after = (await (await anonymous.get(`/api/chapters/loadStory?storyId=${_id}`)).json()) as {
      title: string
      header: { image: { imageId: string } }
      upNext: typeof upNext
    }
    expect(after.header.image.imageId).toBe('img-head')
    expect(after.upNext).toMatchObject(upNext)
  })

  it('refuses a bad up-next link or an over-long heading with 400 and the field, and keeps the draft', async () => {
    const { _id, version } = (await (await createStory({ title: 'Strict', slug: 'strict' })).json()) as { _id: string; version: number }
    for (const upNext of [{ link: { text: 'x', href: '/x', type: 'ftp' } }, { heading: 'h'.repeat(201) }]) {
      const res = await editor.post('/api/chapters/saveStory', { story: { _id, version, upNext } })
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: { code: string; message: string; details: { path: string }[] } }
      expect(body.error.code).toBe('invalid_input')
      expect(body.error.details.map((d) => d.path)).toContainEqual(expect.stringMatching(/^upNext\.(link\.type|heading)$/))
    }
    const draft = (await (await editor.get(`/api/chapters/loadStory?storyId=${_id}`)).json()) as {
      upNext: { heading: string; link: { type: string } }
    }
    expect(draft.upNext).toMatchObject({ heading: '', link: { type: 'page' } })
  })

  it('keeps stories per domain', async () => {
    const other = await signIn(t, { username: 'story-editor', password: 'story-password' }, 'other.localhost')
    await other.post('/api/obj/story', { title: 'Other domain story', slug: 'elsewhere' })
    const here = (await (await editor.get('/api/obj/story')).json()) as { title: string }[]
    expect(here.map((s) => s.title)).not.toContain('Other domain story')
    // The same slug is free in another domain.
    expect((await createStory({ title: 'Here too', slug: 'elsewhere' })).status).toBe(200)
  })
})

describe('access and bad input', () => {
  it('refuses visitors every write with 401', async () => {
    expect((await createStory({ title: 'x' }, anonymous)).status).toBe(401)
    expect((await anonymous.get('/api/obj/story')).status).toBe(401)
    expect((await del('anything')).status).toBe(401)
    expect((await anonymous.post('/api/chapters/saveStory', { story: { _id: 'x', title: 'y' } })).status).toBe(401)
    expect((await anonymous.post('/api/chapters/publishStory', { story: { _id: 'x' } })).status).toBe(401)
  })

  it('answers 400 for a bad story and 404 for a missing one', async () => {
    expect((await createStory({ title: 'x'.repeat(500) })).status).toBe(400)
    expect((await editor.post('/api/chapters/saveStory', { story: { _id: 'missing', title: 'y' } })).status).toBe(404)
    expect((await del('missing', await editorToken())).status).toBe(404)
    expect((await anonymous.get('/api/chapters/loadStory')).status).toBe(400)
  })
})

async function editorToken(): Promise<string> {
  const res = await visitor(t).post('/api/user/login', { username: 'story-editor', password: 'story-password' })
  return ((await res.json()) as { token: string }).token
}
