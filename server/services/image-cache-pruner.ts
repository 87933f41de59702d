import fs from 'node:fs/promises'
import path from 'node:path'
import type { JobQueue } from '../jobs/queue.ts'

/**
 * Keeps the rendered-image cache under a size: the least recently used variants (by access, else
 * modification time) are deleted first. Every variant can be rendered again from the original.
 */
export async function pruneImageCache(dir: string, maxBytes: number): Promise<{ removed: number; bytes: number }> {
  const files: { file: string; size: number; used: number }[] = []
  async function walk(folder: string) {
    let entries
    try {
      entries = await fs.readdir(folder, { withFileTypes: true })
    } catch {
      return // no cache yet
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (entry.isFile()) {
        const stat = await fs.stat(full).catch(() => null)
        if (stat) files.push({ file: full, size: stat.size, used: Math.max(stat.atimeMs, stat.mtimeMs) })
      }
    }
  }
  await walk(dir)
  let total = files.reduce((sum, f) => sum + f.size, 0)
  let removed = 0
  files.sort((a, b) => a.used - b.used)
  for (const f of files) {
    if (total <= maxBytes) break
    await fs.rm(f.file, { force: true })
    total -= f.size
    removed++
  }
  return { removed, bytes: total }
}

/**
 * Keeps the cache under its limit as variants are written: the first write measures the folder, each
 * later one adds its size, and when the total passes the limit the least recently used variants are
 * removed down to 90 % of it (so pruning does not run again on the very next write). Several
 * instances sharing the folder each count their own writes; every pruning measures the folder anew.
 */
export function createCacheBudget(dir: string, maxBytes: number) {
  let total: number | null = null
  let pruning: Promise<void> | null = null

  async function measure(): Promise<number> {
    const { bytes } = await pruneImageCache(dir, Number.POSITIVE_INFINITY)
    return bytes
  }

  function prune(): Promise<void> {
    pruning ??= pruneImageCache(dir, Math.floor(maxBytes * 0.9))
      .then(({ bytes }) => {
        total = bytes
      })
      .finally(() => {
        pruning = null
      })
    return pruning
  }

  return {
    /** Counts a variant just written (its file is already in the folder); prunes when over the limit. */
    async added(bytes: number): Promise<void> {
      if (total === null) total = await measure()
      else total += bytes
      if (total > maxBytes) await prune()
    },
    /** The bytes the cache holds, as last counted (null before the first write). */
    get bytes() {
      return total
    },
  }
}

/** The job that keeps this machine's image cache under its limit (made hourly by server/main.ts). */
export const IMAGE_CACHE_PRUNE_JOB = 'images.prune-cache'

/**
 * The cache is a folder of this machine, so the job is one per host (`runOn: 'this-host'`): every
 * machine prunes its own, and instances sharing a machine's folder prune it once.
 */
export function registerImageCachePruning(jobs: JobQueue, dir: string, maxBytes: number) {
  jobs.register(
    IMAGE_CACHE_PRUNE_JOB,
    async ({ log }) => {
      const { removed } = await pruneImageCache(dir, maxBytes)
      if (removed) log.info({ removed }, `image cache: removed ${removed} old variants`)
      return { removed }
    },
    { maxAttempts: 1 },
  )
}
