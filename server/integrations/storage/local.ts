import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../services/errors.ts'
import { assertValidKey, type Storage } from './types.ts'

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EDQUOT'])

/** A folder that cannot take the file is the site's fault, not the uploader's: 503 (GET /health names the folder). */
function unwritable(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code
  if (!code || !UNWRITABLE.has(code)) return err
  return new AppError(
    'unavailable',
    `The media folder cannot be written just now (${code}); the picture was not saved. Please tell the site's administrator.`,
  )
}

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
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
      try {
        await fs.mkdir(path.dirname(file), { recursive: true })
        // Write then rename, so a reader never sees half a file.
        await fs.writeFile(tmp, bytes)
        await fs.rename(tmp, file)
      } catch (err) {
        await fs.rm(tmp, { force: true }).catch(() => {})
        throw unwritable(err)
      }
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
