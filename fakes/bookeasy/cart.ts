/**
 * A local fake of the booking provider's shopping cart (docs/decisions/010-the-booking-provider-
 * contract.md), for tests and offline development. Mounted by fakes/bookeasy/server.ts. It answers
 * only what the provider's documentation describes, in the shapes of fakes/bookeasy/samples/:
 *
 *   GET /cart/getNewSession?q=true&nonce=…                     -> { SessionId } (a GUID)
 *   GET /cart/getBECart?q=true&key=…                           -> { cartcontent } or { NoDataFound: true }
 *   GET /cart/saveBECartPart?q=true&key=…&partNo=&totalParts=&data=   -> { result: true }; the cart is
 *       the JSON of all parts joined, kept once the last part arrives
 *   GET /cart/deleteBECart?q=true&key=…
 *   GET /gadgets.js[?fail=1]                                   the fake gadget script
 *
 * A missing required parameter (q, nonce, key, the part fields) is refused with a fault; with an API
 * key (the Content API) a call without that `apiKey` header is refused too.
 *
 * Test controls: GET /__fake/cart/calls (every cart call received), GET /__fake/cart/carts (the
 * carts held, by key), POST /__fake/cart/mode { mode: 'ok' | 'noToken' | 'down' }, POST /__fake/cart/reset.
 */
import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { fakeGadgetScript } from './gadget-script.ts'

export type FakeCartMode = 'ok' | 'noToken' | 'down'

export interface FakeCartCall {
  method: string
  path: string
  query: Record<string, string>
  /** Whether the call carried the Content API's `apiKey` header (its value is never recorded). */
  apiKey: boolean
}

export interface FakeProviderOptions {
  /** The Content API's key: calls without this `apiKey` header are refused. Unset: no key asked (the legacy SJP). */
  apiKey?: string | undefined
}

/**
 * The provider's answer to a call it refuses. The documentation names the fault ("Json Result
 * Error") but not its fields or status; this fake answers 400 (bad parameters) or 401 (no key) with
 * a one-field JSON message. The one place that choice lives.
 */
export function providerFault(c: Context, status: 400 | 401, message: string) {
  return c.json({ Message: message }, status)
}

/** Refuses a call without the configured Content API key; undefined when the call may go on. */
export function refuseWithoutKey(c: Context, apiKey: string | undefined) {
  if (!apiKey) return undefined
  const sent = c.req.header('apiKey')
  if (!sent) return providerFault(c, 401, 'The apiKey header is required')
  if (sent !== apiKey) return providerFault(c, 401, 'The apiKey header is not valid')
  return undefined
}

export function fakeCart(options: FakeProviderOptions = {}) {
  const carts = new Map<string, unknown[]>()
  /** Parts of carts being saved, by key, until the last one arrives. */
  const pending = new Map<string, { totalParts: number; parts: Map<number, string> }>()
  const calls: FakeCartCall[] = []
  let mode: FakeCartMode = 'ok'

  const app = new Hono()

  app.use('/cart/*', async (c, next) => {
    calls.push({ method: c.req.method, path: c.req.path, query: c.req.query(), apiKey: Boolean(c.req.header('apiKey')) })
    if (mode === 'down') return c.text('Service Unavailable', 503)
    const refused = refuseWithoutKey(c, options.apiKey)
    if (refused) return refused
    if (!c.req.query('q')) return providerFault(c, 400, 'Required parameter q is missing')
    await next()
  })

  app.get('/cart/getNewSession', (c) => {
    if (!c.req.query('nonce')) return providerFault(c, 400, 'Required parameter nonce is missing')
    if (mode === 'noToken') return c.json({ SessionId: null })
    return c.json({ SessionId: randomUUID() })
  })

  const requireKey = (c: Context) => {
    const key = c.req.query('key')
    return key ? key : null
  }

  app.get('/cart/getBECart', (c) => {
    const key = requireKey(c)
    if (!key) return providerFault(c, 400, 'Required parameter key is missing')
    const cart = carts.get(key)
    return c.json(cart ? { cartcontent: cart } : { NoDataFound: true })
  })

  app.get('/cart/saveBECartPart', (c) => {
    const key = requireKey(c)
    const partNo = Number(c.req.query('partNo'))
    const totalParts = Number(c.req.query('totalParts'))
    const data = c.req.query('data')
    if (!key || !Number.isInteger(partNo) || !Number.isInteger(totalParts) || partNo < 1 || totalParts < 1 || partNo > totalParts)
      return providerFault(c, 400, 'Required parameters key, partNo and totalParts are missing or wrong')
    if (data === undefined) return providerFault(c, 400, 'Required parameter data is missing')
    const save = pending.get(key)?.totalParts === totalParts ? pending.get(key)! : { totalParts, parts: new Map<number, string>() }
    save.parts.set(partNo, data)
    pending.set(key, save)
    if (save.parts.size < totalParts) return c.json({ result: true })
    pending.delete(key)
    const joined = Array.from({ length: totalParts }, (_, i) => save.parts.get(i + 1) ?? '').join('')
    let content: unknown
    try {
      content = (JSON.parse(joined) as { cartcontent?: unknown }).cartcontent
    } catch {
      return providerFault(c, 400, 'The cart parts do not join into JSON')
    }
    if (!Array.isArray(content)) return providerFault(c, 400, 'The cart has no cartcontent')
    carts.set(key, content)
    return c.json({ result: true })
  })

  app.get('/cart/deleteBECart', (c) => {
    const key = requireKey(c)
    if (!key) return providerFault(c, 400, 'Required parameter key is missing')
    carts.delete(key)
    return c.json({ result: true })
  })

  app.get('/gadgets.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Access-Control-Allow-Origin', '*')
    return c.body(fakeGadgetScript(c.req.query('fail') === '1'))
  })

  app.get('/__fake/cart/calls', (c) => c.json(calls))
  app.get('/__fake/cart/carts', (c) => c.json(Object.fromEntries(carts)))
  app.post('/__fake/cart/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: FakeCartMode }
    if (body.mode !== 'ok' && body.mode !== 'noToken' && body.mode !== 'down') return c.json({ error: 'mode is ok, noToken or down' }, 400)
    mode = body.mode
    return c.json({ mode })
  })
  app.post('/__fake/cart/reset', (c) => {
    carts.clear()
    pending.clear()
    calls.length = 0
    mode = 'ok'
    return c.json({ reset: true })
  })

  return app
}
