import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createDomainService } from './domains.ts'
import { ContentEventBus } from './events.ts'
import { createPageService } from './pages.ts'
import { createSiteDocumentService } from './site-documents.ts'
import { createUserService } from './users.ts'

/** Everything the routers, loaders and scripts call; built once per process (or per test). */
export function createServices(database: Database, config: Pick<Config, 'mode' | 'baseUrl' | 'apiPrefix'>) {
  const events = new ContentEventBus()
  const { db } = database
  return {
    config,
    database,
    events,
    domains: createDomainService(db),
    pages: createPageService(db, events),
    siteDocuments: createSiteDocumentService(db, events),
    users: createUserService(db),
  }
}

export type Services = ReturnType<typeof createServices>
