import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { DraftLinkProblem } from '#lib/draft-link'
import type { Db } from '../db/client.ts'
import { pages } from '../db/schema.ts'
import { actorCanEdit, SYSTEM, type Actor } from './access.ts'
import { AppError, notFound } from './errors.ts'
import type { PageService } from './pages.ts'

export interface DraftLinkOptions {
  /** The HMAC key (DRAFT_LINK_SECRET); every instance must share it. */
  secret: string
  /** How long a link works. */
  ttlMs: number
}

interface Payload {
  /** Domain and page ids, and the expiry in seconds since the epoch. */
  d: string
  p: string
  e: number
}

export type VerifiedDraftLink = { ok: true; domainId: string; pageId: string; expiresAt: Date } | { ok: false; problem: DraftLinkProblem }

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
 * Draft links (issue 17 point 7): a token naming a domain, a page and an expiry, signed with an
 * HMAC-SHA256 of the server's secret. Nothing is stored: a changed byte or a passed expiry is
 * refused, and the page shown is always its current draft.
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
    const expiresAt = new Date(now.getTime() + options.ttlMs)
    const payload = Buffer.from(
      JSON.stringify({ d: domainId, p: pageId, e: Math.floor(expiresAt.getTime() / 1000) } satisfies Payload),
    ).toString('base64url')
    return { token: `${payload}.${sign(payload)}`, slug: row.slug, expiresAt: expiresAt.toISOString() }
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
    if (typeof parsed.d !== 'string' || typeof parsed.p !== 'string' || typeof parsed.e !== 'number')
      return { ok: false, problem: 'invalid' }
    if (parsed.e * 1000 <= now.getTime()) return { ok: false, problem: 'expired' }
    return { ok: true, domainId: parsed.d, pageId: parsed.p, expiresAt: new Date(parsed.e * 1000) }
  }

  /** The page's current draft for a valid token on this domain, or the problem (a page since deleted is 'invalid'). */
  async function load(domainId: string, token: string, now = new Date()) {
    const checked = verify(token, now)
    if (!checked.ok) return checked
    if (checked.domainId !== domainId) return { ok: false as const, problem: 'invalid' as const }
    const [row] = await deps.db
      .select({ slug: pages.slug, domainId: pages.domainId })
      .from(pages)
      .where(eq(pages.id, checked.pageId))
      .limit(1)
    const page = row && row.domainId === domainId ? await deps.pages.loadDraft(domainId, 'pages', row.slug, SYSTEM) : null
    if (!page) return { ok: false as const, problem: 'invalid' as const }
    return { ok: true as const, page }
  }

  return { create, verify, load }
}

export type DraftLinks = ReturnType<typeof createDraftLinks>
