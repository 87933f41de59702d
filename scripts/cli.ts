import { loadConfig } from '../server/config.ts'
import { openDatabase, type Database } from '../server/db/client.ts'
import { createServices, type Services } from '../server/services/index.ts'

/** Opens the configured database (migrated) and services for a command-line script, then closes it. */
export async function withServices<T>(work: (services: Services, database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    await database.migrate()
    return await work(createServices(database, config), database)
  } finally {
    await database.close()
  }
}
