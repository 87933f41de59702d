import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { createLogger } from '../log.ts'
import { createServices, type Services } from '../services/index.ts'

let database: Database
let dir: string
let services: Services
let app: ReturnType<typeof createApp>['app']
let original: Buffer

const RED = '#ff0000'
const BLUE = '#0000ff'

/** 400x300: the top-left 200x150 quadrant red, the rest blue, so crops can be checked by colour. */
async function quadrantImage() {
  const red = await sharp({ create: { width: 200, height: 150, channels: 3, background: RED } })
    .png()
    .toBuffer()
  return sharp({ create: { width: 400, height: 300, channels: 3, background: BLUE } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer()
}

let editorToken = ''
/** As a signed-in editor, who gets exactly the variant asked for (visitors: img-visitor.test.ts). */
const get = (query: string, headers: Record<string, string> = {}) =>
  app.request(`/img/${query}`, { headers: { authorization: `Bearer ${editorToken}`, ...headers } })

async function decoded(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer())
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const pixel = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels
    return [data[i], data[i + 1], data[i + 2]]
  }
  return { bytes, info, pixel, meta: await sharp(bytes).metadata() }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'img-api-'))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' })
  // The migrated template (tests/helpers/db.ts), not a migration per file.
  database = await createTestDatabase()
  services = createServices(database, config)
  app = createApp({ services, config, log: createLogger('silent') }).app
  await services.users.create({ username: 'img-editor', email: 'img-editor@example.com', password: 'img-editor-pass' })
  editorToken = (await services.auth.login('img-editor', 'img-editor-pass', { ip: 'test' })).token
  original = await quadrantImage()
  await services.images.save({ bytes: original, filename: 'quadrants.png', id: 'quadrants' })
  const alpha = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer()
  await services.images.save({ bytes: alpha, filename: 'alpha.png', id: 'alpha' })
  const wide = await sharp({ create: { width: 5000, height: 100, channels: 3, background: BLUE } })
    .jpeg()
    .toBuffer()
  await services.images.save({ bytes: wide, filename: 'wide.jpg', id: 'wide' })
})

afterAll(async () => {
  await database.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('GET /img/:id', () => {
  it('answers with immutable cache headers, Vary: Accept and an ETag', async () => {
    const res = await get('quadrants?w=100&f=jpg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('vary')).toBe('Accept')
    const etag = res.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get('quadrants?w=100&f=jpg', { 'if-none-match': etag ?? '' })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
  })

  it('resizes keeping the aspect ratio and never enlarges', async () => {
    expect((await decoded(await get('quadrants?w=200&f=png'))).info).toMatchObject({ width: 200, height: 150 })
    expect((await decoded(await get('quadrants?h=60&f=png'))).info).toMatchObject({ width: 80, height: 60 })
    expect((await decoded(await get('quadrants?w=1000&f=png'))).info).toMatchObject({ width: 400, height: 300 })
    expect((await decoded(await get('quadrants?w=100&h=100&f=png'))).info).toMatchObject({ width: 100, height: 100 })
    // A box larger than the source shrinks to fit it, keeping the box's shape.
    expect((await decoded(await get('quadrants?w=800&h=800&f=png'))).info).toMatchObject({ width: 300, height: 300 })
  })

  it('applies the scale multiplier s to w and h', async () => {
    expect((await decoded(await get('quadrants?w=100&s=2&f=png'))).info).toMatchObject({ width: 200, height: 150 })
  })

  it('clamps sizes to 3840', async () => {
    expect((await decoded(await get('wide?f=jpg'))).info).toMatchObject({ width: 3840, height: 77 })
    expect((await decoded(await get('wide?w=4500&f=jpg'))).info.width).toBe(3840)
  })

  it('crops in source pixels before resizing', async () => {
    const { info, pixel } = await decoded(await get('quadrants?cx=0&cy=0&cw=200&ch=150&w=100&f=png'))
    expect(info).toMatchObject({ width: 100, height: 75 })
    // Only the red quadrant survives: every corner is red.
    for (const [x, y] of [
      [0, 0],
      [99, 0],
      [0, 74],
      [99, 74],
    ] as const)
      expect(pixel(x, y)).toEqual([255, 0, 0])
    const blue = await decoded(await get('quadrants?cx=200&cy=150&cw=200&ch=150&f=png'))
    expect(blue.pixel(0, 0)).toEqual([0, 0, 255])
  })

  it('clamps a crop that runs past the edges', async () => {
    expect((await decoded(await get('quadrants?cx=300&cy=200&cw=500&ch=500&f=png'))).info).toMatchObject({ width: 100, height: 100 })
    expect((await decoded(await get('quadrants?cx=-50&cy=-50&cw=150&ch=150&f=png'))).info).toMatchObject({ width: 100, height: 100 })
  })

  it('refuses a crop outside the image or with parts missing', async () => {
    for (const query of ['cx=500&cy=0&cw=10&ch=10', 'cx=0&cy=0&cw=10']) {
      const res = await get(`quadrants?${query}`)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('invalid_input')
      expect(body.error.message).toMatch(/crop/i)
    }
  })

  it('picks the format from Accept: WebP, else JPEG; AVIF when asked for with f=avif', async () => {
    const cases = [
      ['image/avif,image/webp,image/apng,*/*;q=0.8', 'image/webp', 'webp'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/webp;q=0,image/avif', 'image/jpeg', 'jpeg'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const
    for (const [accept, contentType, format] of cases) {
      const res = await get('quadrants?w=50', { accept })
      expect(res.headers.get('content-type')).toBe(contentType)
      expect((await decoded(res)).meta.format).toBe(format)
    }
    const noAccept = await get('quadrants?w=50')
    expect(noAccept.headers.get('content-type')).toBe('image/jpeg')
    const avif = await get('quadrants?w=50&f=avif', { accept: 'image/avif,image/webp' })
    expect(avif.headers.get('content-type')).toBe('image/avif')
    expect((await decoded(avif)).meta.format).toBe('heif')
    // An explicit f wins over Accept.
    expect((await get('quadrants?w=50&f=png', { accept: 'image/avif' })).headers.get('content-type')).toBe('image/png')
  })

  it('f=orig answers the stored file untouched', async () => {
    const res = await get('quadrants?f=orig', { accept: 'image/avif,image/webp' })
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true)
    // With a transform, orig keeps the format but re-encodes.
    const resized = await decoded(await get('quadrants?f=orig&w=40'))
    expect(resized.meta.format).toBe('png')
    expect(resized.info.width).toBe(40)
  })

  it('keeps the alpha channel only with t', async () => {
    expect((await decoded(await get('alpha?t=1', { accept: 'image/webp' }))).meta).toMatchObject({ format: 'webp', hasAlpha: true })
    expect((await decoded(await get('alpha?t=1'))).meta).toMatchObject({ format: 'png', hasAlpha: true })
    expect((await decoded(await get('alpha?f=png'))).meta.hasAlpha).toBe(false)
    expect((await get('alpha?t=1&f=jpg')).status).toBe(400)
  })

  it('blurs with b', async () => {
    const { pixel } = await decoded(await get('quadrants?b=20&f=png'))
    // At the quadrant border the colours mix.
    const [r, , b] = pixel(199, 149)
    expect(r).toBeGreaterThan(0)
    expect(b).toBeGreaterThan(0)
  })

  it('refuses bad parameters with 400 and the error shape', async () => {
    for (const query of ['w=abc', 'w=0', 'h=-5', 's=4', 'f=bmp', 'q=0', 'q=101', 'q=50.5', 'b=0.1', 'b=101', 't=maybe']) {
      const res = await get(`quadrants?${query}`)
      expect(res.status, query).toBe(400)
      const body = (await res.json()) as { error: { code: string; message: string; details: { path: string }[] } }
      expect(body.error.code).toBe('invalid_input')
      expect(body.error.details[0]?.path).toBe(query.split('=')[0])
    }
  })

  it('keeps the focal point (fx, fy) in view when w and h change the aspect', async () => {
    // 4:1 out of 4:3: the kept band is 400x100; at the top it is half red, at the bottom all blue.
    const top = await decoded(await get('quadrants?w=400&h=100&fx=0.5&fy=0&f=png'))
    expect(top.info).toMatchObject({ width: 400, height: 100 })
    expect(top.pixel(10, 50)).toEqual([255, 0, 0])
    expect(top.pixel(390, 50)).toEqual([0, 0, 255])
    const bottom = await decoded(await get('quadrants?w=400&h=100&fx=0.5&fy=1&f=png'))
    expect(bottom.pixel(10, 50)).toEqual([0, 0, 255])
    // Square from the left edge: 300x300 from x=0, so the left third is red at the top.
    const left = await decoded(await get('quadrants?w=300&h=300&fx=0&fy=0.5&f=png'))
    expect(left.pixel(10, 10)).toEqual([255, 0, 0])
    expect(left.pixel(250, 10)).toEqual([0, 0, 255])
  })

  it('ignores the focal point when the aspect does not change, and refuses one outside 0..1', async () => {
    const plain = await get('quadrants?w=200&h=150&f=png')
    const focal = await get('quadrants?w=200&h=150&fx=0.9&fy=0.1&f=png')
    expect(focal.headers.get('etag')).toBe(plain.headers.get('etag'))
    for (const query of ['fx=1.5', 'fy=-0.1', 'fx=abc']) expect((await get(`quadrants?w=10&h=20&${query}`)).status, query).toBe(400)
  })

  it('applies the quality q to lossy formats (default 70)', async () => {
    const noisy = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
    })
      .png()
      .toBuffer()
    await services.images.save({ bytes: noisy, filename: 'noise.png', id: 'noise' })
    const size = async (q: string) => (await (await get(`noise?f=jpg${q}`)).arrayBuffer()).byteLength
    const [low, normal, high] = [await size('&q=10'), await size(''), await size('&q=95')]
    expect(low).toBeLessThan(normal)
    expect(normal).toBeLessThan(high)
    expect(await size('&q=70')).toBe(normal)
  })

  it('ignores w=auto', async () => {
    expect((await decoded(await get('quadrants?w=auto&f=png'))).info.width).toBe(400)
  })

  it('answers 404 in the error shape for an unknown id', async () => {
    for (const id of ['no-such-image', 'bad%20id']) {
      const res = await get(id)
      expect(res.status).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
    expect((await get('no-such-image', { 'if-none-match': '"x"' })).status).toBe(404)
  })

  it('renders a variant once: the second request reads the cache file', async () => {
    const first = await get('quadrants?w=123&q=55&f=webp')
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const cacheFolder = path.join(dir, 'cache', 'img', 'quadrants')
    const files = await fs.readdir(cacheFolder)
    const cached = files.find((f) => f === `${first.headers.get('etag')?.replaceAll('"', '')}.webp`)
    expect(cached).toBeDefined()
    expect((await fs.readFile(path.join(cacheFolder, cached ?? ''))).equals(firstBytes)).toBe(true)

    const started = performance.now()
    const second = await get('quadrants?w=123&q=55&f=webp')
    const ms = performance.now() - started
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(ms).toBeLessThan(200)
  })
})
