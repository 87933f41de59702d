/**
 * GET /health: what a load balancer and an operator need to know about this instance. It answers
 * 503 when the instance cannot do its work (the database does not answer, the notification
 * channel between instances is down, a folder it writes to cannot be written), so a load balancer
 * takes it out; and it names each provider as real, demo or off.
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
}

type Check = { status: 'ok' } | { status: 'unavailable' | 'reconnecting' | 'not_writable'; error?: string }

/** The process's memory in MB: resident, V8's heap, and outside it (the embedded database's WebAssembly memory, buffers). */
function memoryMb() {
  const m = process.memoryUsage()
  const mb = (n: number) => Math.round(n / 1024 / 1024)
  return { rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) }
}

async function writable(folder: string): Promise<Check> {
  const probe = path.join(folder, `.health-${process.pid}`)
  try {
    await fs.writeFile(probe, '')
    await fs.rm(probe, { force: true })
    return { status: 'ok' }
  } catch (err) {
    return { status: 'not_writable', error: (err as NodeJS.ErrnoException).code ?? (err as Error).message }
  }
}

export function createHealthCheck(services: Services, sources: HealthSources) {
  return async function check(): Promise<{ healthy: boolean; body: Record<string, unknown> }> {
    const started = performance.now()
    const database = await services.database.ping(2000).then(
      () => ({ status: 'ok' as const, kind: services.database.kind, ms: Math.round(performance.now() - started) }),
      (err: unknown) => ({ status: 'unavailable' as const, kind: services.database.kind, error: (err as Error).message }),
    )
    const listener = sources.notifications?.()
    const notifications: Check = !listener || listener === 'listening' ? { status: 'ok' } : { status: 'reconnecting' }
    const folders = Object.fromEntries(
      await Promise.all(
        sources.folders.map(async ({ name, path: folder }) => [name, { ...(await writable(folder)), path: folder }] as const),
      ),
    )
    const healthy = database.status === 'ok' && notifications.status === 'ok' && Object.values(folders).every((f) => f.status === 'ok')
    return {
      healthy,
      body: {
        status: healthy ? 'ok' : 'error',
        database,
        notifications: { ...notifications, kind: services.database.kind === 'postgres' ? 'postgres-listen' : 'in-process' },
        folders,
        providers: sources.providers,
        ...(sources.eventLoop ? { eventLoop: sources.eventLoop.stats() } : {}),
        memory: memoryMb(),
      },
    }
  }
}
