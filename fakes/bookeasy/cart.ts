/**
 * A local fake of the booking provider's cart API (BEHAVIOUR-NOTES "Booking provider cart") and its
 * gadget script, for tests and offline development. Mounted by fakes/bookeasy/server.ts.
 *
 *   GET  /cart/getNewSession            -> { SessionId }
 *   GET  /cart/getBECart?key=           -> { cartcontent } or { NoDataFound: true }
 *   POST /cart/saveBECartPart           <- { key, controlId, cartcontent, ... } (JSON or form)
 *   GET  /cart/deleteBECart?key=
 *   GET  /gadgets.js[?fail=1]           the fake gadget script
 *
 * Test controls: GET /__fake/cart/calls (every cart call received), POST /__fake/cart/mode
 * { mode: 'ok' | 'noToken' | 'down' }, POST /__fake/cart/reset.
 */
import { Hono, type Context } from 'hono'
import { fakeGadgetScript } from './gadget-script.ts'

export type FakeCartMode = 'ok' | 'noToken' | 'down'

export interface FakeCartCall {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

/** A JSON or form body (Hono keeps the body, so it can be read again). */
async function readBody(c: Context): Promise<unknown> {
  if (c.req.method !== 'POST') return undefined
  const type = c.req.header('content-type') ?? ''
  return type.includes('json') ? c.req.json().catch(() => null) : c.req.parseBody().catch(() => null)
}

export function fakeCart() {
  const carts = new Map<string, unknown[]>()
  const calls: FakeCartCall[] = []
  let mode: FakeCartMode = 'ok'
  let sessions = 0

  const app = new Hono()

  app.use('/cart/*', async (c, next) => {
    calls.push({ method: c.req.method, path: c.req.path, query: c.req.query(), body: await readBody(c) })
    if (mode === 'down') return c.text('Service Unavailable', 503)
    await next()
  })

  app.get('/cart/getNewSession', (c) => {
    if (mode === 'noToken') return c.json({ SessionId: null })
    sessions += 1
    return c.json({ SessionId: `fake-session-${Date.now().toString(36)}-${sessions}` })
  })

  app.get('/cart/getBECart', (c) => {
    const cart = carts.get(c.req.query('key') ?? '')
    return c.json(cart ? { cartcontent: cart } : { NoDataFound: true })
  })

  app.post('/cart/saveBECartPart', async (c) => {
    const body = (await readBody(c)) as { key?: unknown; cartcontent?: unknown } | null
    const key = typeof body?.key === 'string' ? body.key : ''
    let content = body?.cartcontent
    if (typeof content === 'string') content = JSON.parse(content)
    if (!key || !Array.isArray(content)) return c.json({ error: 'key and cartcontent are required' }, 400)
    carts.set(key, content)
    return c.json({ Saved: true })
  })

  app.get('/cart/deleteBECart', (c) => {
    carts.delete(c.req.query('key') ?? '')
    return c.json({ Deleted: true })
  })

  app.get('/gadgets.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Access-Control-Allow-Origin', '*')
    return c.body(fakeGadgetScript(c.req.query('fail') === '1'))
  })

  app.get('/__fake/cart/calls', (c) => c.json(calls))
  app.post('/__fake/cart/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: FakeCartMode }
    if (body.mode !== 'ok' && body.mode !== 'noToken' && body.mode !== 'down') return c.json({ error: 'mode is ok, noToken or down' }, 400)
    mode = body.mode
    return c.json({ mode })
  })
  app.post('/__fake/cart/reset', (c) => {
    carts.clear()
    calls.length = 0
    mode = 'ok'
    return c.json({ reset: true })
  })

  return app
}
