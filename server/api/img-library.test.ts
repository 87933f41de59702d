/**
 * The media library and the upload checks as an editor's browser meets them (through the API, on
 * the real database), and the alt-text rule of publishing.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, signInToken, visitor, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'

let t: TestApp
let token: string
let ann: Caller

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
const json = async <T = Record<string, any>>(res: Response | Promise<Response>): Promise<T> => (await res).json() as Promise<T>

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  token = await signInToken(t, { username: 'ann', password: 'ann-password' })
  ann = await signIn(t, { username: 'ann', password: 'ann-password' })
})
afterAll(() => t?.close())

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', background = '#981A31') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer()

function upload(bytes: Buffer | string, name: string, type: string, alt = '') {
  const form = new FormData()
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name)
  form.append('alt', alt)
  return t.app.request('/img/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
}

describe('upload checks', () => {
  it("takes the type from the file's bytes, not its name or declared type, and keeps the original", async () => {
    const png = await picture(120, 80, 'png')
    const res = await upload(png, 'holiday.jpg', 'image/jpeg')
    expect(res.status).toBe(200)
    const saved = await json(res)
    expect(saved).toMatchObject({ filename: 'holiday.jpg', contentType: 'image/png', width: 120, height: 80, bytes: png.length })
    const original = await t.app.request(`/img/${saved._id}?f=orig`)
    expect(original.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true)
  })

  it('refuses text dressed up as a PNG, and an SVG, with 415 and a clear message', async () => {
    for (const [bytes, name, type] of [
      ['<?php echo 1; ?>', 'shell.png', 'image/png'],
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>', 'logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await upload(bytes, name, type)
      expect(res.status).toBe(415)
      expect((await json(res)).error).toEqual({
        code: 'unsupported_media_type',
        message: 'The file is not a supported image: upload a JPEG, PNG, WebP, AVIF or GIF',
      })
    }
  })

  it('refuses a damaged image with 400 and a file over the limit with 413, storing nothing', async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer()
    const damaged = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg')
    expect(damaged.status).toBe(400)
    expect((await json(damaged)).error).toMatchObject({ code: 'invalid_input', message: 'The image file is damaged or incomplete' })

    const before = (await json(ann.get('/api/image/list'))).total
    const huge = await upload(Buffer.alloc(21 * 1024 * 1024, 1), 'huge.jpg', 'image/jpeg')
    expect(huge.status).toBe(413)
    expect((await json(huge)).error).toMatchObject({ code: 'too_large', message: 'The file is larger than 20 MB' })
    expect((await json(ann.get('/api/image/list'))).total).toBe(before)
  })
})

describe('media library', () => {
  const ids: string[] = []
  beforeAll(async () => {
    const files = [
      ['Vines at dawn.JPG', 'Rows of vines in the morning mist', 400, 300],
      ['cellar-door.png', 'A stone cellar door', 200, 200],
      ['100%_shiraz.webp', '', 640, 360],
    ] as const
    for (const [name, alt, w, h] of files) {
      const res = await upload(await picture(w, h, name.endsWith('webp') ? 'webp' : 'png'), name, 'application/octet-stream', alt)
      ids.push((await json(res))._id)
      await new Promise((r) => setTimeout(r, 5)) // distinct upload times
    }
  })

  it('is for editors only', async () => {
    const res = await visitor(t).get('/api/image/list')
    expect(res.status).toBe(401)
    expect((await json(res)).error.code).toBe('unauthorised')
  })

  it('lists images newest first with their original name, size and alt, a page at a time', async () => {
    const first = await json(ann.get('/api/image/list?pageSize=2'))
    expect(first.total).toBeGreaterThanOrEqual(3)
    expect(first).toMatchObject({ page: 1, pageSize: 2, pages: Math.ceil(first.total / 2) })
    expect(first.items.map((i: { _id: string }) => i._id)).toEqual([ids[2], ids[1]])
    expect(first.items[0]).toMatchObject({ filename: '100%_shiraz.webp', contentType: 'image/webp', width: 640, height: 360, alt: '' })
    const second = await json(ann.get('/api/image/list?pageSize=2&page=2'))
    expect(second.items[0]._id).toBe(ids[0])
    expect(Date.parse(first.items[1].createdAt)).toBeGreaterThanOrEqual(Date.parse(second.items[0].createdAt))
  })

  it('filters by file name or alt text, in any case, with % and _ taken literally', async () => {
    const names = async (q: string) =>
      (await json(ann.get(`/api/image/list?q=${encodeURIComponent(q)}`))).items.map((i: { filename: string }) => i.filename)
    expect(await names('VINES')).toEqual(['Vines at dawn.JPG'])
    expect(await names('stone cellar')).toEqual(['cellar-door.png'])
    expect(await names('100%')).toEqual(['100%_shiraz.webp'])
    expect(await names('%')).toEqual(['100%_shiraz.webp'])
    expect(await names('nothing like this')).toEqual([])
  })

  it('refuses bad paging with 400', async () => {
    for (const query of ['page=0', 'pageSize=500', 'page=x']) {
      const res = await ann.get(`/api/image/list?${query}`)
      expect(res.status).toBe(400)
      expect((await json(res)).error.code).toBe('invalid_input')
    }
  })

  it('tells where an image is used, refuses to delete it with that list, and trashes an unused one (restorable)', async () => {
    const [used, unused] = [ids[0]!, ids[1]!]
    const saved = await json(
      ann.post('/api/page/save', {
        page: { slug: 'uses-vines', template: 'generic', header: { title: 'Vines', image: { imageId: used, alt: 'Vines' } } },
      }),
    )
    const use = { kind: 'page', id: saved._id, title: 'Vines', href: '/uses-vines', where: 'draft', places: ['header'] }
    expect(await json(ann.get(`/api/image/info?imageId=${used}`))).toMatchObject({ _id: used, width: 400, height: 300, uses: [use] })

    const refused = await ann.post('/api/image/delete', { imageId: used })
    expect(refused.status).toBe(409)
    const { error } = await json(refused)
    expect(error.code).toBe('conflict')
    expect(error.details.uses).toEqual([expect.objectContaining(use)])
    expect((await t.app.request(`/img/${used}?w=10`)).status).toBe(200)

    const trashed = await json(ann.post('/api/image/delete', { imageId: unused }))
    expect(trashed).toMatchObject({ deleted: true, image: { _id: unused, trashedAt: expect.any(String) } })
    // Gone for visitors and from the library; in the trash, from which it comes back.
    expect((await t.app.request(`/img/${unused}?w=64`)).status).toBe(404)
    const listed = async (query = '') =>
      (await json(ann.get(`/api/image/list?pageSize=200${query}`))).items.map((i: { _id: string }) => i._id)
    expect(await listed()).not.toContain(unused)
    expect(await listed('&trashed=true')).toEqual([unused])
    expect(await json(ann.post('/api/image/restore', { imageId: unused }))).toMatchObject({ _id: unused, trashedAt: null })
    expect(await listed()).toContain(unused)
    expect((await t.app.request(`/img/${unused}?w=64`)).status).toBe(200)
    expect((await ann.post('/api/image/delete', { imageId: 'no-such-image' })).status).toBe(404)
  })
})

describe('alt text before publishing', () => {
  let imageId: string
  beforeAll(async () => {
    imageId = (await json(upload(await picture(64, 64), 'alt-test.png', 'image/png')))._id
  })

  it('refuses a page whose pictures have no alt text, naming each one, and publishes nothing', async () => {
    const page = {
      slug: 'no-alt',
      template: 'generic',
      header: { title: 'No alt', image: { imageId, alt: '  ' } },
      contents: [
        { componentType: 'Image', imageId, alt: '' },
        { componentType: 'Image', imageId, alt: 'Described' },
        { componentType: 'Image', imageId: '', alt: '' },
      ],
    }
    const res = await ann.post('/api/page/publishPage', { page })
    expect(res.status).toBe(400)
    const { error } = await json(res)
    expect(error.code).toBe('invalid_input')
    expect(error.message).toBe('2 images have no alt text. Describe each one (or mark it decorative) before publishing.')
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(['header.image.alt', 'contents.0.alt'])
    expect((await visitor(t).get('/api/page/load?slug=no-alt')).status).toBe(404)
  })

  it('publishes once every picture is described or marked decorative', async () => {
    const page = {
      slug: 'with-alt',
      template: 'generic',
      header: { title: 'With alt', image: { imageId, alt: '', decorative: true } },
      contents: [{ componentType: 'Image', imageId, alt: 'A red square', focal: { x: 0.2, y: 0.8 } }],
    }
    const res = await ann.post('/api/page/publishPage', { page })
    expect(res.status).toBe(200)
    const loaded = await json(visitor(t).get('/api/page/load?slug=with-alt'))
    expect(loaded.header.image).toMatchObject({ imageId, decorative: true })
    expect(loaded.contents[0]).toMatchObject({ alt: 'A red square', focal: { x: 0.2, y: 0.8 } })
  })
})
