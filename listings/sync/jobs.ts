/**
 * The listings' background work on the job queue (server/jobs/queue.ts): the daily provider sync
 * (LISTINGS_SYNC_CRON, made to recur by server/main.ts), followed by the booking provider's
 * operator information. One instance runs each occurrence.
 */
import type { JobQueue, Logger } from '../../server/jobs/queue.ts'
import { AppError } from '../../server/services/errors.ts'
import type { ListingSyncService } from './atdw.ts'
import type { BookEasySyncService } from './bookeasy.ts'

export const LISTINGS_SYNC_JOB = 'listings.sync'

interface Deps {
  listingsSync: ListingSyncService
  bookEasySync: BookEasySyncService
  domains: { forHost(host: string): Promise<{ _id: string } | null> }
}

/** The domain the provider's listings belong to (none before the first domain exists). */
export async function listingDomainIds(deps: Deps): Promise<string[]> {
  const id = await deps.listingsSync.targetDomainId(deps.domains)
  return id ? [id] : []
}

/** The booking provider's operator information on the domain's listings; failures are logged, not thrown. */
export async function refreshBookingOperators(deps: Deps, domainId: string, log: Logger): Promise<void> {
  if (!deps.bookEasySync.configured) return
  try {
    const { refreshed, error } = await deps.bookEasySync.loadBookEasyListings(domainId, { refresh: true })
    if (error) log.warn({}, `booking operator information not loaded: ${error}`)
    else if (refreshed)
      log.info({ refreshed }, `booking operator information: ${refreshed.updated} of ${refreshed.operators} listings updated`)
  } catch (err) {
    log.warn({ err }, 'booking operator information not loaded')
  }
}

export function registerListingJobs(jobs: JobQueue, deps: Deps) {
  // A failed occurrence is not retried: the next day's delta (or full run) catches up, as the
  // provider's feed says what changed since the last successful run.
  jobs.register(
    LISTINGS_SYNC_JOB,
    async ({ log }) => {
      for (const domainId of await listingDomainIds(deps)) {
        try {
          const report = await deps.listingsSync.syncAll(domainId, { trigger: 'schedule', mode: 'auto' })
          log.info({ report }, 'scheduled listing sync finished')
          await refreshBookingOperators(deps, domainId, log)
        } catch (err) {
          if (err instanceof AppError && err.kind === 'conflict') log.info({ domainId }, 'listing sync skipped: another sync is running')
          else throw err
        }
      }
    },
    { maxAttempts: 1, leaseMs: 10 * 60_000 },
  )
}
