/**
 * The media library's service on the real database (PGlite here, PostgreSQL with TEST_DATABASE_URL)
 * and a local folder; the same against an S3-compatible server (moto_server, tests/helpers/services.ts).
 * Issue 36: facts kept with the file, duplicates, folders and tags, finding files, where used, the
 * trash, replace in place, and a store that cannot take a file.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts'
import { startS3Server } from '../../../tests/helpers/services.ts'
import { domains, images as imagesTable, listings, pages, siteDocuments, stories } from '../../db/schema.ts'
import { createLocalStorage, type Storage } from '../../integrations/storage/index.ts'
import { createS3Storage } from '../../integrations/storage/s3.ts'
import { AppError } from '../errors.ts'
import { ContentEventBus, type ContentChange } from '../events.ts'
import { createImageService, type ImageService } from '../images.ts'
import { createMediaLibrary, type MediaLibrary } from './library.ts'

const picture = (background: string, width = 400, height = 300, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer()

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

interface Setup {
  database: TestDatabase
  dir: string
  storage: Storage
  images: ImageService
  media: MediaLibrary
  events: ContentEventBus
  announced: { domainId: string | null; change: ContentChange | undefined }[]
}

async function setUp(storageOf: (dir: string) => Storage): Promise<Setup> {
  const database = await createTestDatabase()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-library-'))
  const storage = storageOf(dir)
  const events = new ContentEventBus()
  const announced: Setup['announced'] = []
  events.on('published', (domainId, change) => announced.push({ domainId, change }))
  const images = createImageService(database.db, storage, { cacheDir: path.join(dir, 'cache'), events })
  const media = createMediaLibrary(database.db, images)
  await database.db.insert(domains).values({ id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  return { database, dir, storage, images, media, events, announced }
}

async function tearDown(s: Setup | undefined) {
  await s?.database.close()
  if (s) await fs.rm(s.dir, { recursive: true, force: true })
}

/** A page whose header and an Image block show the picture (draft and published), with crops. */
async function placeOnPage(s: Setup, id: string, slug: string, imageId: string, crop = { x: 0, y: 0, width: 200, height: 150 }) {
  const doc = {
    slug,
    header: { title: `Page ${slug}`, image: { imageId, alt: 'A', crop: { desktop: crop } } },
    contents: [{ componentType: 'Image', _key: 'k1', imageId, alt: 'B', focal: { x: 0.3, y: 0.6 } }],
  }
  await s.database.db.insert(pages).values({
    id,
    domainId: 'main',
    collection: 'pages',
    slug,
    template: 'generic',
    draft: doc,
    publishedDoc: doc,
    published: true,
  })
}

describe.each([
  ['a local folder', (dir: string) => createLocalStorage(path.join(dir, 'media'))],
  // A second storage below (S3) repeats the storage-dependent cases.
])('the media library on %s', (_name, storageOf) => {
  let s: Setup
  beforeAll(async () => {
    s = await setUp(storageOf)
  })
  afterAll(() => tearDown(s))

  it('keeps the facts given with a file, and answers an exact duplicate with the file already there', async () => {
    const bytes = await picture('#981a31')
    const first = await s.images.save({ bytes, filename: 'hero.png', alt: 'Vines at dawn' })
    const again = await s.images.save({ bytes, filename: 'hero-copy.png' })
    expect(again).toMatchObject({ _id: first._id, filename: 'hero.png', duplicate: true })
    const updated = await s.media.update(first._id, {
      caption: 'The first light over the hills',
      credit: 'Jo Citizen',
      licence: 'CC BY 4.0',
      tags: ['Hero', 'vines', 'hero', '  '],
      focal: { x: 0.25, y: 0.75 },
    })
    expect(updated).toMatchObject({
      alt: 'Vines at dawn',
      caption: 'The first light over the hills',
      credit: 'Jo Citizen',
      licence: 'CC BY 4.0',
      tags: ['Hero', 'vines'],
      focal: { x: 0.25, y: 0.75 },
      version: 1,
      trashedAt: null,
    })
    const [rows] = await Promise.all([s.database.db.select().from(imagesTable)])
    expect(rows).toHaveLength(1)
  })

  it('sorts files into nested folders and tags, and finds them by name, alt, caption, credit and tag', async () => {
    const coast = await s.media.createFolder('Coast', null)
    const beaches = await s.media.createFolder('Beaches', coast._id)
    expect((await errorOf(s.media.createFolder('beaches', coast._id))).kind).toBe('conflict')
    const a = await s.images.save({ bytes: await picture('#114477'), filename: 'bay.png', folderId: beaches._id, tags: ['summer'] })
    const b = await s.images.save({ bytes: await picture('#117744', 100, 100, 'jpeg'), filename: 'cliffs.jpg' })
    await s.media.update(b._id, { credit: 'Sam Stone', alt: '' })
    const moved = await s.media.bulk([b._id, 'missing-file'], { action: 'move', folderId: coast._id })
    expect(moved.done).toEqual([b._id])
    expect(moved.refused).toEqual([{ imageId: 'missing-file', message: 'No image with id missing-file' }])
    await s.media.bulk([a._id, b._id], { action: 'tag', tags: ['Coast'] })

    const ids = async (query: Parameters<MediaLibrary['list']>[0]) =>
      (await s.media.list({ pageSize: 200, ...query })).items.map((i) => i._id)
    expect(await ids({ folder: beaches._id })).toEqual([a._id])
    expect(await ids({ folder: coast._id })).toEqual([b._id])
    expect(await ids({ tag: 'Coast', sort: 'name' })).toEqual([a._id, b._id])
    expect(await ids({ q: 'sam ston' })).toEqual([b._id])
    expect(await ids({ q: 'summer' })).toEqual([a._id])
    expect(await ids({ q: 'light over' })).toHaveLength(1)
    expect(await ids({ type: 'jpeg' })).toEqual([b._id])
    expect(await ids({ filter: 'missingAlt', folder: coast._id })).toEqual([b._id])
    expect(await ids({ filter: 'missingCredit', tag: 'Coast' })).toEqual([a._id])
    expect(await ids({ sort: 'largest', tag: 'Coast' })).toEqual([a._id, b._id])
    expect(await s.media.tags()).toEqual(
      expect.arrayContaining([
        { tag: 'Coast', count: 2 },
        { tag: 'summer', count: 1 },
      ]),
    )
    expect((await errorOf(s.media.deleteFolder(coast._id))).kind).toBe('conflict')
  })

  it('lists every page, block, story, listing override and setting that uses a file, and refuses to trash it', async () => {
    const file = await s.images.save({ bytes: await picture('#aa7700'), filename: 'used.png' })
    await placeOnPage(s, 'page-used', 'about/wine', file._id)
    await s.database.db.insert(stories).values({
      id: 'story-1',
      domainId: 'main',
      slug: 'harvest',
      draft: { title: 'Harvest', body: `<p><img src="/img/${file._id}?w=300"></p>` },
    })
    await s.database.db.insert(listings).values({
      id: 'listing-1',
      domainId: 'main',
      name: 'Cellar door',
      doc: { slug: 'listing/cellar-door', image: { value: { imageId: file._id, alt: 'Door' } } } as never,
    })
    await s.database.db
      .insert(siteDocuments)
      .values({ domainId: 'main', kind: 'footer', draft: { logo: { imageId: file._id, alt: 'Logo' } }, publishedDoc: null })

    const uses = await s.media.uses(file._id)
    expect(uses).toEqual([
      {
        kind: 'listing',
        id: 'listing-1',
        domainId: 'main',
        title: 'Cellar door',
        href: '/listing/cellar-door',
        where: 'draft',
        places: ['image.value'],
      },
      {
        kind: 'page',
        id: 'page-used',
        domainId: 'main',
        title: 'Page about/wine',
        href: '/about/wine',
        where: 'both',
        places: ['header', 'Image #k1'],
      },
      { kind: 'setting', id: 'footer', domainId: 'main', title: 'Footer', href: '/', where: 'draft', places: ['logo'] },
      { kind: 'story', id: 'story-1', domainId: 'main', title: 'Harvest', href: '/chapters/harvest', where: 'draft', places: ['body'] },
    ])
    const refused = await errorOf(s.media.trash(file._id))
    expect(refused.kind).toBe('conflict')
    expect(refused.details).toEqual({ uses })
    expect((await s.media.list({ filter: 'unused', pageSize: 200 })).items.map((i) => i._id)).not.toContain(file._id)
  })

  it('keeps an unused file in the trash for 30 days, restorable, then purges it with its stored bytes', async () => {
    const file = await s.images.save({ bytes: await picture('#335533'), filename: 'old.png' })
    expect((await s.media.list({ filter: 'unused', pageSize: 200 })).items.map((i) => i._id)).toContain(file._id)
    await s.media.trash(file._id)
    expect((await s.media.list({ trashed: true })).items.map((i) => i._id)).toEqual([file._id])
    expect(await s.images.render(file._id, { w: 64 }, null, 'visitor')).toBeNull()
    await s.media.restore(file._id)
    expect((await s.media.list({ trashed: true })).total).toBe(0)

    await s.media.trash(file._id)
    const [row] = await s.database.db.select().from(imagesTable).where(eq(imagesTable.id, file._id))
    expect((await s.media.purgeTrash(new Date(Date.now() + 29 * 86_400_000))).purged).toEqual([])
    expect((await s.media.purgeTrash(new Date(Date.now() + 31 * 86_400_000))).purged).toEqual([file._id])
    expect(await s.storage.get(row!.storageKey)).toBeNull()
    expect(await s.images.get(file._id)).toBeNull()
  })

  it('replaces a file in place: same id, new picture for every use, crops kept or flagged, caches told', async () => {
    const file = await s.images.save({ bytes: await picture('#ff0000', 400, 300), filename: 'red.png' })
    await placeOnPage(s, 'page-a', 'a', file._id, { x: 0, y: 0, width: 200, height: 150 })
    await placeOnPage(s, 'page-b', 'b', file._id, { x: 300, y: 200, width: 100, height: 100 })
    const before = await s.images.render(file._id, { w: 100 })

    // Same shape, twice the pixels: every crop is scaled and kept.
    s.announced.length = 0
    const same = await s.images.replace(file._id, await picture('#0000ff', 800, 600))
    expect(same!.image).toMatchObject({ _id: file._id, filename: 'red.png', width: 800, height: 600, version: 2 })
    expect(same!.flagged).toEqual([])
    const [a] = await s.database.db.select().from(pages).where(eq(pages.id, 'page-a'))
    const header = (a!.publishedDoc as { header: { image: Record<string, unknown> } }).header.image
    expect(header).toMatchObject({ imageId: file._id, v: 2, crop: { desktop: { x: 0, y: 0, width: 400, height: 300 } } })
    expect(s.announced).toEqual([{ domainId: 'main', change: { kind: 'pages', ids: expect.arrayContaining(['page-a', 'page-b']) } }])
    const after = await s.images.render(file._id, { w: 100 })
    expect(after!.etag).not.toBe(before!.etag)
    const { data } = await sharp(after!.bytes).raw().toBuffer({ resolveWithObject: true })
    expect(data[2]).toBeGreaterThan(250)
    expect(data[0]).toBeLessThan(5)

    // Another shape: a crop inside the new picture stays; one outside it is removed and flagged.
    const other = await s.images.replace(file._id, await picture('#00ff00', 700, 900))
    expect(other!.image.version).toBe(3)
    expect(other!.flagged).toEqual([{ kind: 'page', id: 'page-b', title: 'Page b', href: '/b', place: 'header', cropKey: 'desktop' }])
    const [b] = await s.database.db.select().from(pages).where(eq(pages.id, 'page-b'))
    const image = (b!.publishedDoc as { header: { image: Record<string, unknown> } }).header.image
    expect(image.crop).toBeUndefined()
    expect(image.v).toBe(3)
    const block = (b!.publishedDoc as { contents: Record<string, unknown>[] }).contents[0]
    expect(block).toMatchObject({ v: 3, focal: { x: 0.3, y: 0.6 } })
  })

  it('answers a duplicate of another file, or a damaged file, without changing the one being replaced', async () => {
    const one = await s.images.save({ bytes: await picture('#010203'), filename: 'one.png' })
    const two = await s.images.save({ bytes: await picture('#040506'), filename: 'two.png' })
    expect((await errorOf(s.images.replace(one._id, await picture('#040506')))).kind).toBe('conflict')
    expect((await errorOf(s.images.replace(one._id, Buffer.from('not a picture')))).kind).toBe('invalid_input')
    expect(await s.images.get(one._id)).toMatchObject({ version: 1, filename: 'one.png' })
    expect(two._id).not.toBe(one._id)
  })
})

describe('a store that cannot take the file', () => {
  let s: Setup
  let failing = false
  beforeAll(async () => {
    s = await setUp((dir) => {
      const local = createLocalStorage(path.join(dir, 'media'))
      return {
        ...local,
        kind: 'local',
        put: async (key, bytes, type) => {
          if (failing) throw new Error('connect ECONNREFUSED')
          await local.put(key, bytes, type)
        },
      }
    })
  })
  afterAll(() => tearDown(s))

  it('refuses an upload clearly (unavailable) and keeps nothing; a replace leaves the old picture whole', async () => {
    const kept = await s.images.save({ bytes: await picture('#123456'), filename: 'kept.png' })
    failing = true
    const refused = await errorOf(s.images.save({ bytes: await picture('#654321'), filename: 'lost.png' }))
    expect(refused.kind).toBe('unavailable')
    expect(refused.message).toMatch(/could not be stored/)
    expect((await s.media.list({})).items.map((i) => i.filename)).toEqual(['kept.png'])
    expect((await errorOf(s.images.replace(kept._id, await picture('#777777')))).kind).toBe('unavailable')
    failing = false
    expect(await s.images.get(kept._id)).toMatchObject({ version: 1, filename: 'kept.png' })
    expect((await s.images.render(kept._id, { w: 10 }))!.bytes.length).toBeGreaterThan(0)
  })
})

const hasMoto = !spawnSync('moto_server', ['--help']).error

describe.runIf(hasMoto)('the media library on an S3-compatible server', () => {
  let s: Setup
  let s3: Awaited<ReturnType<typeof startS3Server>>
  beforeAll(async () => {
    s3 = await startS3Server('media-library')
    s = await setUp(() =>
      createS3Storage({
        bucket: 'media-library',
        endpoint: s3.url,
        region: 'us-east-1',
        forcePathStyle: true,
        accessKeyId: s3.credentials.S3_ACCESS_KEY_ID,
        secretAccessKey: s3.credentials.S3_SECRET_ACCESS_KEY,
      }),
    )
  })
  afterAll(async () => {
    await tearDown(s)
    await s3?.stop()
  })

  it('stores, dedupes, replaces and purges on S3, and refuses an upload while S3 is down, keeping nothing', async () => {
    const file = await s.images.save({ bytes: await picture('#ff0000'), filename: 'red.png' })
    expect((await s.images.save({ bytes: await picture('#ff0000'), filename: 'again.png' }))._id).toBe(file._id)
    await placeOnPage(s, 'page-s3', 's3', file._id)
    const [before] = await s.database.db.select().from(imagesTable).where(eq(imagesTable.id, file._id))
    const replaced = await s.images.replace(file._id, await picture('#0000ff'))
    expect(replaced!.image.version).toBe(2)
    // The old original is gone from the bucket; the new one answers.
    expect(await s.storage.get(before!.storageKey)).toBeNull()
    const { data } = await sharp((await s.images.render(file._id, { w: 20 }))!.bytes)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data[2]).toBeGreaterThan(250)
    expect(data[0]).toBeLessThan(5)

    await s3.stop()
    const refused = await errorOf(s.images.save({ bytes: await picture('#00ff00'), filename: 'green.png' }))
    expect(refused.kind).toBe('unavailable')
    await s3.start()
    expect((await s.media.list({})).items.map((i) => i.filename)).toEqual(['red.png'])

    const unused = await s.images.save({ bytes: await picture('#00ff00'), filename: 'green.png' })
    await s.media.trash(unused._id)
    const [row] = await s.database.db.select().from(imagesTable).where(eq(imagesTable.id, unused._id))
    expect((await s.media.purgeTrash(new Date(Date.now() + 31 * 86_400_000))).purged).toEqual([unused._id])
    expect(await s.storage.get(row!.storageKey)).toBeNull()
  })
})
