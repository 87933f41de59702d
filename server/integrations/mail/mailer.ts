import { randomUUID } from 'node:crypto'
import { and, asc, eq, lt } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db } from '../../db/client.ts'
import { mailOutbox } from '../../db/schema.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without one, messages stay in the outbox (status 'outbox'). */
  smtpUrl: string | undefined
  from: string
  maxAttempts?: number
  /**
   * Back-off of retryPending: after the n-th failed attempt a message waits retryBaseMs * 2^(n-1)
   * (at most retryMaxMs) before the next one, so a mail server that is down for hours is waited
   * for with few attempts. 0 (the default) retries on every call.
   */
  retryBaseMs?: number
  retryMaxMs?: number
}

/**
 * Sends e-mail through an outbox: every message is stored first, then handed to SMTP. A failure
 * leaves it 'pending' for retryPending(); nothing a user triggered is lost.
 */
export function createMailer(db: Db, options: MailerOptions) {
  const maxAttempts = options.maxAttempts ?? 5
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const retryBaseMs = options.retryBaseMs ?? 0
  const retryMaxMs = options.retryMaxMs ?? 60 * 60 * 1000
  /** When a failed message may be tried again (this instance's memory; a restart retries at once). */
  const notBefore = new Map<string, number>()

  async function deliver(id: string, message: MailMessage, attempts: number): Promise<boolean> {
    if (!transport) return false
    try {
      await transport.sendMail({ from: options.from, ...message })
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: attempts + 1, lastError: null }).where(eq(mailOutbox.id, id))
      notBefore.delete(id)
      return true
    } catch (err) {
      const failed = attempts + 1 >= maxAttempts
      if (failed) notBefore.delete(id)
      else if (retryBaseMs > 0) notBefore.set(id, Date.now() + Math.min(retryBaseMs * 2 ** attempts, retryMaxMs))
      await db
        .update(mailOutbox)
        .set({ status: failed ? 'failed' : 'pending', attempts: attempts + 1, lastError: (err as Error).message.slice(0, 500) })
        .where(eq(mailOutbox.id, id))
      return false
    }
  }

  return {
    /** Stores the message and tries to send it once; answers whether it was handed to SMTP. */
    async send(message: MailMessage): Promise<{ id: string; sent: boolean }> {
      const id = randomUUID()
      await db.insert(mailOutbox).values({ id, ...message, html: message.html ?? null, status: transport ? 'pending' : 'outbox' })
      return { id, sent: await deliver(id, message, 0) }
    },
    /** Sends again what failed before and whose back-off has passed at `now` (called on a timer by the server). */
    async retryPending(now = Date.now()): Promise<number> {
      if (!transport) return 0
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, maxAttempts)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(20)
      let sent = 0
      for (const row of rows) {
        if ((notBefore.get(row.id) ?? 0) > now) continue
        if (await deliver(row.id, { to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) }, row.attempts)) sent++
      }
      return sent
    },
    /** The newest messages, for the development outbox page and for tests. */
    async recent(limit = 20) {
      const rows = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt)).limit(500)
      return rows.slice(-limit).reverse()
    },
    close: () => transport?.close(),
  }
}

export type Mailer = ReturnType<typeof createMailer>
