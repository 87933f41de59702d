/**
 * A real SMTP server on a free loopback port that keeps what it receives, so tests read the e-mail
 * a user would get (nodemailer talks to it over TCP exactly as to a real mail server).
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The message with quoted-printable soft breaks and escapes undone, for finding links. */
  text: string
}

/** With `saveDir`, each message is also written there as <n>.eml (for tests in other processes). */
export async function startSmtpServer(port = 0, saveDir?: string) {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text })
        if (saveDir) fs.writeFileSync(path.join(saveDir, `${Date.now()}-${received.length}.eml`), raw)
        waiters.splice(0).forEach((wake) => wake())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    /** Waits for the next message to an address (or fails after timeoutMs). */
    async waitFor(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.find((m) => m.to.includes(address))
        if (mail) {
          received.splice(received.indexOf(mail), 1)
          return mail
        }
        if (Date.now() > deadline) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Reads the newest message to an address from a folder of .eml files, waiting for it to arrive. */
export async function waitForSavedMail(saveDir: string, address: string, after: number, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = fs
      .readdirSync(saveDir)
      .filter((f) => f.endsWith('.eml') && Number(f.split('-')[0]) >= after)
      .sort()
      .reverse()
    for (const file of files) {
      const raw = fs.readFileSync(path.join(saveDir, file), 'utf8')
      if (new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw)) {
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        return { to: [address], raw, text }
      }
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
