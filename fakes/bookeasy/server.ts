/**
 * A local fake of the booking provider (BookEasy): one Hono app that mounts each area's handlers,
 * startable in-process (tests) or as its own process:
 *   tsx fakes/bookeasy/server.ts          (port FAKE_BOOKEASY_PORT, default 4010)
 * then point BOOKEASY_API_URL and BOOKEASY_GADGET_SCRIPT_URL (…/gadgets.js) at it. With
 * FAKE_BOOKEASY_API_KEY set it asks for that key as the Content API does (set BOOKEASY_API_KEY to it).
 */
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { fakeCart, type FakeProviderOptions } from './cart.ts'
import { fakeOperators } from './operators.ts'

/**
 * The fake provider's app: each area adds one `app.route('/', ...)` line here. With `apiKey` it is
 * the Content API (every call needs that `apiKey` header); without, the legacy SJP (no key).
 */
export function createFakeBookEasy(options: FakeProviderOptions = {}) {
  const app = new Hono()
  app.route('/', fakeCart(options))
  app.route('/', fakeOperators(options))
  return app
}

export interface RunningFakeBookEasy {
  /** Base address, e.g. http://127.0.0.1:4010 (the fake's BOOKEASY_API_URL). */
  url: string
  close(): Promise<void>
}

export function startFakeBookEasy(options: { port?: number; host?: string } & FakeProviderOptions = {}): Promise<RunningFakeBookEasy> {
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve) => {
    const server = serve(
      { fetch: createFakeBookEasy({ apiKey: options.apiKey }).fetch, port: options.port ?? 0, hostname: host },
      (info: AddressInfo) => {
        resolve({
          url: `http://${host}:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done())
              if ('closeAllConnections' in server) server.closeAllConnections()
            }),
        })
      },
    )
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startFakeBookEasy({
    port: Number(process.env.FAKE_BOOKEASY_PORT ?? 4010),
    apiKey: process.env.FAKE_BOOKEASY_API_KEY || undefined,
  })
  console.log(`fake BookEasy listening on ${running.url}`)
}
