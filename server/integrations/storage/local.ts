import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { assertValidKey, type Storage } from './types.ts'

/** Media in a folder on this machine (the default: `${DATA_DIR}/media`). */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    assertValidKey(key)
    return path.join(base, ...key.split('/'))
  }
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
      await fs.writeFile(tmp, bytes)
      await fs.rename(tmp, file)
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true })
    },
  }
}
