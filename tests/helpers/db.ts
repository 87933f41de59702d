/**
 * A fresh, migrated database for one test (file): PGlite in memory by default; with
 * TEST_DATABASE_URL=postgres://... a new database with a random name on that server, dropped on
 * close, so test files can run in parallel against PostgreSQL too.
 *
 * The migrations run once, not per file (issue 30 point 1): PGlite loads a dump of a migrated
 * template (creating an empty PGlite alone took 3-5 s per file on these machines, the migrations
 * 1-3 s more; loading the dump about 1 s), and PostgreSQL copies a migrated template database
 * (CREATE DATABASE ... TEMPLATE). A template is named by a hash of the migrations, so a new
 * migration makes a new one; `migrate()` still runs on each copy and finds nothing to do.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type Database } from '#server/db/client'
import { driverClient } from '#server/db/query'
import { projectRoot, testCacheDir } from './server.ts'

export interface TestDatabase extends Database {
  /** The PostgreSQL connection string of this database; undefined for PGlite. */
  url: string | undefined
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() })
    await database.migrate()
    return Object.assign(database, { url: undefined })
  }

  const template = await postgresTemplate(serverUrl)
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
    // A commit answers without waiting for its flush to disk (2.0 ms -> 0.3 ms each on a CI machine of
    // this kind under the suite's load): a test's writes are still committed and seen by every other
    // session and instance; only a crash of the PostgreSQL server itself, which no test makes, could
    // lose the last ones.
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`)
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let database: Database
  try {
    database = await openDatabase({ url: url.toString(), dataDir: 'memory://' })
    await database.migrate()
  } catch (err) {
    await dropDatabase(serverUrl, name)
    throw err
  }
  const closeDatabase = database.close.bind(database)
  let closed = false
  return Object.assign(database, {
    url: url.toString(),
    close: async () => {
      if (closed) return
      closed = true
      await closeDatabase()
      await dropDatabase(serverUrl, name)
    },
  })
}

const migrationsFolder = path.join(projectRoot, 'server/db/migrations')

/** A hash of every migration file (and the PGlite version): a template's name. */
export function migrationsHash(): string {
  const hash = createHash('sha256')
  const pglite = JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string
  }
  hash.update(pglite.version)
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file)
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

let pgliteTemplateFileMade: Promise<string> | undefined

/**
 * The migrated, empty PGlite database as a dump (a tar file under testCacheDir), made by the first
 * process that needs it: the unit projects' global setup, before the files start.
 */
export function pgliteTemplateFile(): Promise<string> {
  pgliteTemplateFileMade ??= (async () => {
    const file = path.join(testCacheDir, `pglite-migrated-${migrationsHash()}.tar`)
    if (fs.existsSync(file)) return file
    const database = await openDatabase({ dataDir: 'memory://' })
    try {
      await database.migrate()
      const client = driverClient(database)
      if (client.kind !== 'pglite') throw new Error('expected PGlite')
      const dump = await client.pglite.dumpDataDir('none')
      writeAtomically(file, Buffer.from(await dump.arrayBuffer()))
    } finally {
      await database.close()
    }
    return file
  })()
  return pgliteTemplateFileMade
}

let pgliteTemplateLoad: Promise<Blob> | undefined

/** The template's dump, read once per process. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateLoad ??= pgliteTemplateFile().then((file) => new Blob([fs.readFileSync(file)]))
  return pgliteTemplateLoad
}

/** Writes a whole file under a temporary name, then renames it: readers never see half of it. */
function writeAtomically(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  fs.writeFileSync(temporary, data)
  fs.renameSync(temporary, file)
}

const postgresTemplates = new Map<string, Promise<string>>()

/**
 * The migrated template database on that server, created once (under an advisory lock, so parallel
 * workers and runs make it once). Its name carries the migrations' hash.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let made = postgresTemplates.get(serverUrl)
  if (!made) {
    made = (async () => {
      const name = `test_template_${migrationsHash()}`
      await withAdminClient(serverUrl, async (client) => {
        // One creator at a time; the others wait here and then find it.
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [name])
        try {
          const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
          if (exists.rowCount) return
          const building = `${name}_building_${randomBytes(4).toString('hex')}`
          await client.query(`CREATE DATABASE "${building}"`)
          try {
            const url = new URL(serverUrl)
            url.pathname = `/${building}`
            const database = await openDatabase({ url: url.toString(), dataDir: 'memory://' })
            try {
              await database.migrate()
            } finally {
              await database.close()
            }
            // Complete, then under its name: a run that stopped half-way leaves no half template.
            await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
          } catch (err) {
            await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
            throw err
          }
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
        }
      })
      return name
    })()
    postgresTemplates.set(serverUrl, made)
    made.catch(() => postgresTemplates.delete(serverUrl))
  }
  return made
}

async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

async function dropDatabase(serverUrl: string, name: string) {
  // FORCE (PostgreSQL 13+) ends connections a test left open instead of failing the drop.
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}
