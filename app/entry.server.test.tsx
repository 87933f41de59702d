/**
 * Errors of server-side page loads and renders reach Sentry (app/entry.server.tsx handleError and
 * its streaming onError, the reporter passed in server/app.ts's load context), against a local
 * stand-in for Sentry's ingest endpoint: the real SDK sends real envelopes over HTTP to the DSN's
 * host, and nothing leaves the machine. The React Router build here is a small hand-made one
 * around the real server entry and the real Hono app.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { Suspense, use } from 'react'
import { data, Outlet, type ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { reportingLogger, startSentry, type ErrorReporter } from '#server/integrations/sentry'
import { createTestApp, type TestApp } from '../tests/helpers/app.ts'
import * as entry from './entry.server.tsx'

let ingest: http.Server
let envelopes: { path: string; body: string }[] = []
let reporter: ErrorReporter
let t: TestApp
let app: ReturnType<typeof createApp>['app']
const logLines: string[] = []

/** Set by the /streamed loader: the page's late part waits for it, then fails after the shell went out. */
let late: Promise<void> = Promise.resolve()

function Root() {
  return (
    <html lang="en">
      <body>
        <Outlet />
      </body>
    </html>
  )
}
function ErrorBoundary() {
  return (
    <html lang="en">
      <body>
        <h1>Something went wrong</h1>
      </body>
    </html>
  )
}
function Fine() {
  return <p>A page that works</p>
}
function RenderBoom(): never {
  throw new Error('render exploded e2e-8841')
}
function LatePart(): never {
  use(late)
  throw new Error('streamed part exploded e2e-8842')
}
function Streamed() {
  return (
    <main>
      <p>The shell renders first</p>
      <Suspense fallback={<p>Loading…</p>}>
        <LatePart />
      </Suspense>
    </main>
  )
}

type Module = NonNullable<ServerBuild['routes'][string]>['module']
const routes: Record<string, { path: string; module: Module }> = {
  fine: { path: 'fine', module: { default: Fine } },
  'loader-boom': {
    path: 'loader-boom',
    module: {
      default: Fine,
      loader: () => {
        throw new Error('loader exploded e2e-8840')
      },
    },
  },
  'render-boom': { path: 'render-boom', module: { default: RenderBoom } },
  streamed: {
    path: 'streamed',
    module: {
      default: Streamed,
      loader: () => {
        late = new Promise((resolve) => setTimeout(resolve, 50))
        return null
      },
    },
  },
  missing: {
    path: 'missing',
    module: {
      default: Fine,
      loader: () => {
        // React Router's documented way for a loader to answer 404.
        throw data('No such page', { status: 404 })
      },
    },
  },
}

function testBuild(): ServerBuild {
  const entryRoute = (id: string, parentId: string | undefined, path: string, hasLoader: boolean) => ({
    id,
    ...(parentId ? { parentId } : {}),
    path,
    index: undefined,
    caseSensitive: undefined,
    module: `/${id}.js`,
    hasAction: false,
    hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id === 'root',
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  })
  return {
    entry: { module: entry },
    routes: {
      root: { id: 'root', path: '', module: { default: Root, ErrorBoundary } },
      ...Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, parentId: 'root', path: r.path, module: r.module }])),
    },
    assets: {
      entry: { imports: [], module: '/entry.client.js' },
      routes: {
        root: entryRoute('root', undefined, '', false),
        ...Object.fromEntries(
          Object.entries(routes).map(([id, r]) => [id, entryRoute(id, 'root', r.path, typeof r.module.loader === 'function')]),
        ),
      },
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  }
}

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
  t = await createTestApp()
  await t.services.domains.upsert({ _id: 'main', name: 'Main', hostnames: ['localhost'], published: true })
  // The logger server/main.ts makes when SENTRY_DSN is set; its lines are kept to check they are still logged.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  app = createApp({ services: t.services, config: t.config, log: reportingLogger('info', reporter, sink), build: testBuild() }).app
})
afterAll(async () => {
  await t?.close()
  await new Promise<void>((resolve) => ingest?.close(() => resolve()))
})

/** A page as a visitor's browser asks for it, the whole body read (a streamed page ends last). */
async function visit(path: string) {
  const res = await app.request(path, { headers: { host: 'localhost', accept: 'text/html' } })
  return { status: res.status, body: await res.text() }
}

async function eventsWith(marker: string) {
  expect(await reporter.flush(5000)).toBe(true)
  return envelopes.filter((e) => e.body.includes(marker))
}

describe('errors of server-side page loads and renders (SENTRY_DSN set)', () => {
  it('reports an error thrown by a loader, with the page path, and the visitor gets the error page', async () => {
    envelopes = []
    const page = await visit('/loader-boom')
    expect(page.status).toBe(500)
    expect(page.body).toContain('Something went wrong')
    const events = await eventsWith('loader exploded e2e-8840')
    expect(events).toHaveLength(1)
    expect(events[0]!.path.split('?')[0]).toBe('/api/42/envelope/')
    expect(events[0]!.body).toContain('/loader-boom')
    expect(events[0]!.body).toContain('entry.server.test.tsx') // the stack trace travels
    expect(logLines.join('')).toContain('page render failed')
  })

  it('reports an error thrown while rendering a page', async () => {
    envelopes = []
    const page = await visit('/render-boom')
    expect(page.status).toBe(500)
    expect(page.body).toContain('Something went wrong')
    expect(await eventsWith('render exploded e2e-8841')).toHaveLength(1)
  })

  it('reports an error of a part streamed after the first bytes went out', async () => {
    envelopes = []
    const page = await visit('/streamed')
    // The shell was already sent with its status; the failed part is left to the browser.
    expect(page.body).toContain('The shell renders first')
    expect(await eventsWith('streamed part exploded e2e-8842')).toHaveLength(1)
  })

  it("reports nothing for a working page or a page's deliberate 404", async () => {
    envelopes = []
    expect((await visit('/fine')).status).toBe(200)
    expect((await visit('/missing')).status).toBe(404)
    await reporter.flush(2000)
    expect(envelopes.filter((e) => e.body.includes('"exception"'))).toEqual([])
  })
})
