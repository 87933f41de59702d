import { asc, eq, sql } from 'drizzle-orm'
import type { DomainDoc } from '#lib/content'
import { isLocaleCode, languagesProblem, type DomainLanguages, type LocaleCode } from '#lib/locales'
import { formatSiteTime } from '#lib/team'
import type { Db } from '../db/client.ts'
import { domains } from '../db/schema.ts'
import { conflict, invalidInput, notFound } from './errors.ts'
import type { ContentEventBus } from './events.ts'
import type { Actor } from './access.ts'
import { recordActivity } from './team/activity.ts'

/** The host a request names, without port, lower-cased; 'localhost' when absent. */
export function hostFromHeader(hostHeader: string | null | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase()
  if (!raw) return 'localhost'
  // [::1]:3000 keeps its brackets; name:port loses the port.
  const host = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0]
  return host || 'localhost'
}

/** Throws 404 when no domain has this id: content is never stored for a domain that does not exist. */
export async function requireDomain(db: Db, domainId: string): Promise<void> {
  const [row] = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, domainId)).limit(1)
  if (!row) throw notFound('Domain not found')
}

function toDoc(row: typeof domains.$inferSelect): DomainDoc {
  // A language no longer in lib/locales.ts (never written: saves are validated) is left out rather than served.
  const stored = (code: string): code is LocaleCode => isLocaleCode(code)
  const languages: DomainLanguages = {
    default: stored(row.defaultLanguage) ? row.defaultLanguage : 'en-AU',
    others: row.languages.filter(stored),
  }
  return { _id: row.id, name: row.name, hostnames: row.hostnames, published: row.published, languages, version: row.version }
}

const sameLanguages = (a: DomainLanguages, b: DomainLanguages) => a.default === b.default && a.others.join() === b.others.join()

export function createDomainService(db: Db, events: ContentEventBus) {
  /** Which domain answers which host changed: every visitor page cached for those hosts is stale. */
  const changed = (domainId: string) => events.emit('published', domainId, { kind: 'domains' })

  // Domains change rarely and are read on every request: keep the list in memory, until a domain
  // changes here or in another instance (whose changes reach this bus too).
  let cached: DomainDoc[] | null = null
  events.on('published', (_domainId, change) => {
    if (change?.kind === 'domains' || change?.kind === 'everything') cached = null
  })

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
    return all.find((d) => d.hostnames.includes(host)) ?? all.find((d) => d.hostnames.includes('localhost')) ?? all[0] ?? null
  }

  async function load(hostname: string) {
    const [domain, domainsList] = await Promise.all([forHost(hostname), list()])
    return { domain, domains: domainsList }
  }

  async function byId(id: string): Promise<DomainDoc | null> {
    return (await list()).find((d) => d._id === id) ?? null
  }

  /**
   * Creates or updates a domain; a host name may belong to one domain only. Updating an existing
   * domain needs the version it was loaded at (400 without it, 409 when someone saved since),
   * unless `force`; creating one needs none.
   */
  async function upsert(doc: DomainDoc, options: { force?: boolean; actor?: Actor } = {}): Promise<DomainDoc> {
    const hostnames = [...new Set(doc.hostnames.map((h) => h.trim().toLowerCase()).filter(Boolean))]
    const [existing] = await db.select().from(domains).where(eq(domains.id, doc._id)).limit(1)
    if (existing && !options.force) {
      if (doc.version === undefined) {
        throw invalidInput(
          `A domain with the id '${doc._id}' exists: send the version you loaded to change it (or force: true to overwrite it knowingly)`,
          [{ path: 'version', message: 'Required when saving an existing domain' }],
        )
      }
      if (doc.version !== existing.version) {
        throw conflict(
          `The domain '${existing.name}' was saved by someone else at ${formatSiteTime(existing.updatedAt.toISOString())} after you opened it. Reload to see their changes, or save again to overwrite them.`,
          {
            currentVersion: existing.version,
            updatedAt: existing.updatedAt.toISOString(),
          },
        )
      }
    }
    const taken = (await list()).find((d) => d._id !== doc._id && d.hostnames.some((h) => hostnames.includes(h)))
    if (taken)
      throw conflict(`The host name ${taken.hostnames.find((h) => hostnames.includes(h))} already belongs to the domain '${taken.name}'`)
    // Languages are validated here too, whoever calls (API, seed, CLI): only languages whose site texts ship.
    const before = existing ? toDoc(existing).languages! : null
    const languages = doc.languages ?? before ?? { default: 'en-AU', others: [] }
    const problem = languagesProblem(languages)
    if (problem) throw invalidInput(problem.message, [problem])
    const values = {
      id: doc._id,
      name: doc.name,
      hostnames,
      published: doc.published,
      defaultLanguage: languages.default,
      languages: languages.others,
    }
    const row = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(domains)
        .values(values)
        .onConflictDoUpdate({
          target: domains.id,
          set: { ...values, version: sql`${domains.version} + 1`, updatedAt: new Date() },
          setWhere: existing && !options.force ? eq(domains.version, existing.version) : undefined,
        })
        .returning()
      if (row) {
        await recordActivity(tx, options.actor, { kind: 'domain', action: 'save', domainId: row.id, subjectId: row.id, subject: row.name })
        // A change of languages changes every address of the domain: the log says so on its own line.
        if (before && !sameLanguages(before, languages))
          await recordActivity(tx, options.actor, {
            kind: 'domain',
            action: 'languages',
            domainId: row.id,
            subjectId: row.id,
            subject: row.name,
            details: { from: before, to: languages },
          })
      }
      return row
    })
    cached = null
    if (!row) throw conflict(`Someone else saved the domain '${doc.name}' at the same moment. Reload to see their changes.`)
    changed(doc._id)
    return toDoc(row)
  }

  async function setPublished(id: string, published: boolean, actor?: Actor): Promise<DomainDoc> {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.update(domains).set({ published, updatedAt: new Date() }).where(eq(domains.id, id)).returning()
      if (!row) throw notFound('Domain not found')
      await recordActivity(tx, actor, {
        kind: 'domain',
        action: published ? 'publish' : 'unpublish',
        domainId: id,
        subjectId: id,
        subject: row.name,
      })
      return row
    })
    cached = null
    changed(id)
    return toDoc(row)
  }

  /**
   * Moves the host an editor is on to another domain, so one address can edit every domain's
   * content (BEHAVIOUR-NOTES "Domains"). Answers the domain that now holds the host and the one
   * that held it.
   */
  async function swapActive(host: string, targetId: string): Promise<{ newDomain: DomainDoc; oldDomain: DomainDoc | null }> {
    const result = await db.transaction(async (tx) => {
      const [target] = await tx.select().from(domains).where(eq(domains.id, targetId)).limit(1)
      if (!target) throw notFound('Domain not found')
      const holders = await tx
        .select()
        .from(domains)
        .where(sql`${host} = any(${domains.hostnames})`)
      for (const holder of holders) {
        if (holder.id === targetId) continue
        await tx
          .update(domains)
          .set({ hostnames: holder.hostnames.filter((h) => h !== host), version: sql`${domains.version} + 1`, updatedAt: new Date() })
          .where(eq(domains.id, holder.id))
      }
      // The host names change: an editor's copy of either domain is stale (a new version).
      const hostnames = target.hostnames.includes(host) ? target.hostnames : [...target.hostnames, host]
      const [updated] = await tx
        .update(domains)
        .set({ hostnames, ...(target.hostnames.includes(host) ? {} : { version: sql`${domains.version} + 1` }), updatedAt: new Date() })
        .where(eq(domains.id, targetId))
        .returning()
      cached = null
      const old = holders.find((h) => h.id !== targetId)
      return {
        newDomain: toDoc(updated!),
        oldDomain: old ? toDoc({ ...old, hostnames: old.hostnames.filter((h) => h !== host), version: old.version + 1 }) : null,
      }
    })
    changed(targetId)
    return result
  }

  return { list, forHost, load, byId, upsert, setPublished, swapActive }
}

export type DomainService = ReturnType<typeof createDomainService>
