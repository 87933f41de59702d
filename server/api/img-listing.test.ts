import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPhotoKey, listingPhotoUrl } from '#lib/image-url'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { publishProviderListing } from '../../tests/helpers/listings.ts'
import { isBlockedAddress } from '../integrations/public-fetch.ts'
import { createImageService, ProviderPhotoError } from '../services/images.ts'

/**
 * Issue 16 point 4: listing photos go through the image pipeline. The server finds the provider's
 * address in the stored listing (never in the request), fetches it once from the provider (here a
 * real local HTTP server that counts what it is asked), keeps the original in the image cache and
 * answers resized WebP/AVIF variants with immutable caching; a provider that fails answers 502/504
 * in the API's error shape.
 */

let t: TestApp
let provider: http.Server
let base: string
/** Requests the stand-in provider received, by path. */
const hits = new Map<string, number>()
let photo: Buffer
/** A port nothing listens on. */
let closedPort: number
/** Where the provider's /redirect-inside.jpg sends the client. */
let redirectTarget = 'http://127.0.0.1:9/'

const hitsOf = (p: string) => hits.get(p) ?? 0
const visit = (url: string, accept = 'image/avif,image/webp,*/*') => t.app.request(url, { headers: { host: 'localhost', accept } })
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error

async function addListing(id: string, photos: string[], publish = true) {
  await publishProviderListing(
    t,
    'main',
    id,
    `Listing ${id}`,
    {
      productCategoryId: 'ATTRACTION',
      description: 'A cellar door',
      status: 'ACTIVE',
      multimedia: photos.map((serverPath) => ({
        serverPath,
        attributeIdMultimediaContent: 'IMAGE',
        width: 1200,
        height: 675,
        altText: `Photo of ${id}`,
      })),
    },
    { published: publish },
  )
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#7a2a3a' } })
    .jpeg({ quality: 90 })
    .toBuffer()
  provider = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname
    hits.set(p, hitsOf(p) + 1)
    if (p.startsWith('/photos/') || p.startsWith('/atdw-demo/images/')) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length })
      res.end(photo)
    } else if (p === '/slow.jpg') {
      // Headers, then nothing: a provider that hangs.
      res.writeHead(200, { 'content-type': 'image/jpeg' })
      res.write(photo.subarray(0, 100))
    } else if (p === '/redirect-inside.jpg') {
      res.writeHead(302, { location: redirectTarget })
      res.end()
    } else if (p === '/broken.jpg') {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('internal error')
    } else if (p === '/not-an-image.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' })
      res.end('<html>surprise</html>')
    } else {
      res.writeHead(404)
      res.end('secret stuff')
    }
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
  // ATDW_API_URL: a relative photo address (the demo's) is fetched from the provider's host.
  t = await createTestApp({ env: { ATDW_API_URL: base, ATDW_API_KEY: 'test' } })
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })

  // A closed port: nothing listens there.
  const closed = http.createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  closedPort = (closed.address() as AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))

  await addListing('cellar', [`${base}/photos/cellar.jpg`, `${base}/photos/barrels.jpg`, '/atdw-demo/images/lookout/7.jpeg'])
  await addListing('failing', [`${base}/broken.jpg`, `${base}/not-an-image.jpg`, `http://127.0.0.1:${closedPort}/gone.jpg`])
  await addListing('draft', [`${base}/photos/draft.jpg`], false)
  await addListing('slow', [`${base}/slow.jpg`])
})

afterAll(async () => {
  await t?.close()
  provider?.closeAllConnections()
  await new Promise<void>((resolve) => provider?.close(() => resolve()))
})

describe('a stored listing photo', () => {
  it('is served resized in WebP and AVIF by Accept, with long immutable caching', async () => {
    const address = `${base}/photos/cellar.jpg`
    const webp = await visit(listingPhotoUrl('cellar', address, { w: 360, h: 360 }), 'image/webp,*/*')
    expect(webp.status).toBe(200)
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(webp.headers.get('vary')).toBe('Accept')
    const bytes = Buffer.from(await webp.arrayBuffer())
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 360, height: 360 })
    expect(bytes.length).toBeLessThan(photo.length)

    const avif = await visit(listingPhotoUrl('cellar', address, { w: 700, h: 700, f: 'avif' }))
    expect(avif.status).toBe(200)
    expect(avif.headers.get('content-type')).toBe('image/avif')
    // Never enlarged: the 700x700 box shrinks to fit the 1200x675 original.
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ width: 675, height: 675 })

    const jpeg = await visit(listingPhotoUrl('cellar', address, { w: 480 }), 'image/jpeg')
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg')
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ width: 480, height: 270 })
  })

  it('is fetched from the provider once: later requests, new sizes included, come from the cache', async () => {
    const address = `${base}/photos/barrels.jpg`
    const url = listingPhotoUrl('cellar', address, { w: 540, h: 540 })
    const first = await visit(url)
    expect(first.status).toBe(200)
    expect(hitsOf('/photos/barrels.jpg')).toBe(1)
    const etag = first.headers.get('etag')

    const second = await visit(url)
    expect(second.status).toBe(200)
    expect(second.headers.get('etag')).toBe(etag)
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true)
    // Another size is rendered from the kept original.
    expect((await visit(listingPhotoUrl('cellar', address, { w: 960 }))).status).toBe(200)
    // A browser revalidating gets 304.
    const revalidated = await t.app.request(url, {
      headers: { host: 'localhost', accept: 'image/avif,image/webp,*/*', 'if-none-match': etag! },
    })
    expect(revalidated.status).toBe(304)
    expect(hitsOf('/photos/barrels.jpg')).toBe(1)

    // The original sits in the image cache (under the cache limit like every variant).
    const providerDir = path.join(t.config.imageCacheDir, '_provider')
    const folders = await fs.readdir(providerDir)
    const kept = await Promise.all(folders.map((f) => fs.readFile(path.join(providerDir, f, 'source.json'), 'utf8').catch(() => '')))
    expect(kept.some((json) => json.includes('/photos/barrels.jpg'))).toBe(true)
  })

  it("fetches a relative address (the demo's) from the provider's host", async () => {
    const res = await visit(listingPhotoUrl('cellar', '/atdw-demo/images/lookout/7.jpeg', { w: 320, h: 320 }))
    expect(res.status).toBe(200)
    expect(hitsOf('/atdw-demo/images/lookout/7.jpeg')).toBe(1)
  })
})

describe('what cannot be asked for', () => {
  it('answers 404 in the error shape for an unknown key or listing', async () => {
    for (const url of [
      '/img/listing/cellar/zzzz',
      `/img/listing/nosuchlisting/${listingPhotoKey(`${base}/photos/cellar.jpg`)}`,
      // The key of another listing's photo does not work through this listing.
      listingPhotoUrl('cellar', `${base}/broken.jpg`),
      '/img/listing/cellar/..%2F..%2Fetc',
    ]) {
      const res = await visit(url)
      expect(res.status, url).toBe(404)
      expect((await errorOf(res)).code, url).toBe('not_found')
    }
  })

  it('never fetches an address the client gives', async () => {
    const before = [...hits.values()].reduce((a, b) => a + b, 0)
    const secret = `${base}/secret`
    for (const url of [
      listingPhotoUrl('cellar', secret),
      `/img/listing/cellar/${encodeURIComponent(secret)}`,
      `/img/listing/cellar/${listingPhotoKey(`${base}/photos/cellar.jpg`)}x?url=${encodeURIComponent(secret)}`,
      `/img/listing/${encodeURIComponent(secret)}/${listingPhotoKey(secret)}`,
    ]) {
      expect((await visit(url)).status, url).toBe(404)
    }
    expect(hitsOf('/secret')).toBe(0)
    expect([...hits.values()].reduce((a, b) => a + b, 0)).toBe(before)
  })

  it("keeps an unpublished listing's photos from visitors", async () => {
    const res = await visit(listingPhotoUrl('draft', `${base}/photos/draft.jpg`, { w: 320 }))
    expect(res.status).toBe(404)
    expect(hitsOf('/photos/draft.jpg')).toBe(0)
  })

  it('refuses visitors variants the site does not use (crops, q)', async () => {
    const address = `${base}/photos/cellar.jpg`
    expect((await visit(`${listingPhotoUrl('cellar', address, { w: 320 })}&q=5`)).status).toBe(403)
    expect((await visit(`${listingPhotoUrl('cellar', address, { w: 320, h: 320 })}&cx=1&cy=1&cw=50&ch=50`)).status).toBe(403)
  })
})

describe('a provider that fails', () => {
  it('answers 502 in the error shape, not 500, and is not cached', async () => {
    for (const address of [`${base}/broken.jpg`, `${base}/not-an-image.jpg`]) {
      const res = await visit(listingPhotoUrl('failing', address, { w: 320 }))
      expect(res.status, address).toBe(502)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const error = await errorOf(res)
      expect(error.code).toBe('provider_unavailable')
      expect(error.message).toMatch(/provider/)
    }
    // Asked again, the provider is asked again (a failure is not kept).
    await visit(listingPhotoUrl('failing', `${base}/broken.jpg`, { w: 320 }))
    expect(hitsOf('/broken.jpg')).toBe(2)
  })

  it('answers 502 when the provider cannot be reached', async () => {
    // A service that allows that (loopback) host explicitly, as a configured provider's is.
    const images = createImageService(t.database.db, t.services.storage, {
      cacheDir: t.config.imageCacheDir,
      providerPhotos: { allowedHosts: [`127.0.0.1:${closedPort}`] },
    })
    const err = await images
      .renderListingPhoto('failing', listingPhotoKey(`http://127.0.0.1:${closedPort}/gone.jpg`), { w: 320 }, 'image/webp')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderPhotoError)
    expect((err as ProviderPhotoError).status).toBe(502)
    expect((err as ProviderPhotoError).message).toBe('The tourism provider could not be reached for this photo')
  })

  it('never fetches a private, loopback or link-local address other than the configured provider (SSRF guard)', async () => {
    // Another server on this machine, reachable but not the provider: it must never be asked.
    let asked = 0
    const inside = http.createServer((_req, res) => {
      asked++
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
    })
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve))
    const insideBase = `http://127.0.0.1:${(inside.address() as AddressInfo).port}`
    redirectTarget = `${insideBase}/photos/inside.jpg`
    try {
      const addresses = [
        `${insideBase}/photos/inside.jpg`,
        `http://localhost:${(inside.address() as AddressInfo).port}/photos/inside.jpg`,
        'http://169.254.169.254/latest/meta-data/photo.jpg',
        'http://10.0.0.7/photo.jpg',
        'http://[::1]:9/photo.jpg',
        // The provider itself redirecting to an inside address.
        `${base}/redirect-inside.jpg`,
      ]
      await addListing('ssrf', addresses)
      for (const address of addresses) {
        const res = await visit(listingPhotoUrl('ssrf', address, { w: 320 }))
        expect(res.status, address).toBe(502)
        expect((await errorOf(res)).code, address).toBe('provider_unavailable')
      }
      expect(asked).toBe(0)
      expect(hitsOf('/redirect-inside.jpg')).toBe(1)
      // The configured provider's own loopback host is still fetched (the demo's fake provider).
      expect((await visit(listingPhotoUrl('cellar', `${base}/photos/cellar.jpg`, { w: 320 }))).status).toBe(200)
    } finally {
      inside.closeAllConnections()
      await new Promise<void>((resolve) => inside.close(() => resolve()))
    }
  })

  it('tells private addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isBlockedAddress(a), a).toBe(true)
    for (const a of ['203.0.113.9', '8.8.8.8', '2606:4700::1111']) expect(isBlockedAddress(a), a).toBe(false)
  })

  it('is not fooled by a name that answers public, then private (DNS rebinding)', async () => {
    let asked = 0
    const inside = http.createServer((_req, res) => {
      asked++
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
    })
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve))
    const port = (inside.address() as AddressInfo).port
    // The name's first answer is public (where a check made before fetch would look), every later one this machine.
    let lookups = 0
    const images = createImageService(t.database.db, t.services.storage, {
      cacheDir: t.config.imageCacheDir,
      providerPhotos: {
        timeoutMs: 2000,
        resolve: async () => (++lookups === 1 ? [{ address: '203.0.113.10', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
      },
    })
    await addListing(
      'rebind',
      [0, 1].map((round) => `http://rebind.example:${port}/photo-${round}.jpg`),
    )
    try {
      for (let round = 0; round < 2; round++) {
        const err = await images
          .renderListingPhoto('rebind', listingPhotoKey(`http://rebind.example:${port}/photo-${round}.jpg`), { w: 320 }, 'image/webp')
          .catch((e: unknown) => e)
        expect(err).toBeInstanceOf(ProviderPhotoError)
        expect((err as ProviderPhotoError).status).toBeGreaterThanOrEqual(502)
      }
      // One lookup per connection, and the socket went where that lookup said: never inside.
      expect(lookups).toBe(2)
      expect(asked).toBe(0)
    } finally {
      inside.closeAllConnections()
      await new Promise<void>((resolve) => inside.close(() => resolve()))
    }
  })

  it('answers 504 when the provider does not send the photo in time', async () => {
    // The same service with a short time limit (the server's is 15 s), on the same database and cache.
    const images = createImageService(t.database.db, t.services.storage, {
      cacheDir: t.config.imageCacheDir,
      providerPhotos: { timeoutMs: 300, relativeBase: base },
    })
    const started = Date.now()
    const err = await images
      .renderListingPhoto('slow', listingPhotoKey(`${base}/slow.jpg`), { w: 320 }, 'image/webp')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProviderPhotoError)
    expect((err as ProviderPhotoError).status).toBe(504)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
