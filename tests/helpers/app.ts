/**
 * The Hono app on a fresh test database, without a React Router build: for API integration tests
 * through `app.request()`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '#server/app'
import { loadConfig, type Config } from '#server/config'
import { seedDemo } from '#server/demo/seed'
import { createLogger } from '#server/log'
import { createServices, type Services } from '#server/services/index'
import { createTestDatabase, type TestDatabase } from './db.ts'
import { TEST_PASSWORD_HASH_COST } from './server.ts'

export interface TestAppOptions {
  /** Seed the demo sites (domains, pages, navigation, footer, settings), as a first start does. */
  seed?: boolean
  /** Environment-style overrides for the configuration (e.g. { API_PREFIX: 'x' }). */
  env?: Record<string, string>
}

export interface TestApp {
  app: ReturnType<typeof createApp>['app']
  pageCache: ReturnType<typeof createApp>['pageCache']
  services: Services
  config: Config
  database: TestDatabase
  /** Closes the database (dropping it on PostgreSQL) and removes the temporary data dir. */
  close(): Promise<void>
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...options.env,
  })
  const database = await createTestDatabase()
  const log = createLogger('silent')
  try {
    const services = createServices(database, config)
    if (options.seed) await seedDemo(services)
    const { app, pageCache } = createApp({ services, config, log })
    return {
      app,
      pageCache,
      services,
      config,
      database,
      close: async () => {
        // E-mail sent in the background (concierge enquiries) finishes before its database closes.
        await services.mailer.idle(10_000)
        await services.results.close()
        await database.close()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw err
  }
}
