/**
 * How a command-line tool runs one of the server's commands (server/commands/index.ts) without
 * ever being a second writer of the embedded database:
 * - a server owns the folder: the command runs inside it, through its admin channel;
 * - nobody owns it: this process claims the folder, opens it and runs the command itself (and a
 *   server started meanwhile refuses the folder until the command is done);
 * - PostgreSQL (DATABASE_URL): this process connects like any other instance.
 */
import path from 'node:path'
import { commands, runLocalCommand, type CommandArgs, type CommandName } from '../server/commands/index.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/client.ts'
import { FolderInUseError, readOwner, type FolderOwner } from '../server/db/folder-owner.ts'
import { providerModes, startDemoProviders } from '../server/providers.ts'
import { AppError, type ErrorKind } from '../server/services/errors.ts'
import { createServices } from '../server/services/index.ts'
import type { SyncProgress } from '../listings/sync/atdw.ts'

export interface RunOptions {
  onProgress?: (progress: SyncProgress) => void
  /** Said once, before the command runs: where it runs. */
  onWhere?: (where: string) => void
}

/** How long a tool waits for a starting server to open its admin channel. */
const SERVER_START_WAIT_MS = 120_000

export async function runCommand<N extends CommandName>(name: N, args: CommandArgs<N>, options: RunOptions = {}): Promise<unknown> {
  const config = loadConfig()
  if (!config.databaseUrl) {
    const folder = path.join(config.dataDir, 'db')
    const owner = await serverOwner(folder)
    if (owner?.admin) {
      options.onWhere?.(`through the running server (process ${owner.pid})`)
      return runRemote(owner.admin, name, args, options)
    }
  }
  return runHere(name, args, options, config)
}

/** The server owning the folder once its admin channel is open; null when nobody owns it. */
async function serverOwner(folder: string): Promise<FolderOwner | null> {
  const deadline = Date.now() + SERVER_START_WAIT_MS
  for (;;) {
    const owner = readOwner(folder)
    if (!owner) return null
    if (owner.kind !== 'server') throw new FolderInUseError(path.resolve(folder), owner)
    if (owner.admin) return owner
    // A server is starting (opening and migrating the database): its channel opens in a moment.
    if (Date.now() > deadline) throw new FolderInUseError(path.resolve(folder), owner)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function runRemote(admin: { port: number; token: string }, name: string, args: unknown, options: RunOptions): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${admin.port}/commands/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  })
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null
    throw new Error(`The running server refused the command: ${body?.error?.message ?? res.status}`)
  }
  let buffered = ''
  const decoder = new TextDecoder()
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    buffered += decoder.decode(value, { stream: true })
    let newline: number
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as
        | { type: 'progress'; progress: SyncProgress }
        | { type: 'result'; result: unknown }
        | { type: 'error'; error: { code: string; message: string } }
      buffered = buffered.slice(newline + 1)
      if (line.type === 'progress') options.onProgress?.(line.progress)
      else if (line.type === 'result') return line.result
      else throw new AppError(line.error.code as ErrorKind, line.error.message)
    }
  }
  throw new Error('The running server stopped before the command finished; run it again.')
}

async function runHere(name: CommandName, args: unknown, options: RunOptions, config: ReturnType<typeof loadConfig>): Promise<unknown> {
  const demo = commands[name].needsProviders ? await startDemoProviders(config, providerModes(config)) : undefined
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    owner: { kind: 'cli', description: `npm run ${name}` },
  })
  try {
    await database.migrate()
    options.onWhere?.(config.databaseUrl ? 'on the PostgreSQL database' : `on ${path.join(config.dataDir, 'db')} (no server is running)`)
    const services = createServices(database, config)
    return await runLocalCommand(name, args, { services, progress: (p) => options.onProgress?.(p) })
  } finally {
    await database.close()
    await demo?.close()
  }
}
