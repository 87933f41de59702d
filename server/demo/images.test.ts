import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { createServices, type Services } from '../services/index.ts'
import { demoImageNames, generateDemoImages } from './images.ts'
import { sceneSvg } from './scenes.ts'

let database: Database
let dir: string
let services: Services

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-images-'))
  // The migrated template (tests/helpers/db.ts), not a migration per file.
  database = await createTestDatabase()
  services = createServices(database, loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }))
})

afterAll(async () => {
  await database.close()
  await fs.rm(dir, { recursive: true, force: true })
})

describe('demo images', () => {
  it('draws the same scene every time', () => {
    expect(sceneSvg('vineyard-hills')).toBe(sceneSvg('vineyard-hills'))
    expect(sceneSvg('vineyard-hills', 1)).not.toBe(sceneSvg('vineyard-hills'))
  })

  it('generates every picture once, under stable ids; a second run creates nothing', async () => {
    const ids = await generateDemoImages(services)
    expect(Object.keys(ids).sort()).toEqual([...demoImageNames].sort())
    for (const name of demoImageNames) {
      const record = await services.images.get(ids[name])
      expect(record, name).toMatchObject({ _id: `demo-${name}`, contentType: 'image/jpeg', width: 1920, height: 1080 })
      expect(record?.alt.length).toBeGreaterThan(10)
    }
    const originals = path.join(dir, 'media', 'originals')
    const before = await Promise.all(
      (await fs.readdir(originals)).map(async (f) => [f, (await fs.stat(path.join(originals, f))).mtimeMs] as const),
    )
    expect(before).toHaveLength(demoImageNames.length)

    const started = performance.now()
    expect(await generateDemoImages(services)).toEqual(ids)
    expect(performance.now() - started).toBeLessThan(500)
    const after = await Promise.all(
      (await fs.readdir(originals)).map(async (f) => [f, (await fs.stat(path.join(originals, f))).mtimeMs] as const),
    )
    expect(after).toEqual(before)
  })

  it('serves a demo picture as a real image', async () => {
    const rendered = await services.images.render('demo-cellar-door', { w: 640, f: 'webp' })
    const meta = await sharp(rendered?.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 })
  })
})
