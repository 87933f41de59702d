/**
 * A local fake of the booking provider (BookEasy): one Hono app that mounts each area's handlers,
 * startable in-process (tests) or as its own process:
 *   tsx fakes/bookeasy/server.ts          (port FAKE_BOOKEASY_PORT, default 4010)
 * then point BOOKEASY_API_URL and BOOKEASY_GADGET_SCRIPT_URL (…/gadgets.js) at it.
 */
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { fakeCart } from './cart.ts'
import { fakeOperators } from './operators.ts'

/** The fake provider's app: each area adds one `app.route('/', ...)` line here. */
export function createFakeBookEasy() {
  const app = new Hono()
  app.route('/', fakeCart())
  app.route('/', fakeOperators())
  return app
}

export interface RunningFakeBookEasy {
  /** Base address, e.g. http://127.0.0.1:4010 (the fake's BOOKEASY_API_URL). */
  url: string
  close(): Promise<void>
}

export function startFakeBookEasy(options: { port?: number; host?: string } = {}): Promise<RunningFakeBookEasy> {
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve) => {
    const server = serve({ fetch: createFakeBookEasy().fetch, port: options.port ?? 0, hostname: host }, (info: AddressInfo) => {
      resolve({
        url: `http://${host}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startFakeBookEasy({ port: Number(process.env.FAKE_BOOKEASY_PORT ?? 4010) })
  console.log(`fake BookEasy listening on ${running.url}`)
}
