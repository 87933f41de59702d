import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pruneImageCache } from './image-cache-pruner.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'img-cache-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function variant(name: string, size: number, ageSeconds: number) {
  const file = path.join(dir, name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, Buffer.alloc(size))
  const when = new Date(Date.now() - ageSeconds * 1000)
  fs.utimesSync(file, when, when)
  return file
}

describe('pruneImageCache', () => {
  it('removes the least recently used variants until the cache fits', async () => {
    const oldest = variant('a/1.webp', 400, 300)
    const middle = variant('b/2.webp', 400, 200)
    const newest = variant('a/3.webp', 400, 100)
    const result = await pruneImageCache(dir, 900)
    expect(result).toEqual({ removed: 1, bytes: 800 })
    expect(fs.existsSync(oldest)).toBe(false)
    expect(fs.existsSync(middle)).toBe(true)
    expect(fs.existsSync(newest)).toBe(true)
  })

  it('does nothing when the cache is small enough or missing', async () => {
    expect(await pruneImageCache(dir, 10_000)).toEqual({ removed: 0, bytes: 800 })
    expect(await pruneImageCache(path.join(dir, 'nope'), 0)).toEqual({ removed: 0, bytes: 0 })
  })
})
