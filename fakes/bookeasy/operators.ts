/**
 * A local fake of the booking provider's operator information (server/integrations/bookeasy/
 * operators.ts), mounted by fakes/bookeasy/server.ts:
 *
 *   GET /be/getOperatorsInformation?q=153&operators=1001,1002 (with the `apiKey` header when the fake has a key)
 *     -> [{ OperatorID, PackageID, TradingName, SearchType, Facilities: [{ Name }], Cancellation,
 *           TermsAndConditions }]
 *
 * The fake region's operators are known: ids 1000 to 9999 (the fake Atlas data set numbers its
 * BOOKEASY operators from 1000), with details that follow from the id, so tests can predict them
 * (fakeOperatorInfo). Any other id is left out of the answer, as the provider does.
 *
 * Test controls: GET /__fake/operators/calls, POST /__fake/operators/mode { mode: 'ok' | 'down' },
 * POST /__fake/operators/set { OperatorID, ...fields } (changes what one operator answers),
 * POST /__fake/operators/reset.
 */
import { Hono } from 'hono'
import { refuseWithoutKey, type FakeProviderOptions } from './cart.ts'

const SEARCH_TYPES = ['Accommodation', 'Tours', 'Events', 'Attractions'] as const
const FACILITIES = [
  'Free Wifi',
  'Parking',
  'Air Conditioning',
  'Kitchen',
  'Spa',
  'Swimming Pool',
  'Barbecue',
  'Accessible Rooms',
  'Pet Friendly',
  'Laundry',
]
export const NAMES = [
  'Vine View',
  'Old Vine',
  'Red Gum',
  'Bluestone',
  'Kalimna',
  'Pepper Tree',
  'Stonewell',
  'Light Pass',
  'Krondorf',
  'Hermitage',
]
export const KINDS = ['Cottages', 'Retreat', 'Tours', 'Experiences', 'Lodge', 'Estate']

export interface FakeOperator {
  OperatorID: number
  PackageID: number | ''
  TradingName: string
  SearchType: string
  Facilities: { Name: string }[]
  Cancellation: string
  TermsAndConditions: string
}

/** The trading name the fake gives an operator id (its gadget script names its operators the same way). */
export const fakeTradingName = (n: number) => `${NAMES[n % NAMES.length]} ${KINDS[Math.floor(n / NAMES.length) % KINDS.length]}`

/** What the fake answers for a numeric operator id (deterministic). */
export function fakeOperatorInfo(id: number): FakeOperator {
  const n = Math.abs(Math.trunc(id))
  const facilities = FACILITIES.filter((_, i) => (n >> i) % 3 === 0).slice(0, 6)
  return {
    OperatorID: n,
    PackageID: n % 7 === 0 ? 5000 + (n % 100) : '',
    TradingName: fakeTradingName(n),
    SearchType: SEARCH_TYPES[n % SEARCH_TYPES.length]!,
    Facilities: facilities.map((Name) => ({ Name })),
    Cancellation:
      n % 5 === 0
        ? ''
        : `Cancellations made more than ${7 + (n % 4) * 7} days before arrival receive a full refund less a $${20 + (n % 3) * 10} administration fee. Cancellations within ${7 + (n % 4) * 7} days of arrival forfeit the first night. No-shows are charged in full. Changes of date are free of charge when made more than 48 hours before arrival, subject to availability.`,
    TermsAndConditions: 'Check-in from 2 pm, check-out by 10 am. Payment in full is taken at the time of booking.',
  }
}

/** The fake region's operator ids (see above); the provider answers nothing for others. */
export const isKnownOperator = (id: string) => /^\d+$/.test(id) && Number(id) >= 1000 && Number(id) <= 9999

export function fakeOperators(options: FakeProviderOptions = {}) {
  const app = new Hono()
  const calls: { operators: string[]; q: string }[] = []
  const overrides = new Map<number, Partial<FakeOperator>>()
  let mode: 'ok' | 'down' = 'ok'

  app.get('/be/getOperatorsInformation', (c) => {
    const ids = (c.req.query('operators') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    calls.push({ operators: ids, q: c.req.query('q') ?? '' })
    if (mode === 'down') return c.text('Service Unavailable', 503)
    const refused = refuseWithoutKey(c, options.apiKey)
    if (refused) return refused
    const known = ids.filter(isKnownOperator).map(Number)
    return c.json(known.map((id) => ({ ...fakeOperatorInfo(id), ...overrides.get(id) })))
  })

  app.get('/__fake/operators/calls', (c) => c.json(calls))
  app.post('/__fake/operators/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: string }
    if (body.mode !== 'ok' && body.mode !== 'down') return c.json({ error: 'mode is ok or down' }, 400)
    mode = body.mode
    return c.json({ mode })
  })
  app.post('/__fake/operators/set', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Partial<FakeOperator>
    const id = Number(body.OperatorID)
    if (!Number.isInteger(id)) return c.json({ error: 'OperatorID is required' }, 400)
    overrides.set(id, { ...overrides.get(id), ...body })
    return c.json({ ok: true })
  })
  app.post('/__fake/operators/reset', (c) => {
    calls.length = 0
    overrides.clear()
    mode = 'ok'
    return c.json({ reset: true })
  })
  return app
}
