/**
 * The demo's tourism listings (issue 9). Without ATDW_API_URL the demo has no real provider, so
 * the server starts the fake Atlas API (fakes/atdw) in its own process on a free loopback port and
 * syncs from it through the same client and sync as the real API; its pictures are served on the
 * site's own port under DEMO_ATDW_PATH (the listings store those addresses, so they stay valid
 * across restarts and behind a proxy). A first sync runs in the background after the server
 * listens; the daily schedule keeps it going.
 *
 * The demo pages holding the Listings block ("What's On" with the date filters and 'Export to
 * PDF', "Stay") and their categories are seeded with the Barossa domain (seedDemoListings).
 */
import type http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import type { ListingCategoryInput } from '#lib/listings'
import { TAG_NAMES } from '../../fakes/atdw/data.ts'
import { SYSTEM } from '../services/access.ts'
import type { Services } from '../services/index.ts'

/** Where the demo's provider pictures are served on the site's own port. */
export const DEMO_ATDW_PATH = '/atdw-demo'

/** The demo domain that holds the listings (a product belongs to one domain). */
export const DEMO_LISTINGS_DOMAIN = 'barossa'

export interface DemoAtdw {
  /** The fake's API address (loopback only): what ATDW_API_URL would be. */
  apiUrl: string
  products: number
  /** Serves a picture under DEMO_ATDW_PATH/images/; answers false for any other address. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean
  close(): Promise<void>
}

/**
 * Starts the fake Atlas API for the demo. FAKE_ATDW_COUNT (products, default about 2,140) and
 * FAKE_ATDW_SEED choose the data set, as for `npm run fake:atdw`.
 */
export async function startDemoAtdw(env: NodeJS.ProcessEnv = process.env): Promise<DemoAtdw> {
  const count = env.FAKE_ATDW_COUNT ? Number(env.FAKE_ATDW_COUNT) : undefined
  const seed = env.FAKE_ATDW_SEED ? Number(env.FAKE_ATDW_SEED) : undefined
  for (const [name, value] of [
    ['FAKE_ATDW_COUNT', count],
    ['FAKE_ATDW_SEED', seed],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new Error(`${name} must be a whole number`)
  }
  // Loaded only when the demo starts its fake (seeding the demo content does not need it).
  const { fakeAtlasImages, startFakeAtlas } = await import('../../fakes/atdw/server.ts')
  const running = await startFakeAtlas({ host: '127.0.0.1', port: 0, imageBase: DEMO_ATDW_PATH, count, seed })
  const images = getRequestListener(new Hono().route(DEMO_ATDW_PATH, fakeAtlasImages()).fetch)
  const prefix = `${DEMO_ATDW_PATH}/images/`
  return {
    apiUrl: running.url,
    products: running.state.feed().length,
    handle(req, res) {
      if (!req.url?.startsWith(prefix) || (req.method !== 'GET' && req.method !== 'HEAD')) return false
      void images(req, res)
      return true
    },
    close: () => running.close(),
  }
}

/**
 * The grids' categories name the provider's kinds of events and stays (its vertical
 * classifications, one filter group: any of them), so each grid offers a checkbox per kind.
 */
const EVENT_KINDS = ['FESTIVAL', 'EVTFOOD', 'EVTMUSIC', 'EVTCOMNTY', 'EXHIBIT', 'SPORT']
const STAY_KINDS = ['BEDBREAKFA', 'COTTAGE', 'HOTEL', 'MOTEL', 'APARTMENT', 'CARAVAN', 'FARMSTAY', 'RESORT']

const categories: (ListingCategoryInput & { _id: string })[] = [
  {
    _id: 'demo-whats-on',
    name: "What's On",
    filters: [EVENT_KINDS],
    excludedTags: '',
    attributes: [],
    hideServices: false,
    hasDates: true,
  },
  { _id: 'demo-stay', name: 'Stay', filters: [STAY_KINDS], excludedTags: '', attributes: [], hideServices: false, hasDates: false },
]

const pages = [
  {
    slug: 'whats-on',
    title: "What's On",
    description: 'Festivals, long lunches, concerts in the vines and markets: everything happening in the Barossa, by date.',
    category: 'demo-whats-on',
    showExport: true,
  },
  {
    slug: 'stay',
    title: 'Stay',
    description: 'Cottages among the vines, country hotels, farm stays and apartments in every town of the valley.',
    category: 'demo-stay',
    showExport: false,
  },
]

/**
 * Seeds the listing categories, friendly tag names and the two listing grid pages of the demo, and
 * links the pages from the navigation. Run once, with the domain's other demo content.
 */
export async function seedDemoListings(services: Services, domainId: string): Promise<void> {
  for (const category of categories) await services.listings.publishCategory(domainId, category)
  await services.listings.publishTags(domainId, TAG_NAMES)
  for (const p of pages) {
    const saved = await services.pages.save(
      domainId,
      'pages',
      {
        slug: p.slug,
        template: 'generic',
        title: p.title,
        description: p.description,
        header: { title: p.title, description: p.description },
        // A fixed key: the demo's translations name the block's texts by it (docs/decisions/025).
        contents: [{ componentType: 'Listings', _key: `${p.slug}-listings`, categoryFilter: p.category, showExport: p.showExport }],
      },
      SYSTEM,
    )
    await services.pages.publish(domainId, 'pages', saved._id, SYSTEM)
  }
  const { doc: nav, version } = await services.siteDocuments.load('nav', domainId, 'draft')
  const links = pages.map((p) => ({ text: p.title, href: `/${p.slug}`, type: 'page' as const, groups: [] }))
  const items = [...nav.items.filter((i) => !links.some((l) => l.href === i.href))]
  // After the first item ('Things to do'), before 'Eat and drink'.
  items.splice(Math.min(1, items.length), 0, ...links)
  await services.siteDocuments.save('nav', domainId, { ...nav, items }, { baseVersion: version })
  await services.siteDocuments.publish('nav', domainId)
}
