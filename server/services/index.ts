import os from 'node:os'
import path from 'node:path'
import { loadConfig, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createStorage, type Storage } from '../integrations/storage/index.ts'
import { createPublicFetch } from '../integrations/public-fetch.ts'
import { createDomainService } from './domains.ts'
import { ContentEventBus, forwardToInstances } from './events.ts'
import { createImageService } from './images.ts'
import { createMediaLibrary } from './media/library.ts'
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
import { registerOpeningRoll } from '../../listings/opening-roll.ts'
import { createBookEasySyncService } from '../../listings/sync/bookeasy.ts'
import { createListingsPdfService } from '../../listings/pdf/calendar.tsx'
import { createTripService } from '../../listings/trip/service.ts'
import { tripChecks } from '../../listings/trip/closed.ts'
import { createOsrmClient } from '../integrations/routing/osrm.ts'
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
import { createMachineTranslation } from './machine-translation.ts'
import { createDeepLClient } from '../integrations/translation/deepl.ts'
import { createJobQueue } from '../jobs/queue.ts'
import { registerListingJobs } from '../../listings/sync/jobs.ts'
import { registerImageCachePruning } from './image-cache-pruner.ts'
import { createCdnPurger } from '../cdn/purge.ts'
import { createResults } from '../results/index.ts'
import { createPublishChecks } from '../publish/checks.ts'
import { createStaleRadar } from '../publish/radar.ts'
import { createPublishReceipts } from '../publish/receipt.ts'

export type ServicesConfig = Pick<Config, 'mode' | 'baseUrl' | 'apiPrefix' | 'auth' | 'mail'> &
  Partial<Pick<Config, 'dataDir' | 'imageCacheDir' | 'imageCacheMaxBytes' | 's3' | 'limits'>> &
  Partial<Pick<Config, 'atdw'>> &
  Partial<Pick<Config, 'bookeasy' | 'sentry' | 'map'>> &
  Partial<Pick<Config, 'pdf' | 'draftLinks' | 'cdn' | 'cdnMaxAgeSeconds' | 'results' | 'routing' | 'translation'>> & {
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
  // The media library (issue 36): folders, tags, facts kept with each file, where used, the trash.
  const media = createMediaLibrary(db, images, jobs)
  registerImageCachePruning(jobs, imageCacheDir, config.imageCacheMaxBytes ?? 2048 * 1024 * 1024)
  const domains = createDomainService(db, events)
  const listingsSync = createListingSyncService({ database, events, listings, atdw: config.atdw })
  const bookEasySync = createBookEasySyncService({ db, listings, bookeasy: config.bookeasy })
  registerListingJobs(jobs, { listingsSync, bookEasySync, domains })
  // Open days a year ahead for listings the provider has not changed in a long while (issue 35).
  registerOpeningRoll(jobs, db, (domainId) => listings.changed(domainId))
  // The CDN in front (CDN_PURGE): what this process publishes is purged by tag, as jobs (decision 031).
  const cdnPurger = createCdnPurger({ db, jobs, events, cdn: config.cdn })
  // First-party measurement (issue 37): beacons held in memory and written every few seconds.
  const resultsConfig = config.results ?? { flushMs: 5000, beaconsPerMinute: 120, rawDays: 30 }
  const results = createResults({ db, jobs, mailer, domains: () => domains.list() }, resultsConfig)
  const publishChecks = createPublishChecks({ db, domains, redirects, listings })
  // What the published site still points at that has gone stale, refreshed as syncs and publishes run (issue 34 point 6).
  const staleRadar = createStaleRadar({
    db,
    checks: publishChecks,
    domains,
    listings,
    jobs,
    events,
    onError: (err) => console.error('the stale-content radar could not be refreshed', err),
  })
  const listingsPdf = createListingsPdfService({
    listings,
    siteDocuments,
    images,
    remoteFetch,
    events,
    workers: config.pdf && { threads: config.pdf.workers, queueMax: config.pdf.queueMax, idleMs: config.pdf.idleSeconds * 1000 },
  })
  return {
    config,
    database,
    events,
    jobs,
    /** Measurement and the team's Results (issue 37, docs/decisions/036). */
    results,
    /** Checks before publishing and the receipt after (issue 34, server/publish/). */
    publishChecks,
    staleRadar,
    publishReceipts: createPublishReceipts({ db, domains, cdn: config.cdn?.provider }),
    /** Purges the CDN in front by tag; undefined when CDN_PURGE is unset. */
    cdnPurger,
    storage,
    domains,
    images,
    media,
    search,
    pages,
    /** A further language's texts of pages and site documents, per language (issue 33, decision 025). */
    translations,
    /** Suggestions of a language's texts from the machine translation provider (DEEPL_API_KEY; issue 33). */
    machineTranslation: createMachineTranslation(translations, config.translation ? createDeepLClient(config.translation) : undefined),
    listings,
    listingIndex,
    /** The grid's map view: the points of every listing a filter matches (issue 19). */
    listingMap: createListingMapService(db, listings, events),
    // Calendars are laid out in worker threads (PDF_WORKERS, PDF_QUEUE_MAX) and kept until the next publish.
    listingsPdf,
    /** The visitor's trip (issue 35): its stops, legs from the routing provider (OSRM_URL), its PDF. */
    trips: createTripService({
      listings,
      pages,
      siteDocuments,
      pdf: listingsPdf,
      routing: config.routing ? createOsrmClient(config.routing) : undefined,
      checks: tripChecks,
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
