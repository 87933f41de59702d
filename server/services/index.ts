import os from 'node:os'
import path from 'node:path'
import { loadConfig, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createStorage, type Storage } from '../integrations/storage/index.ts'
import { createPublicFetch } from '../integrations/public-fetch.ts'
import { createDomainService } from './domains.ts'
import { ContentEventBus, forwardToInstances } from './events.ts'
import { createImageService } from './images.ts'
import { createPageService } from './pages.ts'
import { createRedirectService } from './redirects.ts'
import { createSearchService } from './search.ts'
import { createSiteDocumentService } from './site-documents.ts'
import { createMailer } from '../integrations/mail/mailer.ts'
import { createAuthService } from './auth.ts'
import { createFirstEditorService } from './first-editor.ts'
import { createLimiterStore, createRateLimits } from './rate-limit.ts'
import { createUserService } from './users.ts'
import { createListingService, linkListingPages } from '../../listings/service.ts'
import { createListingSyncService } from '../../listings/sync/atdw.ts'
import { createBookEasySyncService } from '../../listings/sync/bookeasy.ts'
import { createListingsPdfService } from '../../listings/pdf/calendar.tsx'
import { createListingIndex } from '../../listings/memory-index.ts'
import { createListingMapService } from '../../listings/map-points.ts'
import { createEnquiryService } from './enquiries.ts'
import { createStoryService } from './stories.ts'
import { createCartService } from './cart.ts'
import { createActivityLog } from './team/activity.ts'
import { createTeamService } from './team/team.ts'
import { createDraftLinks, draftLinkSecret } from './draft-links.ts'
import { createScheduleService } from './schedules.ts'
import { createPresenceService } from './presence.ts'
import { createTranslationService } from './translations.ts'
import { createJobQueue } from '../jobs/queue.ts'
import { registerListingJobs } from '../../listings/sync/jobs.ts'
import { registerImageCachePruning } from './image-cache-pruner.ts'

export type ServicesConfig = Pick<Config, 'mode' | 'baseUrl' | 'apiPrefix' | 'auth' | 'mail'> &
  Partial<Pick<Config, 'dataDir' | 'imageCacheDir' | 'imageCacheMaxBytes' | 's3' | 'limits'>> &
  Partial<Pick<Config, 'atdw'>> &
  Partial<Pick<Config, 'bookeasy' | 'sentry' | 'map'>> &
  Partial<Pick<Config, 'pdf' | 'draftLinks'>> & {
    /** Overrides the storage chosen from the config (tests). */
    storage?: Storage
  }

/** Everything the routers, loaders and scripts call; built once per process (or per test). */
/** The host (host:port) of a configured address, for the SSRF guard's allowed hosts. */
function hostOf(address: string | undefined): string[] {
  try {
    return address ? [new URL(address).host] : []
  } catch {
    return []
  }
}

export function createServices(database: Database, config: ServicesConfig) {
  const events = new ContentEventBus()
  const { db } = database
  // Whatever process publishes (a server instance, a command-line tool on PostgreSQL) tells every
  // instance sharing the database; a server emits what it hears on its own bus (server/main.ts).
  forwardToInstances(database, events)
  // Callers that give no dataDir (tests that don't care about images) get a throwaway folder, never ./data.
  const dataDir = config.dataDir ?? path.join(os.tmpdir(), `tourism-site-${process.pid}`)
  const storage = config.storage ?? createStorage({ dataDir, s3: config.s3 })
  const users = createUserService(db, { passwordHashCost: config.auth.passwordHashCost })
  const search = createSearchService(db)
  // Background work (mail retries, scheduled publishing, the listing sync, image-cache pruning):
  // handlers register here; server/main.ts makes the recurring ones recur and starts the runner.
  const jobs = createJobQueue(db)
  // Failed e-mail is retried with back-off (MAIL_RETRY_SECONDS doubling, at most hourly) for about a day.
  const mailer = createMailer(db, {
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    maxAttempts: 30,
    retryBaseMs: config.mail.retrySeconds * 1000,
    jobs,
  })
  // Counters shared by every instance on this database (or REDIS_URL), keyed by account id or address.
  const rateLimits = createRateLimits(createLimiterStore(database, { redisUrl: config.limits?.redisUrl }), {
    perIp: config.auth.rateLimitIp,
    perAccount: config.auth.rateLimitAccount,
    enquiryPerHour: config.auth.rateLimitEnquiry,
    searchPerMinute: config.limits?.searchPerMinute,
  })
  const siteDocuments = createSiteDocumentService(db, events)
  const redirects = createRedirectService(siteDocuments)
  // Redirect rules are site settings.
  events.on('published', (_domainId, change) => {
    if (!change || change.kind === 'site' || change.kind === 'domains' || change.kind === 'everything') redirects.clear()
  })
  const translations = createTranslationService(db, events)
  const pages = createPageService(db, events, search)
  const listingIndex = createListingIndex(db, events)
  const listings = createListingService(db, { pages, events, index: listingIndex })
  // Publishing a listing page publishes the listing record too.
  linkListingPages(pages, listings)
  const auth = createAuthService(db, users, mailer, rateLimits, { sessionDays: config.auth.sessionDays, baseUrl: config.baseUrl })
  const imageCacheDir = config.imageCacheDir ?? path.join(dataDir, 'cache', 'img')
  const images = createImageService(db, storage, {
    cacheDir: imageCacheDir,
    maxCacheBytes: config.imageCacheMaxBytes,
    events,
    // Listing photos: a relative address (the demo's) is fetched from the provider's API host.
    providerPhotos: { relativeBase: config.atdw?.apiUrl },
  })
  // Pictures addressed by content (listing photos in the PDF): public addresses and the configured provider only.
  const remoteFetch = createPublicFetch({ allowedHosts: hostOf(config.atdw?.apiUrl) })
  registerImageCachePruning(jobs, imageCacheDir, config.imageCacheMaxBytes ?? 2048 * 1024 * 1024)
  const domains = createDomainService(db, events)
  const listingsSync = createListingSyncService({ database, events, listings, atdw: config.atdw })
  const bookEasySync = createBookEasySyncService({ db, listings, bookeasy: config.bookeasy })
  registerListingJobs(jobs, { listingsSync, bookEasySync, domains })
  return {
    config,
    database,
    events,
    jobs,
    storage,
    domains,
    images,
    search,
    pages,
    /** A further language's texts of pages and site documents, per language (issue 33, decision 025). */
    translations,
    listings,
    listingIndex,
    /** The grid's map view: the points of every listing a filter matches (issue 19). */
    listingMap: createListingMapService(db, listings, events),
    // Calendars are laid out in worker threads (PDF_WORKERS, PDF_QUEUE_MAX) and kept until the next publish.
    listingsPdf: createListingsPdfService({
      listings,
      siteDocuments,
      images,
      remoteFetch,
      events,
      workers: config.pdf && { threads: config.pdf.workers, queueMax: config.pdf.queueMax, idleMs: config.pdf.idleSeconds * 1000 },
    }),
    listingsSync,
    /** Booking provider operator information on listings (listing/updateWithBookEasy, loadBookEasyListings). */
    bookEasySync,
    siteDocuments,
    redirects,
    users,
    mailer,
    rateLimits,
    auth,
    firstEditor: createFirstEditorService(db, users, auth, rateLimits),
    /** The editors panel and my account (issue 21); the activity log records every change with it. */
    team: createTeamService(db, { users, auth, mailer, baseUrl: config.baseUrl }),
    activity: createActivityLog(db),
    stories: createStoryService(db, events),
    enquiries: createEnquiryService(db, mailer, { limits: rateLimits }),
    // The booking provider's cart (its defaults when the caller's config names none).
    cart: createCartService(config.bookeasy ?? loadConfig({}).bookeasy),
    /** Scheduled publishing and unpublishing of pages, run once across instances (issue 17 point 6). */
    schedules: createScheduleService({ db, pages, translations, jobs }),
    /** Who else has a page open, and the stored draft's version (issue 17 point 8). */
    presence: createPresenceService(db),
    /** Signed, expiring links to a page's draft for people without an account (issue 17 point 7). */
    draftLinks: createDraftLinks(
      { db, pages },
      {
        secret: draftLinkSecret(config.draftLinks?.secret, dataDir),
        ttlMs: (config.draftLinks?.days ?? 7) * 24 * 60 * 60 * 1000,
      },
    ),
  }
}

export type Services = ReturnType<typeof createServices>
