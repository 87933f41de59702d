/**
 * The embedded database (PGlite) is PostgreSQL inside one process: two processes writing one
 * folder corrupt it. So a folder has one owner at a time, recorded in an owner file beside it
 * (docs/decisions/008-one-owner-of-the-embedded-database.md):
 *
 * - the server claims the folder for as long as it runs and publishes, in the owner file, the
 *   loopback address and secret of its admin channel, through which every command-line tool then
 *   works (server/admin/channel.ts);
 * - a command-line tool claims it only when no server holds it, for the length of its run;
 * - a second claimant is refused with a message naming the folder and the holder.
 *
 * The claim is an exclusive create (O_EXCL), so two processes starting at the same moment cannot
 * both win. An owner that died without releasing (kill -9, power loss) is recognised by its process
 * no longer running, and its claim is taken over.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface FolderOwner {
  pid: number
  hostname: string
  /** 'server' serves an admin channel; 'cli' is a command-line tool working on the folder directly. */
  kind: 'server' | 'cli'
  /** What the owner is, in words: "the server on port 3000", "npm run seed". */
  description: string
  startedAt: string
  /** The server's admin channel (loopback only); the file is readable by its owner only. */
  admin?: { port: number; token: string }
}

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: FolderOwner,
  ) {
    super(
      `The embedded database folder ${folder} is in use by ${owner.description} (process ${owner.pid}${owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`}, since ${owner.startedAt}). ` +
        (owner.kind === 'server'
          ? 'Stop that server first, or give this one another DATA_DIR (or a DATABASE_URL).'
          : 'Wait for it to finish, then try again.'),
    )
    this.name = 'FolderInUseError'
  }
}

/** The owner file of a PGlite folder: `<DATA_DIR>/db.owner.json` for `<DATA_DIR>/db`. */
export const ownerFileOf = (dbFolder: string) => `${path.resolve(dbFolder)}.owner.json`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwnerFile(file: string): FolderOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as FolderOwner
    return typeof owner?.pid === 'number' ? owner : null
  } catch {
    return null
  }
}

/** The current owner of a folder, or null when nobody (alive) holds it. */
export function readOwner(dbFolder: string): FolderOwner | null {
  const owner = readOwnerFile(ownerFileOf(dbFolder))
  if (!owner) return null
  // A process on another machine (a shared network folder) cannot be checked: it is taken as alive.
  if (owner.hostname === os.hostname() && !isRunning(owner.pid)) return null
  return owner
}

export interface FolderClaim {
  owner: FolderOwner
  /** Records the admin channel's address once it listens. */
  publishAdmin(admin: { port: number; token: string }): void
  /** Gives the folder up (only if this process still holds it). */
  release(): void
}

/**
 * Claims a PGlite folder for this process, or throws FolderInUseError naming the live holder.
 * A stale claim (its process has gone) is replaced.
 */
export function claimFolder(dbFolder: string, who: Pick<FolderOwner, 'kind' | 'description'>): FolderClaim {
  const file = ownerFileOf(dbFolder)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const owner: FolderOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), ...who }
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 })
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw err
      const current = readOwner(dbFolder)
      if (current && current.pid !== process.pid) throw new FolderInUseError(path.resolve(dbFolder), current)
      // Stale (its process is gone) or unreadable: take it over. It is renamed away first and
      // looked at again: if a process racing here had meanwhile replaced the stale claim with its
      // own live one, that one is put back (link fails if a third claim already stands).
      const aside = `${file}.stale-${process.pid}`
      try {
        fs.renameSync(file, aside)
      } catch {
        continue // someone else moved it first: try the exclusive create again
      }
      const moved = readOwnerFile(aside)
      if (moved && moved.pid !== process.pid && (moved.hostname !== os.hostname() || isRunning(moved.pid))) {
        try {
          fs.linkSync(aside, file)
        } catch {
          // A newer claim stands; the loop reports it.
        }
        fs.rmSync(aside, { force: true })
        throw new FolderInUseError(path.resolve(dbFolder), moved)
      }
      fs.rmSync(aside, { force: true })
    }
  }

  let released = false
  const release = () => {
    if (released) return
    released = true
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as FolderOwner
      if (current.pid === process.pid) fs.rmSync(file, { force: true })
    } catch {
      // Already gone.
    }
  }
  // A process that exits without closing (an uncaught error, process.exit) still gives it up.
  process.once('exit', release)

  return {
    owner,
    publishAdmin(admin) {
      owner.admin = admin
      // Written aside and renamed, so a reader never sees half a file.
      const next = `${file}.${process.pid}.tmp`
      fs.writeFileSync(next, JSON.stringify(owner), { mode: 0o600 })
      fs.renameSync(next, file)
    },
    release,
  }
}
