import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createElement, Fragment } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSizes } from '#blocks/image-sizes'
import { imageUrl } from '#lib/image-url'
// The test checks that the addresses the visitor's <Img> writes are served: it renders the app's component.
// eslint-disable-next-line no-restricted-imports
import { Img, type ImageLike } from '#ui/Img'
import { signIn, type Caller } from '../../tests/helpers/api-client.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { createLocalStorage } from '../integrations/storage/local.ts'
import { createImageService, WIDTH_LADDER } from '../services/images.ts'

/**
 * Issue 14 point 10: visitors cannot fill the disk with image variants. They get the sizes of the
 * width ladder (and box shapes of the aspect grid), no q or b, and only the crops and focal points
 * the published site uses; every address the site itself writes keeps working; and the cache limit
 * holds as variants are written.
 */
let t: TestApp
let admin: Caller
let token: string

const crop = { desktop: { x: 100, y: 50, width: 1080, height: 600 }, mobile: { x: 300, y: 100, width: 450, height: 250 } }
const focal = { x: 0.2, y: 0.7 }

/** As a visitor: no session, a browser's Accept. */
const visit = (url: string) => t.app.request(url, { headers: { host: 'localhost', accept: 'image/webp,*/*' } })
const asEditor = (url: string) =>
  t.app.request(url, { headers: { host: 'localhost', accept: 'image/webp,*/*', authorization: `Bearer ${token}` } })
const sizeOf = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata()
const cacheFiles = async (id: string) =>
  (await fs.readdir(path.join(t.config.imageCacheDir, id)).catch(() => [] as string[])).filter((f) => !f.endsWith('.tmp'))

async function picture(id: string) {
  const bytes = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer()
  await t.services.images.save({ bytes, filename: `${id}.png`, id })
}

async function publish(slug: string, contents: unknown[], header: Record<string, unknown> = {}) {
  const page = await (
    await admin.post('/api/page/save', { page: { slug, template: 'generic', header: { title: slug, ...header }, contents } })
  ).json()
  const res = await admin.post('/api/page/publishPage', { page })
  expect(res.status, await res.clone().text()).toBe(200)
}

beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  admin = await signIn(t, { username: 'img-admin', password: 'img-admin-pass', roles: ['admin'] })
  token = (await t.services.auth.login('img-admin', 'img-admin-pass', { ip: 'test' })).token
  for (const id of ['ladder', 'cropped', 'focused', 'plain']) await picture(id)
  await publish(
    'pictures',
    [
      { componentType: 'Image', imageId: 'cropped', alt: 'Cropped', crop },
      { componentType: 'Image', imageId: 'focused', alt: 'Focused', focal },
    ],
    { image: { imageId: 'plain', alt: 'Plain' } },
  )
})
afterAll(() => t?.close())

describe('sizes visitors get', () => {
  it('answers 60 distinct widths from two ladder steps: two variants rendered and stored, not 60', async () => {
    const widths = new Set<number>()
    const etags = new Set<string>()
    for (let w = 300; w < 360; w++) {
      const res = await visit(`/img/ladder?w=${w}`)
      expect(res.status).toBe(200)
      etags.add(res.headers.get('etag') ?? '')
      widths.add((await sizeOf(res)).width!)
    }
    expect([...widths].sort()).toEqual([320, 360])
    expect(etags.size).toBe(2)
    expect(await cacheFiles('ladder')).toHaveLength(2)
  })

  it('keeps the shape of the box the site asks for, on the aspect grid', async () => {
    // The card box 333x500 is answered at the next ladder step, 360, in the same 2:3 shape.
    expect(await sizeOf(await visit('/img/ladder?w=333&h=500'))).toMatchObject({ width: 360, height: 540 })
    // Any height between grid shapes lands on the nearest one: a handful of heights, one variant each.
    const etags = new Set<string>()
    for (let h = 500; h < 530; h++) etags.add((await visit(`/img/ladder?w=333&h=${h}`)).headers.get('etag') ?? '')
    expect(etags.size).toBeLessThanOrEqual(4)
    expect(WIDTH_LADDER).toContain(1080)
  })

  it('gives editors exactly what they ask for', async () => {
    expect(await sizeOf(await asEditor('/img/ladder?w=333&h=500'))).toMatchObject({ width: 333, height: 500 })
  })
})

describe('parameters the site does not use', () => {
  it('refuses q and b to visitors with 403, and renders them for editors', async () => {
    for (const query of ['w=320&q=42', 'w=320&b=3']) {
      const res = await visit(`/img/ladder?${query}`)
      expect(res.status, query).toBe(403)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden')
      expect((await asEditor(`/img/ladder?${query}`)).status, query).toBe(200)
    }
  })

  it('refuses crops and focal points no published content gives the image, until one does', async () => {
    const unpublished = '/img/focused?w=450&h=250&cx=10&cy=20&cw=900&ch=500'
    expect((await visit(unpublished)).status).toBe(403)
    expect((await visit('/img/focused?w=450&h=250&fx=0.9&fy=0.1')).status).toBe(403)
    expect((await visit('/img/plain?w=450&h=250&cx=10&cy=20&cw=900&ch=500')).status).toBe(403)
    // Published a moment later, the same address works for visitors.
    await publish('more-pictures', [
      { componentType: 'Image', imageId: 'focused', alt: 'Now cropped', crop: { desktop: { x: 10, y: 20, width: 900, height: 500 } } },
    ])
    expect((await visit(unpublished)).status).toBe(200)
  })
})

describe('addresses the site itself writes', () => {
  it('all answer visitors', async () => {
    const refs: ImageLike[] = [
      { imageId: 'cropped', alt: 'x', crop },
      { imageId: 'focused', alt: 'x', focal },
      { imageId: 'plain', alt: 'x' },
    ]
    const html = refs
      .map((image) =>
        renderToStaticMarkup(
          createElement(
            Fragment,
            null,
            createElement(Img, {
              image,
              width: imageSizes.imageBlock.mobile.width,
              height: imageSizes.imageBlock.mobile.height,
              cropKey: 'mobile',
              sources: [{ media: '(min-width: 640px)', ...imageSizes.imageBlock.desktop, cropKey: 'desktop' }],
            }),
            createElement(Img, { image, width: imageSizes.carousel.width, height: imageSizes.carousel.height, sizes: '100vw' }),
            createElement(Img, { image, width: imageSizes.card.width, height: imageSizes.card.height }),
            createElement(Img, { image, width: imageSizes.featureTile.width, height: imageSizes.featureTile.height }),
            createElement(Img, { image, width: imageSizes.featureCard.width, height: imageSizes.featureCard.height }),
            createElement(Img, {
              image,
              width: 640,
              height: 1000,
              cropKey: 'mobile',
              sources: [{ media: '(min-width: 768px)', width: 1920, height: 1080, cropKey: 'desktop' }],
            }),
            createElement(Img, { image, width: 160, height: 'auto' }),
            createElement('img', { src: imageUrl(image.imageId, { w: 1200, h: 630, f: 'jpg' }), alt: '' }),
            createElement('img', { src: `/img/${image.imageId}?w=1000&h=760`, alt: '' }),
          ),
        ),
      )
      .join('')
    const urls = new Set<string>()
    for (const [, attr] of html.matchAll(/(?:src|srcSet)="([^"]+)"/g)) {
      for (const candidate of attr!.split(',')) urls.add(candidate.trim().split(' ')[0]!.replaceAll('&amp;', '&'))
    }
    expect(urls.size).toBeGreaterThan(40)
    const failed: string[] = []
    for (const url of urls) {
      const res = await visit(url)
      if (res.status !== 200) failed.push(`${url} -> ${res.status}`)
    }
    expect(failed).toEqual([])
  })
})

describe('the cache limit', () => {
  it('holds as variants are written, not only when the hourly pruning runs', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'img-budget-'))
    try {
      const maxCacheBytes = 40_000
      const images = createImageService(t.database.db, createLocalStorage(path.join(dir, 'media')), {
        cacheDir: path.join(dir, 'cache'),
        maxCacheBytes,
      })
      const noisy = await sharp({
        create: { width: 400, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
      })
        .png()
        .toBuffer()
      await images.save({ bytes: noisy, filename: 'noise.png', id: 'budget-noise' })
      const folderBytes = async () => {
        const folder = path.join(dir, 'cache', 'budget-noise')
        const files = await fs.readdir(folder)
        const sizes = await Promise.all(files.map(async (f) => (await fs.stat(path.join(folder, f))).size))
        return sizes.reduce((a, b) => a + b, 0)
      }
      let written = 0
      for (let w = 100; w < 130; w++) {
        const rendered = await images.render('budget-noise', { w, f: 'jpg', q: 90 })
        written += rendered!.bytes.length
        expect(await folderBytes()).toBeLessThanOrEqual(maxCacheBytes)
      }
      // Far more than the limit was rendered; the newest variant is still there.
      expect(written).toBeGreaterThan(3 * maxCacheBytes)
      expect((await images.render('budget-noise', { w: 129, f: 'jpg', q: 90 }))!.rendered).toBe(false)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})
