import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { DraftLinkProblem } from '#lib/draft-link'
import type { Db } from '../db/client.ts'
import { draftLinks, pages } from '../db/schema.ts'
import { actorCanEdit, SYSTEM, type Actor } from './access.ts'
import { AppError, notFound } from './errors.ts'
import type { PageService } from './pages.ts'
import { recordActivity } from './team/activity.ts'

export interface DraftLinkOptions {
  /** The HMAC key (DRAFT_LINK_SECRET); every instance must share it. */
  secret: string
  /** How long a link works. */
  ttlMs: number
}

interface Payload {
  /** Domain and page ids, the expiry in seconds since the epoch, and the issued link's row (draft_links). */
  d: string
  p: string
  e: number
  i: string
}

export type VerifiedDraftLink =
  { ok: true; domainId: string; pageId: string; linkId: string; expiresAt: Date } | { ok: false; problem: DraftLinkProblem }

/** A link still in use, as the panel that made it lists it. */
export interface IssuedDraftLink {
  id: string
  createdAt: string
  createdBy: string | null
  expiresAt: string
}

/**
 * The secret draft links are signed with: DRAFT_LINK_SECRET, else a random one written once to
 * $DATA_DIR/draft-link.secret (one instance; several instances set the variable).
 */
export function draftLinkSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'draft-link.secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('base64url')
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}

/**
 * Draft links (issue 17 point 7): a token naming a domain, a page, an expiry and the issued link's
 * row, signed with an HMAC-SHA256 of the server's secret. A changed byte or a passed expiry is
 * refused before the database is asked; a link revoked from the panel that made it (issue 29
 * point 10), or one issued before links were recorded, is refused by its row. The page shown is
 * always its current draft. Making and revoking a link are in the activity log.
 */
export function createDraftLinks(deps: { db: Db; pages: Pick<PageService, 'loadDraft'> }, options: DraftLinkOptions) {
  const sign = (payload: string) => createHmac('sha256', options.secret).update(payload).digest('base64url')

  /** A signed token for a page the actor may edit; answers the token, the page's slug and when it expires. */
  async function create(domainId: string, pageId: string, actor: Actor, now = new Date()) {
    const [row] = await deps.db
      .select({ slug: pages.slug, draft: pages.draft, domainId: pages.domainId, collection: pages.collection })
      .from(pages)
      .where(eq(pages.id, pageId))
      .limit(1)
    if (!row || row.domainId !== domainId || row.collection !== 'pages') throw notFound('Page not found')
    if (!actorCanEdit(actor, row.draft)) throw new AppError('forbidden', 'You are not allowed to edit this page')
    const expiresAt = new Date(Math.floor((now.getTime() + options.ttlMs) / 1000) * 1000)
    const id = randomBytes(12).toString('base64url')
    const user = actor.user ?? null
    await deps.db.transaction(async (tx) => {
      await tx.insert(draftLinks).values({
        id,
        domainId,
        pageId,
        createdBy: user?._id ?? null,
        createdByName: user?.username ?? null,
        createdAt: now,
        expiresAt,
      })
      await recordActivity(tx, actor, { kind: 'page', action: 'draft-link', domainId, subjectId: pageId, subject: `/${row.slug}` })
    })
    const payload = Buffer.from(
      JSON.stringify({ d: domainId, p: pageId, e: Math.floor(expiresAt.getTime() / 1000), i: id } satisfies Payload),
    ).toString('base64url')
    return { id, token: `${payload}.${sign(payload)}`, slug: row.slug, expiresAt: expiresAt.toISOString() }
  }

  /** The page's links that still work (not revoked, not expired), newest first, for an editor of the page. */
  async function list(domainId: string, pageId: string, actor: Actor, now = new Date()): Promise<IssuedDraftLink[]> {
    await editablePage(domainId, pageId, actor)
    const rows = await deps.db
      .select()
      .from(draftLinks)
      .where(
        and(eq(draftLinks.pageId, pageId), eq(draftLinks.domainId, domainId), isNull(draftLinks.revokedAt), gt(draftLinks.expiresAt, now)),
      )
      .orderBy(desc(draftLinks.createdAt))
      .limit(100)
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdByName,
      expiresAt: r.expiresAt.toISOString(),
    }))
  }

  /** Revokes a link: it stops working at once. Only an editor of its page may; a second revoke is a no-op. */
  async function revoke(domainId: string, linkId: string, actor: Actor, now = new Date()) {
    const [link] = await deps.db.select().from(draftLinks).where(eq(draftLinks.id, linkId)).limit(1)
    if (!link || link.domainId !== domainId) throw notFound('Draft link not found')
    const page = await editablePage(domainId, link.pageId, actor)
    if (link.revokedAt) return { revoked: true as const }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(draftLinks)
        .set({ revokedAt: now, revokedBy: actor.user?._id ?? null })
        .where(eq(draftLinks.id, linkId))
      await recordActivity(tx, actor, {
        kind: 'page',
        action: 'revoke-draft-link',
        domainId,
        subjectId: link.pageId,
        subject: `/${page.slug}`,
      })
    })
    return { revoked: true as const }
  }

  /** The page, when the actor may edit it (deny by default: not found, another domain, or no right). */
  async function editablePage(domainId: string, pageId: string, actor: Actor) {
    const [row] = await deps.db
      .select({ slug: pages.slug, draft: pages.draft, domainId: pages.domainId })
      .from(pages)
      .where(eq(pages.id, pageId))
      .limit(1)
    if (!row || row.domainId !== domainId) throw notFound('Page not found')
    if (!actorCanEdit(actor, row.draft)) throw new AppError('forbidden', 'You are not allowed to edit this page')
    return row
  }

  /** Checks the signature first (a forged token learns nothing), then the expiry. */
  function verify(token: string, now = new Date()): VerifiedDraftLink {
    const [payload, signature, ...rest] = token.split('.')
    if (!payload || !signature || rest.length) return { ok: false, problem: 'invalid' }
    const expected = Buffer.from(sign(payload))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: 'invalid' }
    let parsed: Payload
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Payload
    } catch {
      return { ok: false, problem: 'invalid' }
    }
    // A link issued before links were recorded names no row: it could never be revoked, so it is refused.
    if (typeof parsed.d !== 'string' || typeof parsed.p !== 'string' || typeof parsed.e !== 'number' || typeof parsed.i !== 'string')
      return { ok: false, problem: 'invalid' }
    if (parsed.e * 1000 <= now.getTime()) return { ok: false, problem: 'expired' }
    return { ok: true, domainId: parsed.d, pageId: parsed.p, linkId: parsed.i, expiresAt: new Date(parsed.e * 1000) }
  }

  /** The page's current draft for a valid token on this domain, or the problem (a page since deleted is 'invalid'). */
  async function load(domainId: string, token: string, now = new Date()) {
    const checked = verify(token, now)
    if (!checked.ok) return checked
    if (checked.domainId !== domainId) return { ok: false as const, problem: 'invalid' as const }
    const [issued] = await deps.db
      .select({ pageId: draftLinks.pageId, revokedAt: draftLinks.revokedAt })
      .from(draftLinks)
      .where(eq(draftLinks.id, checked.linkId))
      .limit(1)
    if (!issued || issued.pageId !== checked.pageId) return { ok: false as const, problem: 'invalid' as const }
    if (issued.revokedAt) return { ok: false as const, problem: 'revoked' as const }
    const [row] = await deps.db
      .select({ slug: pages.slug, domainId: pages.domainId })
      .from(pages)
      .where(eq(pages.id, checked.pageId))
      .limit(1)
    const page = row && row.domainId === domainId ? await deps.pages.loadDraft(domainId, 'pages', row.slug, SYSTEM) : null
    if (!page) return { ok: false as const, problem: 'invalid' as const }
    return { ok: true as const, page }
  }

  return { create, verify, load, list, revoke }
}

export type DraftLinks = ReturnType<typeof createDraftLinks>
