/**
 * GET /health: what a load balancer and an operator need to know about this instance. It answers
 * 503 when the instance cannot do its work (the database does not answer, the notification
 * channel between instances is down, a folder it writes to cannot be written or is nearly full, the
 * S3 bucket does not answer), so a load balancer takes it out; 200 with status "degraded" when it
 * serves but something it uses is down and covered (Redis: the limits count in the database;
 * SMTP: e-mail waits in the outbox); and it names each provider as real, demo or off.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { ListenerStatus } from './db/client.ts'
import type { ProviderModes } from './providers.ts'
import type { Services } from './services/index.ts'

export interface HealthSources {
  /** The cross-instance notification channel; absent before the server listens (tests). */
  notifications?: () => ListenerStatus
  /** Folders this instance writes to: the embedded database, local media, the image cache. */
  folders: { name: string; path: string }[]
  providers: ProviderModes
  /** Event-loop delay, so a stall shows here (server/event-loop.ts). */
  eventLoop?: { stats(): Record<string, number> }
  /** A folder with less free space than this (bytes) fails its check (HEALTH_MIN_FREE_MB); 0 or absent: not checked. */
  minFreeBytes?: number
}

type FolderCheck = { status: 'ok'; freeMb?: number } | { status: 'not_writable' | 'low_space'; error: string; freeMb?: number }
type ServiceCheck = { status: 'ok' | 'unavailable' | 'degraded'; error?: string }

/** How long an outside service may take to answer the health check. */
const SERVICE_TIMEOUT_MS = 2000
/**
 * S3 and SMTP answers are kept a few seconds: a load balancer polls every few seconds, and each
 * poll must not cost a bucket request and an SMTP handshake; an outage costs one timeout per
 * period, not one per poll. A failure is kept shorter, so a recovery shows soon.
 */
const SERVICE_OK_CACHE_MS = 5000
const SERVICE_FAILURE_CACHE_MS = 2000

/** The process's memory in MB: resident, V8's heap, and outside it (the embedded database's WebAssembly memory, buffers). */
function memoryMb() {
  const m = process.memoryUsage()
  const mb = (n: number) => Math.round(n / 1024 / 1024)
  return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) }
}

async function checkFolder(folder: string, minFreeBytes: number): Promise<FolderCheck> {
  const probe = path.join(folder, `.health-${process.pid}`)
  try {
    await fs.writeFile(probe, '')
    await fs.rm(probe, { force: true })
  } catch (err) {
    return { status: 'not_writable', error: (err as NodeJS.ErrnoException).code ?? (err as Error).message }
  }
  if (!minFreeBytes) return { status: 'ok' }
  // Space a process of this user may still use (bavail: without the blocks kept for root).
  const stats = await fs.statfs(folder)
  const free = stats.bavail * stats.bsize
  const freeMb = Math.floor(free / 1024 / 1024)
  if (free < minFreeBytes)
    return { status: 'low_space', freeMb, error: `${freeMb} MB free, less than the ${Math.round(minFreeBytes / 1024 / 1024)} MB required` }
  return { status: 'ok', freeMb }
}

/** A check of an outside service whose answer is kept a few seconds (one check in flight at a time). */
function cachedCheck(run: () => Promise<void>): () => Promise<ServiceCheck> {
  let last: { until: number; result: Promise<ServiceCheck> } | undefined
  return () => {
    if (last && performance.now() < last.until) return last.result
    const entry: { until: number; result: Promise<ServiceCheck> } = { until: Infinity, result: Promise.resolve({ status: 'ok' }) }
    entry.result = run().then(
      (): ServiceCheck => {
        entry.until = performance.now() + SERVICE_OK_CACHE_MS
        return { status: 'ok' }
      },
      (err: unknown): ServiceCheck => {
        entry.until = performance.now() + SERVICE_FAILURE_CACHE_MS
        return { status: 'unavailable', error: (err as Error).message || (err as Error).name || String(err) }
      },
    )
    last = entry
    return entry.result
  }
}

export function createHealthCheck(services: Services, sources: HealthSources) {
  const storage = services.storage.check ? cachedCheck(() => services.storage.check!(SERVICE_TIMEOUT_MS)) : undefined
  const mail = services.config.mail.smtpUrl ? cachedCheck(() => services.mailer.verify(SERVICE_TIMEOUT_MS)) : undefined
  const limiterStore = services.rateLimits.store

  return async function check(): Promise<{ healthy: boolean; body: Record<string, unknown> }> {
    const started = performance.now()
    const [database, folders, s3, smtp, limits, purges] = await Promise.all([
      services.database.ping(SERVICE_TIMEOUT_MS).then(
        () => ({ status: 'ok' as const, kind: services.database.kind, ms: Math.round(performance.now() - started) }),
        (err: unknown) => ({ status: 'unavailable' as const, kind: services.database.kind, error: (err as Error).message }),
      ),
      Promise.all(
        sources.folders.map(
          async ({ name, path: folder }) => [name, { ...(await checkFolder(folder, sources.minFreeBytes ?? 0)), path: folder }] as const,
        ),
      ).then((entries) => Object.fromEntries(entries)),
      storage?.(),
      mail?.(),
      limiterStore.kind === 'redis' ? limiterStore.health(SERVICE_TIMEOUT_MS) : undefined,
      services.cdnPurger?.status().catch(() => undefined),
    ])
    const listener = sources.notifications?.()
    const notifications = !listener || listener === 'listening' ? { status: 'ok' as const } : { status: 'reconnecting' as const }
    // What the instance cannot serve without: a load balancer takes it out (503).
    const healthy =
      database.status === 'ok' &&
      notifications.status === 'ok' &&
      Object.values(folders).every((f) => f.status === 'ok') &&
      (!s3 || s3.status === 'ok')
    // What it serves without, covered: Redis (the limits count in the database), SMTP (the outbox keeps mail).
    // CDN purges failing (retried, or given up): visitors may be served stale pages until their s-maxage.
    const purgesFailing = !!purges && (purges.failed > 0 || purges.retrying > 0)
    const degraded = limits?.status === 'degraded' || (smtp !== undefined && smtp.status !== 'ok') || purgesFailing
    return {
      healthy,
      body: {
        status: !healthy ? 'error' : degraded ? 'degraded' : 'ok',
        database,
        notifications: { ...notifications, kind: services.database.kind === 'postgres' ? 'postgres-listen' : 'in-process' },
        folders,
        ...(s3 ? { storage: { ...s3, kind: 's3' } } : {}),
        ...(limits ? { rateLimits: limits.status === 'ok' ? limits : { ...limits, fallback: 'database' } } : {}),
        ...(smtp ? { mail: smtp.status === 'ok' ? smtp : { ...smtp, status: 'degraded', fallback: 'outbox' } } : {}),
        providers: sources.providers,
        ...(purges ? { cdnPurges: { status: purgesFailing ? 'degraded' : 'ok', ...purges } } : {}),
        ...(sources.eventLoop ? { eventLoop: sources.eventLoop.stats() } : {}),
        memory: memoryMb(),
      },
    }
  }
}
