import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from './db/client.ts'
import { makePrivate } from './private-files.ts'

/** Every mode under a folder, counted: { 'dir 700': 3, 'file 600': 12 }. */
function modesUnder(folder: string) {
  const modes: Record<string, number> = {}
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      const key = `${entry.isDirectory() ? 'dir' : 'file'} ${(fs.statSync(full).mode & 0o777).toString(8)}`
      modes[key] = (modes[key] ?? 0) + 1
      if (entry.isDirectory()) walk(full)
    }
  }
  walk(folder)
  return modes
}

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

describe('private files (issue 29 point 3)', () => {
  it(
    'an embedded database folder holds only 0600 files in 0700 folders, whatever the umask the server was started with',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-db-'))
      folders.push(dataDir)
      const umask = process.umask(0o022)
      try {
        const database = await openDatabase({ dataDir })
        await database.migrate()
        await database.close()
      } finally {
        process.umask(umask)
      }
      const modes = modesUnder(path.join(dataDir, 'db'))
      expect(Object.keys(modes).sort()).toEqual(['dir 700', 'file 600'])
      expect(modes['file 600']).toBeGreaterThan(500)
      expect(fs.statSync(path.join(dataDir, 'db')).mode & 0o777).toBe(0o700)
    },
  )

  it('closes a folder an older version left open to other accounts, once, and says how many entries it changed', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'private-old-'))
    folders.push(folder)
    fs.mkdirSync(path.join(folder, 'base', '5'), { recursive: true })
    for (const file of ['PG_VERSION', 'base/5/1259', 'base/5/pg_internal.init']) fs.writeFileSync(path.join(folder, file), 'x')
    for (const dir of ['', 'base', 'base/5']) fs.chmodSync(path.join(folder, dir), 0o755)
    fs.chmodSync(path.join(folder, 'PG_VERSION'), 0o666)
    fs.chmodSync(path.join(folder, 'base/5/1259'), 0o666)
    fs.chmodSync(path.join(folder, 'base/5/pg_internal.init'), 0o644)

    expect(makePrivate(folder)).toBe(6)
    expect(modesUnder(folder)).toEqual({ 'dir 700': 2, 'file 600': 3 })
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700)
    // Already private: nothing to do (one stat).
    expect(makePrivate(folder)).toBe(0)
  })
})
