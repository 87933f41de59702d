/**
 * A production server of a test file's own, on the demo synced from a fake Atlas server: a fresh
 * data dir (or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database there) is
 * migrated, seeded, synced from the fake and given one editor in this process, before the server
 * opens it (PGlite allows one process at a time). The server's ATDW_API_URL points at the fake, so
 * 'Sync with ATDW' reaches it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '#server/config'
import { openDatabase } from '#server/db/client'
import { seedDemo } from '#server/demo/seed'
import { createServices } from '#server/services/index'
import type { RunningFakeAtlas } from '../../fakes/atdw/server.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'
import { startProductionServer, type RunningServer } from './server.ts'

export interface SyncedSite {
  server: RunningServer
  baseUrl: string
  /** Stops the server and drops the PostgreSQL database (the data dir is left to the OS's tmp). */
  stop(): Promise<void>
}

export async function startSyncedSite({
  fake,
  editor,
  name,
}: {
  fake: RunningFakeAtlas
  editor: { username: string; email: string; password: string }
  /** Names the data dir, for a reader of /tmp. */
  name: string
}): Promise<SyncedSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tourism-e2e-${name}-`))
  const postgres: TestDatabase | undefined = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ATDW_API_URL: fake.url,
    ATDW_API_KEY: 'e2e',
    LISTINGS_SYNC_CRON: 'off',
  })
  const database = postgres ?? (await openDatabase({ dataDir: config.dataDir }))
  try {
    if (!postgres) await database.migrate()
    const services = createServices(database, config)
    await seedDemo(services, { onlyIfEmpty: true })
    const domain = await services.domains.forHost('localhost')
    if (!domain) throw new Error('the demo seed made no localhost domain')
    await services.listingsSync.syncAll(domain._id, { trigger: 'test' })
    await services.users.create({ username: editor.username, email: editor.email, password: editor.password, roles: [] })
  } finally {
    if (!postgres) await database.close()
  }
  const server = await startProductionServer({
    dataDir,
    env: {
      ATDW_API_URL: fake.url,
      ATDW_API_KEY: 'e2e',
      LISTINGS_SYNC_CRON: 'off',
      RATE_LIMIT_IP: '1000',
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    },
  })
  return {
    server,
    baseUrl: server.baseUrl,
    async stop() {
      await server.stop()
      await postgres?.close()
    },
  }
}
