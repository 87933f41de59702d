import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db } from '../../db/client.ts'
import { mailOutbox, type MailAttachments } from '../../db/schema.ts'
import { createJobQueue, type JobQueue } from '../../jobs/queue.ts'

/** The job that sends a stored message again after a failed attempt (server/jobs/queue.ts). */
export const MAIL_RETRY_JOB = 'mail.send'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Files sent with it (base64), kept in the outbox with the message. */
  attachments?: MailAttachments
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without one, messages stay in the outbox (status 'outbox'). */
  smtpUrl: string | undefined
  from: string
  maxAttempts?: number
  /**
   * Back-off of the retries (the job queue's one policy): after the n-th failed attempt a message
   * waits retryBaseMs * 2^(n-1) (at most retryMaxMs) before the next one, so a mail server that is
   * down for hours is waited for with few attempts. 0 (the default) retries at once.
   */
  retryBaseMs?: number
  retryMaxMs?: number
  /** Told when a message later() was preparing could not be stored (e.g. the database went away). */
  onError?: (err: unknown) => void
  /** The job queue the retries run on (the server's; a mailer of its own makes one). */
  jobs?: JobQueue
}

/**
 * Sends e-mail through an outbox: every message is stored first, together with the job that
 * retries it (server/jobs/queue.ts), then handed to SMTP. A failed first attempt leaves it
 * 'pending' for that job; nothing a user triggered is lost, not even by a crash before the first
 * attempt. send() waits for the first attempt; queue() answers once the message is stored and
 * attempts it in the background; later() answers at once and prepares, stores and attempts it in
 * the background.
 */
export function createMailer(db: Db, options: MailerOptions) {
  const maxAttempts = options.maxAttempts ?? 5
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const retryBaseMs = options.retryBaseMs ?? 0
  const jobs = options.jobs ?? createJobQueue(db)
  /** Attempts under way, so a retry never sends a message a second time while it is being sent. */
  const inFlight = new Map<string, Promise<string | null>>()
  /** Messages still being prepared and stored by later(). */
  const preparing = new Set<Promise<void>>()

  /** One attempt; answers null when the message went out, else why not (also stored on the message). */
  async function deliver(id: string, message: MailMessage, attempts: number): Promise<string | null> {
    if (!transport) return 'no mail server is configured'
    try {
      const { attachments, ...rest } = message
      await transport.sendMail({
        from: options.from,
        ...rest,
        ...(attachments?.length
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content, 'base64'),
              })),
            }
          : {}),
      })
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, id))
      return null
    } catch (err) {
      const failed = attempts + 1 >= maxAttempts
      const lastError = (err as Error).message.slice(0, 500)
      await db
        .update(mailOutbox)
        .set({ status: failed ? 'failed' : 'pending', attempts: attempts + 1, lastError })
        .where(eq(mailOutbox.id, id))
      return lastError
    }
  }

  /**
   * One tracked attempt. A failure to record its outcome (the database went away) is not thrown:
   * the message then stays 'pending' in the outbox and its retry job sends it.
   */
  function attempt(id: string, message: MailMessage, attempts: number): Promise<string | null> {
    const running = deliver(id, message, attempts)
      .catch((err: unknown) => (err instanceof Error ? err.message : String(err)))
      .finally(() => inFlight.delete(id))
    inFlight.set(id, running)
    return running
  }

  /** One attempt, and what follows it: the retry job is done when it worked (and runs after the back-off when not). */
  async function firstAttempt(id: string, message: MailMessage): Promise<boolean> {
    const error = await attempt(id, message, 0)
    if (error === null) await jobs.complete(MAIL_RETRY_JOB, id).catch(() => {})
    return error === null
  }

  /**
   * The message and its retry job, in one transaction. The job counts the first attempt (made by the
   * caller at once) as made, so it waits the back-off of one failed attempt before it runs.
   */
  async function store(message: MailMessage): Promise<string> {
    const id = randomUUID()
    await db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values({
        id,
        ...message,
        html: message.html ?? null,
        attachments: message.attachments?.length ? message.attachments : null,
        status: transport ? 'pending' : 'outbox',
      })
      if (transport) await jobs.enqueue(MAIL_RETRY_JOB, { id }, { key: id, tx, attemptsMade: 1, runAt: new Date(Date.now() + retryBaseMs) })
    })
    jobs.wake()
    return id
  }

  // A retry: the stored message, unless it went out meanwhile (or is being sent by this instance).
  jobs.register<{ id: string }>(
    MAIL_RETRY_JOB,
    async ({ payload }) => {
      await inFlight.get(payload.id)
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, payload.id))
      if (!row || row.status !== 'pending') return false
      const error = await attempt(
        row.id,
        {
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.attachments ? { attachments: row.attachments } : {}),
        },
        row.attempts,
      )
      if (error !== null) throw new Error(error)
      return true
    },
    { maxAttempts, backoffMs: retryBaseMs, maxBackoffMs: options.retryMaxMs ?? 60 * 60 * 1000 },
  )

  return {
    /** Stores the message and tries to send it once; answers whether it was handed to SMTP. */
    async send(message: MailMessage): Promise<{ id: string; sent: boolean }> {
      const id = await store(message)
      return { id, sent: await firstAttempt(id, message) }
    },
    /**
     * Stores the message and answers at once; the first attempt runs in the background (a slow
     * or absent mail server never keeps the caller waiting), and retryPending() takes it from there.
     */
    async queue(message: MailMessage): Promise<{ id: string }> {
      const id = await store(message)
      if (transport) void firstAttempt(id, message)
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
        if (transport) await firstAttempt(id, message)
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
    /**
     * Runs the retries due at `now` now, and answers how many messages they sent (the server's job
     * runner does this by itself; tests and the development outbox call it).
     */
    async retryPending(now = Date.now()): Promise<number> {
      const report = await jobs.runDue({ now: new Date(now), names: [MAIL_RETRY_JOB] })
      return report.done.filter((run) => run.result === true).length
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
