import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { createLocalStorage } from '../integrations/storage/index.ts'
import { AppError } from './errors.ts'
import { createImageService, imagesMissingAlt, type ImageService } from './images.ts'

let database: Database
let dir: string
let images: ImageService

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#981A31' } })
    .png()
    .toBuffer()

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

beforeAll(async () => {
  // The migrated template (tests/helpers/db.ts), not a migration per file.
  database = await createTestDatabase()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'images-service-'))
  images = createImageService(database.db, createLocalStorage(path.join(dir, 'media')), { cacheDir: path.join(dir, 'cache') })
})

afterAll(async () => {
  await database.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('image service: save', () => {
  it('stores the original and records its size and type', async () => {
    const bytes = await png(300, 200)
    const saved = await images.save({ bytes, filename: 'red.png', alt: 'Red', id: 'red-square' })
    expect(saved).toMatchObject({
      _id: 'red-square',
      filename: 'red.png',
      contentType: 'image/png',
      width: 300,
      height: 200,
      bytes: bytes.length,
      alt: 'Red',
    })
    expect(await images.get('red-square')).toEqual(saved)
    expect(await fs.readFile(path.join(dir, 'media', 'originals', 'red-square.png'))).toEqual(bytes)
  })

  it('gives a random id when none is chosen and refuses a taken one', async () => {
    const saved = await images.save({ bytes: await png(10, 10), filename: 'a.png' })
    expect(saved._id).toMatch(/^[0-9a-f-]{36}$/)
    expect((await errorOf(images.save({ bytes: await png(10, 10), filename: 'a.png', id: saved._id }))).kind).toBe('conflict')
  })

  it('rejects a file that is not an image', async () => {
    const err = await errorOf(images.save({ bytes: Buffer.from('<html>not an image</html>'), filename: 'x.jpg' }))
    expect(err.kind).toBe('invalid_input')
    expect(err.message).toMatch(/not a supported image/)
  })

  it('rejects an image format outside the list (TIFF)', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer()
    expect((await errorOf(images.save({ bytes: tiff, filename: 'x.tiff' }))).kind).toBe('invalid_input')
  })

  it('rejects a damaged file', async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer()
    const err = await errorOf(images.save({ bytes: jpeg.subarray(0, jpeg.length / 2), filename: 'cut.jpg' }))
    expect(err.kind).toBe('invalid_input')
  })

  it('rejects a file over 20 MB as too_large before decoding it', async () => {
    const err = await errorOf(images.save({ bytes: Buffer.alloc(20 * 1024 * 1024 + 1), filename: 'huge.jpg' }))
    expect(err.kind).toBe('too_large')
    expect(err.message).toMatch(/20 MB/)
  })

  it('rejects an image over the pixel limit as too_large', async () => {
    const small = createImageService(database.db, createLocalStorage(path.join(dir, 'media')), {
      cacheDir: path.join(dir, 'cache'),
      limits: { maxPixels: 10_000 },
    })
    const err = await errorOf(small.save({ bytes: await png(200, 200), filename: 'big.png' }))
    expect(err.kind).toBe('too_large')
    expect(err.message).toMatch(/megapixels/)
  })
})

describe('image service: render', () => {
  it('does no sharp work for a cached variant', async () => {
    await images.save({ bytes: await png(400, 300), filename: 'c.png', id: 'cache-me' })
    const first = await images.render('cache-me', { w: 120, f: 'webp' })
    expect(first?.rendered).toBe(true)
    // The original is gone, so a second answer can only come from the disk cache.
    await fs.rm(path.join(dir, 'media', 'originals', 'cache-me.png'))
    const second = await images.render('cache-me', { w: 120, f: 'webp' })
    expect(second?.rendered).toBe(false)
    expect(second?.bytes.equals(first?.bytes ?? Buffer.alloc(0))).toBe(true)
    expect(second?.etag).toBe(first?.etag)
  })

  it('shares one variant between equivalent requests', async () => {
    await images.save({ bytes: await png(400, 300), filename: 'd.png', id: 'dedupe' })
    const a = await images.render('dedupe', { w: 200, s: 2, f: 'jpg' })
    const b = await images.render('dedupe', { w: 9000, f: 'jpg', q: 70 })
    expect(b?.etag).toBe(a?.etag)
    expect(b?.rendered).toBe(false)
  })

  it('answers null for an unknown or malformed id', async () => {
    expect(await images.render('nope', {})).toBeNull()
    expect(await images.render('../../etc/passwd', {})).toBeNull()
  })

  it('removes an image with its variants', async () => {
    await images.save({ bytes: await png(40, 30), filename: 'r.png', id: 'remove-me' })
    await images.render('remove-me', { w: 20 })
    expect(await images.remove('remove-me')).toBe(true)
    expect(await images.get('remove-me')).toBeNull()
    await expect(fs.stat(path.join(dir, 'cache', 'remove-me'))).rejects.toThrow()
  })
})

describe('imagesMissingAlt', () => {
  it('finds every described-less picture in the header and the contents, at any depth', () => {
    const page = {
      header: { image: { imageId: 'a', alt: '' }, video: { poster: { imageId: 'b', alt: 'Poster' } } },
      contents: [
        { componentType: 'Image', imageId: 'c', alt: ' ' },
        { componentType: 'SplitContent', left: [{ componentType: 'Card', image: { imageId: 'd', alt: '' } }], right: [] },
        { componentType: 'Image', imageId: 'e', alt: '', decorative: true },
        { componentType: 'Contact', image: { imageId: 'f', alt: '', show: false } },
        { componentType: 'Image', imageId: '', alt: '' },
      ],
      og: { image: { imageId: 'outside', alt: '' } },
    }
    expect(imagesMissingAlt(page).map((m) => m.path)).toEqual(['header.image.alt', 'contents.0.alt', 'contents.1.left.0.image.alt'])
  })

  it('finds nothing on a page without pictures', () => {
    expect(imagesMissingAlt({})).toEqual([])
    expect(imagesMissingAlt({ header: { title: 'x' }, contents: [] })).toEqual([])
  })
})
