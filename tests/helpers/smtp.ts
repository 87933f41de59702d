/**
 * A real SMTP server on a free loopback port that keeps what it receives, so tests read the e-mail
 * a user would get (nodemailer talks to it over TCP exactly as to a real mail server).
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The message with quoted-printable soft breaks and escapes undone, for finding links. */
  text: string
}

export async function startSmtpServer(port = 0) {
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
