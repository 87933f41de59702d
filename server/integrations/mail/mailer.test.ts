import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts'
import { startSmtpServer } from '../../../tests/helpers/smtp.ts'
import { eq } from 'drizzle-orm'
import { jobs, mailOutbox } from '../../db/schema.ts'
import { createMailer } from './mailer.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('mailer', () => {
  it('stores a message first and delivers it later when the mail server comes back', async () => {
    const port = await freePort()
    const mailer = createMailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'site@example.com' })
    const first = await mailer.send({ to: 'editor@example.com', subject: 'Password Reset', text: 'link' })
    expect(first.sent).toBe(false)
    expect((await mailer.recent(1))[0]).toMatchObject({ status: 'pending', attempts: 1 })

    const smtp = await startSmtpServer(port)
    try {
      expect(await mailer.retryPending()).toBe(1)
      const mail = await smtp.waitFor('editor@example.com')
      expect(mail.raw).toContain('Subject: Password Reset')
      expect((await mailer.recent(1))[0]).toMatchObject({ status: 'sent', attempts: 2 })
      // Nothing left to send: a second retry sends no duplicate.
      expect(await mailer.retryPending()).toBe(0)
    } finally {
      mailer.close()
      await smtp.close()
    }
  })

  it('queue() answers once the message is stored and sends it in the background, once, even if a retry runs meanwhile', async () => {
    const smtp = await startSmtpServer()
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: 'site@example.com' })
    try {
      const { id } = await mailer.queue({ to: 'desk@example.com', subject: 'Concierge enquiry from Ann', text: 'summary' })
      // Stored before anything was sent.
      expect((await mailer.recent(1))[0]).toMatchObject({ id, to: 'desk@example.com' })
      // The retry timer firing while the first attempt is under way does not send it again.
      expect(await mailer.retryPending()).toBe(0)
      await mailer.idle()
      expect((await mailer.recent(1))[0]).toMatchObject({ id, status: 'sent', attempts: 1 })
      expect((await smtp.waitFor('desk@example.com')).raw).toContain('Subject: Concierge enquiry from Ann')
      expect(await mailer.retryPending()).toBe(0)
      expect(smtp.received.filter((m) => m.to.includes('desk@example.com'))).toEqual([])
    } finally {
      mailer.close()
      await smtp.close()
    }
  })

  it('retries from the jobs table, so a restarted server keeps the back-off and sends it; the last failure leaves it failed and its job dead', async () => {
    const port = await freePort()
    const options = { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'site@example.com', maxAttempts: 3, retryBaseMs: 60_000 }
    const before = createMailer(database.db, options)
    const { id } = await before.queue({ to: 'restart@example.com', subject: 'Password Reset', text: 'link' })
    await before.idle()
    before.close()
    expect((await before.recent(1))[0]).toMatchObject({ id, status: 'pending', attempts: 1 })

    // A new process: the wait after the first failure still holds, then the retry sends it.
    const after = createMailer(database.db, options)
    const smtp = await startSmtpServer(port)
    try {
      expect(await after.retryPending()).toBe(0)
      expect(await after.retryPending(Date.now() + 61_000)).toBe(1)
      expect((await smtp.waitFor('restart@example.com')).raw).toContain('Subject: Password Reset')
      expect((await after.recent(1))[0]).toMatchObject({ id, status: 'sent', attempts: 2 })
    } finally {
      await smtp.close()
    }

    // The mail server gone for good: the third attempt is the last.
    const { id: lost } = await after.queue({ to: 'lost@example.com', subject: 'Password Reset', text: 'link' })
    await after.idle()
    expect(await after.retryPending(Date.now() + 61_000)).toBe(0)
    expect(await after.retryPending(Date.now() + 200_000)).toBe(0)
    after.close()
    const [message] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, lost))
    expect(message).toMatchObject({ status: 'failed', attempts: 3 })
    const [job] = await database.db.select().from(jobs).where(eq(jobs.key, lost))
    expect(job).toMatchObject({ name: 'mail.send', state: 'dead', attempts: 3 })
    expect(job!.lastError).toMatch(/ECONNREFUSED/)
  })

  it('keeps messages readable in the outbox when no mail server is configured', async () => {
    const mailer = createMailer(database.db, { smtpUrl: undefined, from: 'site@example.com' })
    const result = await mailer.send({ to: 'dev@example.com', subject: 'Password Reset', text: 'http://localhost/?token=abc' })
    expect(result.sent).toBe(false)
    const [latest] = await mailer.recent(1)
    expect(latest).toMatchObject({ to: 'dev@example.com', status: 'outbox', text: 'http://localhost/?token=abc' })
  })
})
