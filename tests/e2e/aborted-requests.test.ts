import http from 'node:http'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { startProductionServer, type RunningServer } from '../helpers/server.ts'
import { patient } from '../helpers/patience.ts'

// A test here may take longer than the project's net (vitest.config.ts): a safety net, not a bound.
vi.setConfig({ testTimeout: patient(120_000) })

/**
 * A visitor who leaves while a page is still being sent (a closed tab, a phone losing its signal)
 * must not stop the site for everyone: the page's stream is cancelled and the render stops, the
 * process goes on. Every request here is a full render (no page cache), as a crawler's would be.
 */
let server: RunningServer

beforeAll(async () => {
  server = await startProductionServer({ env: { PAGE_CACHE_MAX_ENTRIES: '0', LOG_LEVEL: 'warn' } })
}, patient(180_000))
afterAll(() => server?.stop())

/** Asks for a page and hangs up after `afterBytes` bytes of its body (0: as soon as the headers come). */
function leaveEarly(path: string, afterBytes: number) {
  return new Promise<void>((resolve) => {
    const request = http.get(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let received = 0
      if (afterBytes === 0) {
        request.destroy()
        return resolve()
      }
      response.on('data', (chunk: Buffer) => {
        received += chunk.length
        if (received >= afterBytes) {
          request.destroy()
          resolve()
        }
      })
      response.on('end', () => resolve())
    })
    request.on('error', () => resolve())
    request.on('close', () => resolve())
  })
}

test('visitors who hang up in the middle of a page do not stop the server', async () => {
  for (let round = 0; round < 4; round++) {
    await Promise.all(
      ['/', '/whats-on', '/about', '/search?q=wine', '/no-such-page'].flatMap((path) => [
        leaveEarly(path, 0),
        leaveEarly(path, 1),
        leaveEarly(path, 2000),
      ]),
    )
  }
  const health = await fetch(`${server.baseUrl}/health`)
  expect(health.status, server.output().slice(-3000)).toBe(200)
  const home = await fetch(`${server.baseUrl}/`)
  expect(home.status).toBe(200)
  expect(await home.text()).toContain('</html>')
  expect(server.output()).not.toMatch(/Emitted 'error' event|ABORT_ERR/)
})
