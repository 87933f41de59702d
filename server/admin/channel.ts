/**
 * The admin channel: how command-line tools reach a running server that owns the embedded
 * database folder (docs/decisions/008-one-owner-of-the-embedded-database.md). It listens on a
 * loopback port only, and every call must carry the random secret the server wrote to the folder's
 * owner file (readable by the server's user only).
 *
 *   POST /commands/<name>   body: the command's arguments (JSON)
 *   answer: NDJSON lines, {"type":"progress",...}* then {"type":"result","result":...} or
 *           {"type":"error","error":{"code","message"}}
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { isCommandName, runLocalCommand } from '../commands/index.ts'
import { AppError } from '../services/errors.ts'
import type { Services } from '../services/index.ts'
import type { Logger } from '../log.ts'

export interface AdminChannel {
  port: number
  token: string
  close(): Promise<void>
}

const MAX_BODY_BYTES = 64 * 1024

export interface AdminChannelOptions {
  services: Services
  log: Logger
  /** Commands wait for this (migrations, the demo seed) before they run. */
  ready: Promise<unknown>
}

export async function startAdminChannel({ services, log, ready }: AdminChannelOptions): Promise<AdminChannel> {
  const token = randomBytes(32).toString('base64url')
  const expected = Buffer.from(`Bearer ${token}`)
  const authorised = (header: string | undefined) => {
    const given = Buffer.from(header ?? '')
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log.error({ err }, 'admin channel: request failed')
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (!authorised(req.headers.authorization)) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'unauthorised', message: 'Wrong admin token' } }))
      return
    }
    const name = /^\/commands\/([\w:-]+)$/.exec(req.url ?? '')?.[1]
    if (req.method !== 'POST' || !name || !isCommandName(name)) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'not_found', message: `No command ${req.url}` } }))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end()
        return
      }
      chunks.push(chunk)
    }
    let args: unknown
    try {
      args = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'invalid_input', message: 'The arguments are not JSON' } }))
      return
    }

    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' })
    const send = (line: unknown) => res.write(`${JSON.stringify(line)}\n`)
    try {
      await ready
      log.info(`admin channel: running ${name} for a command-line tool`)
      const result = await runLocalCommand(name, args, { services, progress: (progress) => send({ type: 'progress', progress }) })
      send({ type: 'result', result })
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err }, `admin channel: ${name} failed`)
      send({ type: 'error', error: { code: err instanceof AppError ? err.kind : 'internal_error', message: (err as Error).message } })
    }
    res.end()
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  server.unref()
  return {
    port: (server.address() as AddressInfo).port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
