import os from 'node:os'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createStorage, type Storage } from '../integrations/storage/index.ts'
import { createDomainService } from './domains.ts'
import { ContentEventBus } from './events.ts'
import { createImageService } from './images.ts'
import { createPageService } from './pages.ts'
import { createRedirectService } from './redirects.ts'
import { createSearchService } from './search.ts'
import { createSiteDocumentService } from './site-documents.ts'
import { createMailer } from '../integrations/mail/mailer.ts'
import { createAuthService } from './auth.ts'
import { createRateLimits } from './rate-limit.ts'
import { createUserService } from './users.ts'

export type ServicesConfig = Pick<Config, 'mode' | 'baseUrl' | 'apiPrefix' | 'auth' | 'mail'> &
  Partial<Pick<Config, 'dataDir' | 'imageCacheDir' | 's3'>> & {
    /** Overrides the storage chosen from the config (tests). */
    storage?: Storage
  }

/** Everything the routers, loaders and scripts call; built once per process (or per test). */
export function createServices(database: Database, config: ServicesConfig) {
  const events = new ContentEventBus()
  const { db } = database
  // Callers that give no dataDir (tests that don't care about images) get a throwaway folder, never ./data.
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), `tourism-site-${process.pid}`)
  const storage = config.storage ?? createStorage({ dataDir, s3: config.s3 })
  const users = createUserService(db)
  const search = createSearchService(db)
  const mailer = createMailer(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from })
  const rateLimits = createRateLimits({ perIp: config.auth.rateLimitIp, perAccount: config.auth.rateLimitAccount })
  const siteDocuments = createSiteDocumentService(db, events)
  const redirects = createRedirectService(siteDocuments)
  events.on('published', () => redirects.clear())
  return {
    config,
    database,
    events,
    storage,
    domains: createDomainService(db, events),
    images: createImageService(db, storage, { cacheDir: config.imageCacheDir ?? path.join(dataDir, 'cache', 'img') }),
    search,
    pages: createPageService(db, events, search),
    siteDocuments,
    redirects,
    users,
    mailer,
    auth: createAuthService(db, users, mailer, rateLimits, { sessionDays: config.auth.sessionDays, baseUrl: config.baseUrl }),
  }
}

export type Services = ReturnType<typeof createServices>
