import fs from 'node:fs/promises'
import path from 'node:path'

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
