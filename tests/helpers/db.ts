/**
 * A fresh, migrated database for one test (file): PGlite in memory by default; with
 * TEST_DATABASE_URL=postgres://... a new database with a random name on that server, dropped on
 * close, so test files can run in parallel against PostgreSQL too.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '#server/db/client'

export interface TestDatabase extends Database {
  /** The PostgreSQL connection string of this database; undefined for PGlite. */
  url: string | undefined
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' })
    await database.migrate()
    return Object.assign(database, { url: undefined })
  }

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`))
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
