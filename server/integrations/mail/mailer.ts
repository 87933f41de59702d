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
  /** Told when a message later() was preparing could not be stored (e.g. the database went away). */
  onError?: (err: unknown) => void
}

/**
 * Sends e-mail through an outbox: every message is stored first, then handed to SMTP. A failure
 * leaves it 'pending' for retryPending(); nothing a user triggered is lost. send() waits for the
 * first attempt; queue() answers once the message is stored and attempts it in the background;
 * later() answers at once and prepares, stores and attempts it in the background.
 */
export function createMailer(db: Db, options: MailerOptions) {
  const maxAttempts = options.maxAttempts ?? 5
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const retryBaseMs = options.retryBaseMs ?? 0
  const retryMaxMs = options.retryMaxMs ?? 60 * 60 * 1000
  /** When a failed message may be tried again (this instance's memory; a restart retries at once). */
  const notBefore = new Map<string, number>()
  /** Attempts under way, so a retry never sends a message a second time while it is being sent. */
  const inFlight = new Map<string, Promise<boolean>>()
  /** Messages still being prepared and stored by later(). */
  const preparing = new Set<Promise<void>>()

  async function deliver(id: string, message: MailMessage, attempts: number): Promise<boolean> {
    if (!transport) return false
    try {
      await transport.sendMail({ from: options.from, ...message })
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, id))
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

  /**
   * One tracked attempt. A failure to record its outcome (the database went away) is not thrown:
   * the message then stays 'pending' in the outbox and a later retry sends it.
   */
  function attempt(id: string, message: MailMessage, attempts: number): Promise<boolean> {
    const running = deliver(id, message, attempts)
      .catch(() => false)
      .finally(() => inFlight.delete(id))
    inFlight.set(id, running)
    return running
  }

  async function store(message: MailMessage): Promise<string> {
    const id = randomUUID()
    await db.insert(mailOutbox).values({ id, ...message, html: message.html ?? null, status: transport ? 'pending' : 'outbox' })
    return id
  }

  return {
    /** Stores the message and tries to send it once; answers whether it was handed to SMTP. */
    async send(message: MailMessage): Promise<{ id: string; sent: boolean }> {
      const id = await store(message)
      return { id, sent: await attempt(id, message, 0) }
    },
    /**
     * Stores the message and answers at once; the first attempt runs in the background (a slow
     * or absent mail server never keeps the caller waiting), and retryPending() takes it from there.
     */
    async queue(message: MailMessage): Promise<{ id: string }> {
      const id = await store(message)
      if (transport) void attempt(id, message, 0)
      return { id }
    },
    /**
     * Prepares, stores and sends a message entirely in the background: the caller answers at once,
     * in the same time whatever `prepare` finds to do (a password reset must not tell whether the
     * address has an account). `prepare` answers the message, or null for nothing to send. A failure
     * to prepare or store it is reported to onError (the message was not stored, so nothing retries it).
     */
    later(prepare: () => Promise<MailMessage | null>): void {
      const job = (async () => {
        // Not before the caller has answered: an embedded database runs queries on this thread, and
        // the answer must not wait behind them.
        await new Promise<void>((resolve) => setImmediate(resolve))
        const message = await prepare()
        if (!message) return
        const id = await store(message)
        if (transport) await attempt(id, message, 0)
      })()
        .catch((err: unknown) => (options.onError ?? warn)(err))
        .finally(() => preparing.delete(job))
      preparing.add(job)
    },
    /** Waits until no message is being prepared or sent (or timeoutMs passed): before shutting down, and in tests. */
    async idle(timeoutMs = 60_000): Promise<void> {
      const deadline = Date.now() + timeoutMs
      while ((inFlight.size || preparing.size) && Date.now() < deadline) {
        let timer: ReturnType<typeof setTimeout> | undefined
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))
        await Promise.race([Promise.allSettled([...inFlight.values(), ...preparing]), timeout])
        clearTimeout(timer)
      }
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
        if ((notBefore.get(row.id) ?? 0) > now || inFlight.has(row.id)) continue
        if (
          await attempt(row.id, { to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) }, row.attempts)
        )
          sent++
      }
      return sent
    },
    /** The newest messages, for the development outbox page and for tests. */
    async recent(limit = 20) {
      const rows = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt)).limit(500)
      return rows.slice(-limit).reverse()
    },
    /** Throws when the mail server does not take a connection and sign-in within timeoutMs (/health); no SMTP_URL: nothing to check. */
    async verify(timeoutMs: number): Promise<void> {
      if (!transport) return
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          transport.verify(),
          new Promise(
            (_, reject) =>
              (timer = setTimeout(() => reject(new Error(`the mail server did not answer within ${timeoutMs} ms`)), timeoutMs)),
          ),
        ])
      } finally {
        clearTimeout(timer)
      }
    },
    close: () => transport?.close(),
  }
}

/** Without an onError, a message that could not be stored still shows on stderr. */
const warn = (err: unknown) =>
  process.emitWarning(`An e-mail could not be stored in the outbox: ${err instanceof Error ? err.message : String(err)}`)

export type Mailer = ReturnType<typeof createMailer>
