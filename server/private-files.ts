/**
 * What the server keeps on disk is its user's alone (issue 29 point 3): the embedded database
 * (PostgreSQL itself keeps its data folder at 0700), the owner file with the admin channel's secret,
 * the draft-link secret, uploaded media and the image cache. PGlite writes its files with the
 * process's umask (0022 gave 0666 files, rewritable by every local account, once PGlite's own
 * 0666 was applied), so the server runs with umask 0077, and folders an older version left open
 * are closed at start.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Files the process creates from now on: 0600, folders 0700. */
export function setPrivateUmask(): void {
  process.umask(0o077)
}

/**
 * Makes `folder` 0700 and everything under it 0700 (folders) or 0600 (files), when the folder
 * itself is not 0700 yet (a first start after this change, a folder restored from a backup) or
 * `always`. A folder already 0700 is otherwise left as it is (one stat): nobody else can reach
 * what is inside it. Answers how many entries were changed.
 */
export function makePrivate(folder: string, options: { always?: boolean } = {}): number {
  let stat: fs.Stats
  try {
    stat = fs.statSync(folder)
  } catch {
    return 0 // not there (yet): it is created with the private umask
  }
  if (!stat.isDirectory()) return privateFile(folder)
  if ((stat.mode & 0o777) === 0o700 && !options.always) return 0
  let changed = 0
  const walk = (dir: string) => {
    try {
      if ((fs.statSync(dir).mode & 0o777) !== 0o700) {
        fs.chmodSync(dir, 0o700)
        changed++
      }
    } catch {
      // Another user's folder (EPERM): left as it is; the server still starts.
    }
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) changed += privateFile(full)
    }
  }
  walk(folder)
  return changed
}

/** Makes a file 0600 when others could read or write it; answers 1 when it changed. */
export function privateFile(file: string): number {
  try {
    const mode = fs.statSync(file).mode & 0o777
    if ((mode & 0o077) === 0) return 0
    fs.chmodSync(file, mode & 0o700)
    return 1
  } catch {
    return 0
  }
}
