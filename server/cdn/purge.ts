/**
 * Purging the CDN in front by tag (decision 031). Every change published in this process (the
 * content bus, decision 017) is turned into the tags it concerns (tags.ts) and queued as purge jobs
 * on the one job queue (decision 016): one job per batch within the provider's limit, so a change
 * is durable from the moment it is published, a failed call is retried with the queue's back-off
 * (also after a restart), and the publish itself never waits for the CDN or fails with it.
 *
 * Only the instance that made a change purges it: other instances hear it (NOTIFY) and drop their
 * own cached copies, but the CDN is one, and purging it once per instance would multiply API calls
 * against providers' rate limits.
 */
import { and, inArray, sql } from 'drizzle-orm'
import type { CdnConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { jobs as jobsTable } from '../db/schema.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { SITE_CHANGE, type ContentEventBus } from '../services/events.ts'
import { batches, purgeTags } from './tags.ts'

export const CDN_PURGE_JOB = 'cdn.purge'
/**
 * The same tags again, CDN_REPURGE_SECONDS later: by then every instance has heard of the change
 * (NOTIFY), so a copy the CDN refetched from one that had not is dropped (decision 031).
 */
export const CDN_REPURGE_JOB = 'cdn.repurge'

/**
 * Tags per purge call: Fastly's batch purge takes up to 256 surrogate keys; Cloudflare's
 * purge_cache up to 100 tags (its documented operations per request); Varnish takes them in one
 * request header, kept under its 8 KB default header limit.
 */
export const PURGE_LIMITS: Record<CdnConfig['provider'], { tags: number; chars: number }> = {
  fastly: { tags: 256, chars: Infinity },
  cloudflare: { tags: 100, chars: Infinity },
  varnish: { tags: 256, chars: 4000 },
}

export interface PurgePayload {
  tags: string[]
  soft: boolean
}

/** A purge call the CDN refused or did not answer; the job queue retries it. */
export class PurgeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'PurgeError'
  }
}

/** How long one purge call may take before it counts as failed (and is retried). */
const CALL_TIMEOUT_MS = 10_000

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
  } catch (err) {
    throw new PurgeError(`${new URL(url).host} did not answer: ${(err as Error).message}`)
  }
}

const bodyText = async (res: Response) => (await res.text().catch(() => '')).slice(0, 300)

/**
 * Purges one batch of tags. Varnish: a PURGE request with the tags in `xkey-purge` (and
 * `xkey-soft: 1` for a soft purge) to each Varnish server (the VCL in deploy/varnish/ answers it with
 * xkey.purge or xkey.softpurge). Fastly: POST /service/{id}/purge with `surrogate_keys`
 * (`Fastly-Soft-Purge: 1` to mark stale). Cloudflare: POST /zones/{zone}/purge_cache with `tags`
 * (no soft purge), whose answer says `success` and lists `errors`.
 */
export async function purgeBatch(cdn: CdnConfig, tags: readonly string[], soft: boolean): Promise<void> {
  if (!tags.length) return
  if (tags.length > PURGE_LIMITS[cdn.provider].tags)
    throw new PurgeError(`${tags.length} tags in one call; the limit is ${PURGE_LIMITS[cdn.provider].tags}`)
  switch (cdn.provider) {
    case 'varnish': {
      const failures: string[] = []
      await Promise.all(
        cdn.purgeUrls.map(async (url) => {
          const res = await call(url, {
            method: 'PURGE',
            headers: { 'xkey-purge': tags.join(' '), ...(soft ? { 'xkey-soft': '1' } : {}) },
          }).catch((err: unknown) => err as PurgeError)
          if (res instanceof PurgeError) failures.push(res.message)
          else if (!res.ok) failures.push(`${new URL(url).host} answered ${res.status} ${await bodyText(res)}`.trim())
          else await res.body?.cancel()
        }),
      )
      if (failures.length) throw new PurgeError(`Varnish purge failed: ${failures.join('; ')}`)
      return
    }
    case 'fastly': {
      const res = await call(`${cdn.apiUrl}/service/${encodeURIComponent(cdn.serviceId)}/purge`, {
        method: 'POST',
        headers: {
          'Fastly-Key': cdn.apiToken,
          accept: 'application/json',
          'content-type': 'application/json',
          ...(soft ? { 'Fastly-Soft-Purge': '1' } : {}),
        },
        body: JSON.stringify({ surrogate_keys: tags }),
      })
      if (!res.ok) throw new PurgeError(`Fastly answered ${res.status}: ${await bodyText(res)}`, res.status)
      await res.body?.cancel()
      return
    }
    case 'cloudflare': {
      const res = await call(`${cdn.apiUrl}/zones/${encodeURIComponent(cdn.zoneId)}/purge_cache`, {
        method: 'POST',
        headers: { authorization: `Bearer ${cdn.apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tags }),
      })
      const answer = (await res.json().catch(() => null)) as { success?: boolean; errors?: { code?: number; message?: string }[] } | null
      if (!res.ok || answer?.success !== true) {
        const errors = (answer?.errors ?? []).map((e) => `${e.code ?? ''} ${e.message ?? ''}`.trim()).join('; ')
        throw new PurgeError(`Cloudflare answered ${res.status}${errors ? `: ${errors}` : ''}`, res.status)
      }
      return
    }
  }
}

/** What /health reports of the purges: queued or being retried, and given up. */
export interface PurgeStatus {
  provider: CdnConfig['provider']
  /** Purge calls queued or running (a failed one waiting for its retry counts). */
  pending: number
  /** Of those, calls that failed at least once. */
  retrying: number
  /** Calls given up after their last attempt (kept 30 days by the queue's clean-up). */
  failed: number
  lastError?: string
}

export interface CdnPurger {
  readonly provider: CdnConfig['provider']
  /** Queues the purge of these tags (one job per batch); answers the job ids. */
  purge(tags: readonly string[]): Promise<number[]>
  status(): Promise<PurgeStatus>
}

/**
 * Registers the purge job and subscribes to the content bus. Answers undefined when no CDN is
 * configured (nothing is subscribed then).
 */
export function createCdnPurger(options: {
  db: Db
  jobs: JobQueue
  events: ContentEventBus
  cdn: CdnConfig | undefined
  onError?: (err: unknown) => void
}): CdnPurger | undefined {
  const { db, jobs, events, cdn } = options
  if (!cdn) return undefined
  const limits = PURGE_LIMITS[cdn.provider]
  // A minute's outage of the CDN's API is retried within seconds; a long one for about a day.
  const policy = { maxAttempts: 20, backoffMs: 2000, maxBackoffMs: 2 * 60 * 60_000, leaseMs: 60_000, concurrency: 4 }
  for (const name of [CDN_PURGE_JOB, CDN_REPURGE_JOB])
    jobs.register<PurgePayload>(name, ({ payload }) => purgeBatch(cdn, payload.tags, payload.soft), policy)

  async function purge(tags: readonly string[]) {
    const ids: number[] = []
    for (const batch of batches(tags, limits.tags, limits.chars)) {
      const job = await jobs.enqueue<PurgePayload>(CDN_PURGE_JOB, { tags: batch, soft: cdn!.soft })
      if (job) ids.push(job.id)
      if (cdn!.repurgeMs > 0)
        await jobs.enqueue<PurgePayload>(
          CDN_REPURGE_JOB,
          { tags: batch, soft: cdn!.soft },
          { runAt: new Date(Date.now() + cdn!.repurgeMs) },
        )
    }
    return ids
  }

  // Changes made here; another instance's are purged by that instance.
  events.on('published', (domainId, change, origin = 'local') => {
    if (origin !== 'local') return
    const tags = purgeTags(domainId, change ?? SITE_CHANGE)
    if (tags) purge(tags).catch((err: unknown) => options.onError?.(err))
  })

  return {
    provider: cdn.provider,
    purge,
    async status() {
      const [row] = await db
        .select({
          // Pending: the purges a publish waits on (the second ones are a safety net, due later).
          pending:
            sql<number>`count(*) filter (where ${jobsTable.name} = ${CDN_PURGE_JOB} and ${jobsTable.state} in ('queued', 'running'))`.mapWith(
              Number,
            ),
          retrying:
            sql<number>`count(*) filter (where ${jobsTable.state} in ('queued', 'running') and ${jobsTable.lastError} is not null)`.mapWith(
              Number,
            ),
          failed: sql<number>`count(*) filter (where ${jobsTable.state} = 'dead')`.mapWith(Number),
        })
        .from(jobsTable)
        .where(inArray(jobsTable.name, [CDN_PURGE_JOB, CDN_REPURGE_JOB]))
      const [last] = await db
        .select({ lastError: jobsTable.lastError })
        .from(jobsTable)
        .where(
          and(
            inArray(jobsTable.name, [CDN_PURGE_JOB, CDN_REPURGE_JOB]),
            inArray(jobsTable.state, ['queued', 'running', 'dead']),
            sql`${jobsTable.lastError} is not null`,
          ),
        )
        .orderBy(sql`${jobsTable.id} desc`)
        .limit(1)
      return {
        provider: cdn.provider,
        pending: row?.pending ?? 0,
        retrying: row?.retrying ?? 0,
        failed: row?.failed ?? 0,
        ...(last?.lastError ? { lastError: last.lastError } : {}),
      }
    },
  }
}
