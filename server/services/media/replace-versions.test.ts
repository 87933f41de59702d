/**
 * Replace in place and the documents' versions (issue 36 point 5, docs/decisions/035), on the real
 * database: the replace rewrites every stored copy that shows the picture (the new version in its
 * address, crops refitted), so it counts as a save of each editor's copy. An editor who still
 * holds the version from before is merged against it or refused, and never writes the old
 * reference back over the replaced one.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts'
import { pages, pageVersions, siteDocuments, stories } from '../../db/schema.ts'
import { SYSTEM } from '../access.ts'
import { AppError } from '../errors.ts'

const picture = (background: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

const replacer = { userId: 'user-ines', username: 'ines' }

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'd1', name: 'D1', hostnames: ['localhost'], published: true })
})
afterAll(() => t?.close())

describe('replacing a picture bumps the versions of the documents it rewrites', () => {
  it('a page: a stale save of another field is merged and keeps the new picture; a stale crop is a conflict', async () => {
    const file = await t.services.images.save({ bytes: await picture('#ff0000', 400, 300), filename: 'page-red.png' })
    const loaded = await t.services.pages.save(
      'd1',
      'pages',
      {
        slug: 'replaced-page',
        template: 'generic',
        header: { title: 'Before' },
        contents: [
          {
            componentType: 'Image',
            _key: 'img1',
            imageId: file._id,
            alt: 'Red',
            crop: { desktop: { x: 0, y: 0, width: 200, height: 150 } },
          },
        ],
      },
      SYSTEM,
    )
    await t.services.pages.publish('d1', 'pages', loaded._id, SYSTEM)
    expect(loaded.version).toBe(1)

    // Same shape, twice the pixels: the crop is scaled, the block carries v 2.
    await t.services.images.replace(file._id, await picture('#0000ff', 800, 600), replacer)
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, loaded._id))
    expect(row!.version).toBe(2)
    expect(row!.updatedBy).toBe('ines')
    const replacedBlock = { imageId: file._id, v: 2, crop: { desktop: { x: 0, y: 0, width: 400, height: 300 } } }
    expect((row!.draft as { contents: unknown[] }).contents[0]).toMatchObject(replacedBlock)
    expect((row!.publishedDoc as { contents: unknown[] }).contents[0]).toMatchObject(replacedBlock)
    // The history keeps it (the base a stale save is merged against).
    const history = await t.database.db.select().from(pageVersions).where(eq(pageVersions.pageId, loaded._id))
    expect(history.map((v) => [v.version, v.action, v.username])).toEqual(expect.arrayContaining([[2, 'replace', 'ines']]))

    // An editor who opened version 1 changes the title: merged, and the replaced picture stays.
    const merged = await t.services.pages.save('d1', 'pages', { ...loaded, header: { title: 'After' }, version: 1 }, SYSTEM)
    expect(merged.merge?.by).toEqual(['ines'])
    expect(merged.header.title).toBe('After')
    expect(merged.contents[0]).toMatchObject(replacedBlock)
    expect(merged.version).toBe(3)

    // Another who opened version 1 changes the crop the replace refitted: both changed it, a conflict.
    const stale = {
      ...loaded,
      contents: [{ ...loaded.contents[0]!, crop: { desktop: { x: 10, y: 10, width: 100, height: 75 } } }],
      version: 1,
    }
    const refused = await errorOf(t.services.pages.save('d1', 'pages', stale, SYSTEM))
    expect(refused.kind).toBe('conflict')
    const [kept] = await t.database.db.select().from(pages).where(eq(pages.id, loaded._id))
    expect((kept!.draft as { contents: unknown[] }).contents[0]).toMatchObject(replacedBlock)
  })

  it('a story: a save based on the version before the replace is refused, and the replaced picture kept', async () => {
    const file = await t.services.images.save({ bytes: await picture('#00aa00', 400, 300), filename: 'story-green.png' })
    const created = await t.services.stories.create('d1', { title: 'A story', slug: 'replaced-story' })
    const saved = await t.services.stories.save('d1', {
      ...created,
      header: { image: { imageId: file._id, alt: 'Green' } },
      version: created.version,
    })
    await t.services.images.replace(file._id, await picture('#aa00aa', 400, 300), replacer)
    const [row] = await t.database.db.select().from(stories).where(eq(stories.id, created._id))
    expect(row!.version).toBe(saved.version + 1)
    expect(row!.updatedBy).toBe('ines')

    const refused = await errorOf(t.services.stories.save('d1', { ...saved, description: 'Edited', version: saved.version }))
    expect(refused.kind).toBe('conflict')
    expect(refused.details).toMatchObject({ currentVersion: saved.version + 1, updatedBy: 'ines' })
    const [kept] = await t.database.db.select().from(stories).where(eq(stories.id, created._id))
    expect((kept!.draft as { header: { image: unknown } }).header.image).toMatchObject({ imageId: file._id, v: 2 })
  })

  it('site settings: a stale save without its base is refused; with it, merged and the new picture kept', async () => {
    const file = await t.services.images.save({ bytes: await picture('#0000aa', 400, 300), filename: 'og-blue.png' })
    const first = await t.services.siteDocuments.save('siteSettings', 'd1', { og: { image: { imageId: file._id } } })
    const base = first.doc as unknown as Record<string, unknown>
    await t.services.images.replace(file._id, await picture('#aaaa00', 400, 300), replacer)
    const [row] = await t.database.db.select().from(siteDocuments).where(eq(siteDocuments.kind, 'siteSettings'))
    expect(row!.version).toBe(first.version + 1)
    expect(row!.updatedBy).toBe('user-ines')

    const edited = { ...base, og: { ...(base.og as object), title: 'Shared title' } }
    expect((await errorOf(t.services.siteDocuments.save('siteSettings', 'd1', edited, { baseVersion: first.version }))).kind).toBe(
      'conflict',
    )
    const merged = await t.services.siteDocuments.save('siteSettings', 'd1', edited, { baseVersion: first.version, base })
    expect(merged.doc.og).toMatchObject({ title: 'Shared title', image: { imageId: file._id, v: 2 } })
  })

  it('a copy that only the published side shows the picture in keeps its version', async () => {
    const file = await t.services.images.save({ bytes: await picture('#777700', 400, 300), filename: 'published-only.png' })
    const page = await t.services.pages.save(
      'd1',
      'pages',
      {
        slug: 'published-only',
        template: 'generic',
        header: { title: 'P' },
        contents: [{ componentType: 'Image', _key: 'p1', imageId: file._id, alt: 'X' }],
      },
      SYSTEM,
    )
    await t.services.pages.publish('d1', 'pages', page._id, SYSTEM)
    const draft = await t.services.pages.save('d1', 'pages', { ...page, contents: [], version: page.version }, SYSTEM)
    await t.services.images.replace(file._id, await picture('#007777', 400, 300), replacer)
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, page._id))
    expect(row!.version).toBe(draft.version)
    expect((row!.publishedDoc as { contents: unknown[] }).contents[0]).toMatchObject({ imageId: file._id, v: 2 })
  })
})
