import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportingLogger, startSentry, type ErrorReporter } from './sentry.ts'

/**
 * Server error reporting against a local stand-in for Sentry's ingest endpoint (the real SDK
 * sends real envelopes over HTTP to the DSN's host; nothing leaves the machine).
 */
let ingest: http.Server
let envelopes: { path: string; body: string }[] = []
let reporter: ErrorReporter

beforeAll(async () => {
  ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      envelopes.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
  const { port } = ingest.address() as AddressInfo
  reporter = await startSentry({ dsn: `http://publickey@127.0.0.1:${port}/42`, environment: 'test' })
})
afterAll(async () => {
  await new Promise<void>((resolve) => ingest.close(() => resolve()))
})

function sink() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { lines, stream }
}

describe('server error reporting (SENTRY_DSN set)', () => {
  it('reports an error the server logs, with its message, stack and context, and still logs it', async () => {
    envelopes = []
    const out = sink()
    const log = reportingLogger('info', reporter, out.stream)
    log.error({ err: new Error('database exploded e2e-7731'), path: '/api/page/load' }, 'API request failed')
    expect(await reporter.flush(5000)).toBe(true)
    const events = envelopes.filter((e) => e.body.includes('database exploded e2e-7731'))
    expect(events).toHaveLength(1)
    expect(events[0]!.path.split('?')[0]).toBe('/api/42/envelope/')
    expect(events[0]!.body).toContain('"environment":"test"')
    expect(events[0]!.body).toContain('/api/page/load')
    expect(events[0]!.body).toContain('sentry.test.ts') // the stack trace travels
    expect(out.lines.join('')).toContain('API request failed')
  })

  it('reports nothing below the error level', async () => {
    envelopes = []
    const log = reportingLogger('info', reporter, sink().stream)
    log.warn({ err: new Error('only a warning e2e-7732') }, 'mail retry failed')
    log.info('listening')
    await reporter.flush(2000)
    expect(envelopes.filter((e) => e.body.includes('e2e-7732'))).toEqual([])
  })
})
