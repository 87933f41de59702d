import { asc, eq } from 'drizzle-orm'
import type { DomainDoc } from '#lib/content'
import type { Db } from '../db/client.ts'
import { domains } from '../db/schema.ts'

/** The host a request names, without port, lower-cased; 'localhost' when absent. */
export function hostFromHeader(hostHeader: string | null | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase()
  if (!raw) return 'localhost'
  // [::1]:3000 keeps its brackets; name:port loses the port.
  const host = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0]
  return host || 'localhost'
}

function toDoc(row: typeof domains.$inferSelect): DomainDoc {
  return { _id: row.id, name: row.name, hostnames: row.hostnames, published: row.published }
}

export function createDomainService(db: Db) {
  // Domains change rarely and are read on every request: keep the list in memory.
  let cached: DomainDoc[] | null = null

  async function list(): Promise<DomainDoc[]> {
    if (!cached) {
      const rows = await db.select().from(domains).orderBy(asc(domains.createdAt), asc(domains.id))
      cached = rows.map(toDoc)
    }
    return cached
  }

  /** The domain serving a host; unknown hosts fall back to the one holding 'localhost', else the oldest. */
  async function forHost(host: string): Promise<DomainDoc | null> {
    const all = await list()
    return (
      all.find((d) => d.hostnames.includes(host)) ??
      all.find((d) => d.hostnames.includes('localhost')) ??
      all[0] ??
      null
    )
  }

  async function load(hostname: string) {
    const [domain, domainsList] = await Promise.all([forHost(hostname), list()])
    return { domain, domains: domainsList }
  }

  async function byId(id: string): Promise<DomainDoc | null> {
    return (await list()).find((d) => d._id === id) ?? null
  }

  async function upsert(doc: DomainDoc): Promise<DomainDoc> {
    const values = { id: doc._id, name: doc.name, hostnames: doc.hostnames, published: doc.published }
    await db
      .insert(domains)
      .values(values)
      .onConflictDoUpdate({ target: domains.id, set: { ...values, updatedAt: new Date() } })
    cached = null
    const [row] = await db.select().from(domains).where(eq(domains.id, doc._id))
    return toDoc(row!)
  }

  return { list, forHost, load, byId, upsert, invalidate: () => (cached = null) }
}

export type DomainService = ReturnType<typeof createDomainService>
