/**
 * The fake Atlas server's data set: a deterministic (seeded) generated Barossa, in the shapes of
 * the real API's responses (../../../shared/atdw-samples): product details with strings for
 * numbers and "" for empty, camelCase detail addresses; list items are derived from the details
 * by ./server.ts (snake_case addresses, state codes).
 *
 * Same seed and same month: the same products, ids, names and dates. Event dates are laid out
 * from the first day of the current month so the demo always has upcoming events.
 */

export const TOWNS = [
  { name: 'Tanunda', postcode: '5352', lat: -34.5236, lng: 138.9601 },
  { name: 'Nuriootpa', postcode: '5355', lat: -34.4697, lng: 138.9942 },
  { name: 'Angaston', postcode: '5353', lat: -34.5013, lng: 139.0455 },
  { name: 'Lyndoch', postcode: '5351', lat: -34.6011, lng: 138.8911 },
  { name: 'Williamstown', postcode: '5351', lat: -34.6697, lng: 138.8847 },
  { name: 'Greenock', postcode: '5360', lat: -34.4578, lng: 138.9303 },
  { name: 'Seppeltsfield', postcode: '5355', lat: -34.4866, lng: 138.9179 },
  { name: 'Marananga', postcode: '5355', lat: -34.4904, lng: 138.9391 },
  { name: 'Bethany', postcode: '5352', lat: -34.5382, lng: 138.9788 },
  { name: 'Rowland Flat', postcode: '5352', lat: -34.5793, lng: 138.9393 },
  { name: 'Eden Valley', postcode: '5235', lat: -34.6508, lng: 139.0964 },
  { name: 'Springton', postcode: '5235', lat: -34.7068, lng: 139.0879 },
  { name: 'Moculta', postcode: '5353', lat: -34.4648, lng: 139.1188 },
  { name: 'Stockwell', postcode: '5355', lat: -34.4381, lng: 139.0551 },
  { name: 'Mount Pleasant', postcode: '5235', lat: -34.7733, lng: 139.049 },
] as const

export const CATEGORY_COUNTS = {
  ACCOMM: 420,
  ATTRACTION: 400,
  RESTAURANT: 330,
  EVENT: 320,
  TOUR: 240,
  HIRE: 90,
  TRANSPORT: 90,
  DESTINFO: 45,
  GENSERVICE: 150,
  INFO: 55,
} as const
export type Category = keyof typeof CATEGORY_COUNTS

const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  ACCOMM: 'Accommodation',
  ATTRACTION: 'Attraction',
  RESTAURANT: 'Food and Drink',
  EVENT: 'Event',
  TOUR: 'Tour',
  HIRE: 'Hire',
  TRANSPORT: 'Transport',
  DESTINFO: 'Destination Information',
  GENSERVICE: 'General Service',
  INFO: 'Information Service',
}

/** Vertical classifications per category: [id, description, name nouns]. */
export const CLASSES: Record<Category, [string, string, string[]][]> = {
  ACCOMM: [
    ['BEDBREAKFA', 'Bed and Breakfasts', ['B&B', 'Bed and Breakfast', 'Guesthouse']],
    ['COTTAGE', 'Cottages', ['Cottage', 'Cabin', 'Retreat']],
    ['HOTEL', 'Hotels', ['Hotel', 'Inn', 'Lodge']],
    ['MOTEL', 'Motels', ['Motel', 'Motor Inn']],
    ['APARTMENT', 'Apartments', ['Apartments', 'Suites', 'Villas']],
    ['CARAVAN', 'Caravan and Camping', ['Caravan Park', 'Holiday Park', 'Tourist Park']],
    ['FARMSTAY', 'Farm Stays', ['Farm Stay', 'Homestead']],
    ['RESORT', 'Resorts', ['Resort', 'Spa Retreat']],
  ],
  ATTRACTION: [
    ['WINERY', 'Wineries', ['Wines', 'Estate', 'Cellar Door', 'Vineyards', 'Winery']],
    ['GALLERY', 'Galleries', ['Gallery', 'Art Space', 'Studio']],
    ['HERITAGE', 'Historic Sites and Heritage Locations', ['Heritage Museum', 'Historic Church', 'Old Mill']],
    ['PARK', 'National Parks and Reserves', ['Reserve', 'Conservation Park', 'Gardens']],
    ['LOOKOUT', 'Lookouts', ['Lookout', 'Scenic Lookout']],
    ['MARKET', 'Markets', ['Farmers Market', 'Market']],
  ],
  RESTAURANT: [
    ['CAFE', 'Cafes', ['Cafe', 'Coffee House', 'Espresso Bar']],
    ['RESTAURANT', 'Restaurants', ['Restaurant', 'Kitchen', 'Dining Room', 'Bistro']],
    ['BAR', 'Bars', ['Wine Bar', 'Brewhouse', 'Tavern']],
    ['BAKERY', 'Bakeries', ['Bakery', 'Patisserie']],
    ['PROVIDORE', 'Providores', ['Providore', 'Deli', 'Smokehouse']],
  ],
  EVENT: [
    ['FESTIVAL', 'Festivals', ['Festival', 'Celebration']],
    ['EVTFOOD', 'Food and Wine', ['Long Lunch', 'Tasting Weekend', 'Wine Dinner', 'Harvest Feast']],
    ['EVTMUSIC', 'Concerts and Performances', ['Concert', 'Jazz Afternoon', 'Music in the Vines', 'Recital']],
    ['EVTCOMNTY', 'Community Events', ['Fair', 'Show', 'Open Day']],
    ['EXHIBIT', 'Exhibitions and Shows', ['Exhibition', 'Art Show']],
    ['SPORT', 'Sporting Events', ['Fun Run', 'Cycling Classic', 'Vineyard Run']],
  ],
  TOUR: [
    ['WINETOUR', 'Wine Tours', ['Wine Tours', 'Wine Trail Tours', 'Cellar Door Tours']],
    ['FOODTOUR', 'Food Tours', ['Food Safari', 'Gourmet Tours']],
    ['BALLOON', 'Hot Air Ballooning', ['Balloon Adventures', 'Balloon Flights']],
    ['HELICOPTER', 'Helicopter Tours', ['Helicopter Flights', 'Scenic Flights']],
    ['CYCLE', 'Cycling Tours', ['Bike Tours', 'Cycle Tours']],
    ['WALK', 'Walking Tours', ['Walking Tours', 'Heritage Walks']],
  ],
  HIRE: [
    ['BIKEHIRE', 'Bike Hire', ['Bike Hire', 'E-Bike Hire']],
    ['CARHIRE', 'Car Hire', ['Car Rentals', 'Vehicle Hire']],
    ['EQUIPHIRE', 'Equipment Hire', ['Picnic Hire', 'Event Hire']],
  ],
  TRANSPORT: [
    ['CHAUFFEUR', 'Chauffeur Services', ['Chauffeurs', 'Limousines']],
    ['BUS', 'Bus and Coach', ['Coachlines', 'Shuttle']],
    ['TAXI', 'Taxi Services', ['Taxis', 'Cabs']],
  ],
  DESTINFO: [
    ['TOWN', 'Towns', ['Township', 'Village']],
    ['REGION', 'Regions', ['Wine Region', 'Valley']],
  ],
  GENSERVICE: [
    ['WEDDING', 'Wedding Services', ['Weddings', 'Wedding Venue']],
    ['CONFERENCE', 'Conference Venues', ['Conference Centre', 'Function Rooms']],
    ['SPA', 'Health and Wellbeing', ['Day Spa', 'Wellness']],
    ['RETAIL', 'Shopping', ['Emporium', 'Gift Shop', 'Antiques']],
  ],
  INFO: [
    ['VISITORCTR', 'Visitor Information Centres', ['Visitor Information Centre', 'Visitor Centre']],
    ['INFOSERV', 'Information Services', ['Information Bay', 'Tourist Information']],
  ],
}

/** Friendly names of the data set's tags (category ids and vertical classifications), as an editor would publish them. */
export const TAG_NAMES: Record<string, string> = {
  ...(Object.fromEntries(Object.entries(CATEGORY_DESCRIPTIONS)) as Record<string, string>),
  ...Object.fromEntries(Object.values(CLASSES).flatMap((classes) => classes.map(([id, description]) => [id, description]))),
}

const NAME_WORDS = [
  'Vine View',
  'Old Vine',
  'Shiraz',
  'Grenache',
  'Red Gum',
  'Heritage',
  'Valley',
  'Hillside',
  'Creekside',
  'Stonewell',
  'Kalimna',
  'Seppelt',
  'Bethany Creek',
  'Jacob',
  'Kaiser Stuhl',
  'Menglers Hill',
  'Para River',
  'North Para',
  'Golden Grove',
  'Lutheran',
  'Silesian',
  'Cellar',
  'Harvest',
  'Vintage',
  'Barrel',
  'Olive Grove',
  'Pepper Tree',
  'Cornerstone',
  'Bluestone',
  'Saltram',
  'Chateau',
  'Lindsay Park',
  'Cockatoo',
  'Magpie',
  'Wedgetail',
  'Riverbank',
  'Gum Tree',
  'Eden',
  'Flaxman',
  'Whispering',
  'Orchard',
  'Hermitage',
  'Greenhill',
  'Springvale',
  'Moorooroo',
  'Kroemer',
  'Light Pass',
  'Ebenezer',
  'Krondorf',
]

export const OPENERS = [
  'Set among the old vines of the Barossa,',
  'In the heart of {town},',
  'A short drive from Tanunda,',
  'Family owned for five generations,',
  'Tucked into the rolling hills above {town},',
  'On the banks of the North Para River,',
]
export const MIDDLES: Record<Category, string[]> = {
  ACCOMM: [
    '{name} offers comfortable rooms with views across the vineyards.',
    'guests wake to birdsong and a generous country breakfast.',
    'the rooms open onto a quiet garden with a wood fire for cooler evenings.',
  ],
  ATTRACTION: [
    '{name} welcomes visitors for tastings of shiraz, grenache and fortified wines.',
    'the cellar door pours small-batch wines from estate-grown fruit.',
    'visitors can wander the grounds and learn the stories of the early settlers.',
  ],
  RESTAURANT: [
    '{name} serves seasonal produce from local growers.',
    'the kitchen cooks over fire and bakes its own bread each morning.',
    'expect long lunches, regional wines and a menu that changes with the harvest.',
  ],
  EVENT: [
    '{name} brings together winemakers, chefs and musicians.',
    'the program runs across cellar doors and town halls throughout the valley.',
    'bring a picnic rug and enjoy local food, wine and live music.',
  ],
  TOUR: [
    '{name} takes small groups to cellar doors off the beaten track.',
    'your guide shares the history of the valley between tastings.',
    'tours include pick-up from Barossa accommodation and a regional lunch.',
  ],
  HIRE: [
    '{name} has everything you need to explore the valley at your own pace.',
    'pick up from Tanunda and ride the Barossa Trail between cellar doors.',
  ],
  TRANSPORT: [
    '{name} gets you between cellar doors, restaurants and your accommodation safely.',
    'private transfers run from Adelaide Airport to the Barossa.',
  ],
  DESTINFO: [
    "{name} is one of the Barossa's historic settlements, with bluestone cottages and Lutheran churches.",
    'the main street has bakeries, galleries and cellar doors.',
  ],
  GENSERVICE: ['{name} helps make your Barossa stay memorable.', 'the team can tailor packages for groups, weddings and celebrations.'],
  INFO: ['{name} helps visitors plan their time in the Barossa.', 'friendly local staff can book accommodation, tours and tastings.'],
}
export const CLOSERS = [
  'Bookings are recommended on weekends.',
  'Open to visitors year round.',
  'Dogs on leads are welcome in the garden.',
  'Wheelchair access is available.',
  'Groups welcome by appointment.',
  '',
]

const FACILITIES = [
  'Free Wifi',
  'Parking',
  'Accessible Toilets',
  'Picnic Area',
  'Function Room',
  'Swimming Pool',
  'Spa',
  'Barbecue',
  'Air Conditioning',
  'Kitchen',
  'Laundry',
  'Baby Change Facilities',
  'Outdoor Dining',
  'Dog Friendly',
]
const MEMBERSHIPS = ['Barossa(G)[SA]', 'TourismBarossa(TBI)[SA]', 'BarossaGrape&Wine(BGWA)[SA]']
const VENUES = [
  'Tanunda Soldiers Memorial Hall',
  'Barossa Regional Gallery',
  'Nuriootpa Town Square',
  'Angaston Town Hall',
  'Seppeltsfield Estate',
  'Lyndoch Recreation Park',
  'Barossa Arts Centre',
  'Chateau Tanunda Lawns',
]
const SERVICE_NAMES = [
  'Half Day Tour',
  'Full Day Tour',
  'Private Tour',
  'Sunset Tasting Tour',
  'Morning Flight',
  'Gourmet Lunch Tour',
  'Small Group Tour',
]
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const

/** mulberry32: a small, good enough seeded generator. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    hex: (length: number) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  }
}
export type Random = ReturnType<typeof seededRandom>

const pad = (n: number) => String(n).padStart(2, '0')
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000)

/** A product detail as the Atlas API answers `/product` (the fields the site uses, and more). */
export type AtlasProductDetail = Record<string, unknown> & {
  productId: string
  productName: string
  productCategoryId: Category
  status: string
  productupdateDate: string
}

export interface GenerateOptions {
  seed?: number
  /** How many products (spread over the ten categories in proportion); default about 2,140. */
  count?: number
  /** The base address image URLs point at, e.g. http://127.0.0.1:4020. */
  imageBase: string
  /** Event dates start from the first day of this date's month (default: now). */
  today?: Date
}

export function generateProducts(options: GenerateOptions): AtlasProductDetail[] {
  const rnd = seededRandom(options.seed ?? 42)
  const today = options.today ?? new Date()
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))
  const total = Object.values(CATEGORY_COUNTS).reduce((a, b) => a + b, 0)
  const scale = (options.count ?? total) / total
  const usedNames = new Set<string>()
  const products: AtlasProductDetail[] = []
  let operator = 1000
  for (const [category, n] of Object.entries(CATEGORY_COUNTS) as [Category, number][]) {
    const count = Math.max(1, Math.round(n * scale))
    for (let i = 0; i < count; i++) {
      const town = rnd.pick(TOWNS)
      const [classId, classDescription, nouns] = rnd.pick(CLASSES[category])
      let name = ''
      for (let attempt = 0; !name || usedNames.has(name); attempt++) {
        const base = `${rnd.pick(NAME_WORDS)} ${rnd.pick(nouns)}`
        name = attempt < 2 ? base : attempt < 4 ? `${town.name} ${base}` : `${base} ${attempt}`
        if (category === 'EVENT') name = attempt < 2 ? `Barossa ${base}` : `${town.name} ${base}${attempt > 3 ? ` ${attempt}` : ''}`
        if (category === 'DESTINFO') name = attempt < 1 ? `${town.name} ${rnd.pick(nouns)}` : `${town.name} ${rnd.pick(nouns)} ${attempt}`
      }
      usedNames.add(name)
      products.push(
        product(rnd, {
          category,
          classId,
          classDescription,
          name,
          town,
          monthStart,
          operator: () => String(operator++),
          imageBase: options.imageBase,
        }),
      )
    }
  }
  varyPictures(products)
  return products
}

const firstDate = (p: AtlasProductDetail) =>
  ((p.eventFrequency ?? []) as { frequencyStartDate: string }[]).reduce<string>(
    (min, f) => (!min || f.frequencyStartDate < min ? f.frequencyStartDate : min),
    '',
  )
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Neighbouring cards never show the same scene (issue 19 point 4): each category's products, in
 * the order the site's grid lists them (first date, undated last, then name), take the category's
 * scenes in turn for their first picture, the one on the card. Every category has at least five
 * scenes, so cards one row apart in a grid of up to four columns differ too.
 */
function varyPictures(products: AtlasProductDetail[]) {
  for (const category of Object.keys(SCENES) as Category[]) {
    const scenes = SCENES[category]
    const ordered = products
      // Inactive products are not listed (the feed leaves them out), so they take no turn.
      .filter((p) => p.productCategoryId === category && p.status === 'ACTIVE')
      .map((p) => ({ p, start: firstDate(p) }))
      .sort(
        (a, b) =>
          (a.start === b.start ? 0 : !a.start ? 1 : !b.start ? -1 : compare(a.start, b.start)) ||
          compare(a.p.productName, b.p.productName) ||
          compare(a.p.productId, b.p.productId),
      )
    ordered.forEach(({ p }, i) => {
      const first = (p.multimedia as { serverPath: string }[] | undefined)?.[0]
      if (first) first.serverPath = first.serverPath.replace(/\/images\/[^/]+\//, `/images/${scenes[i % scenes.length]}/`)
    })
  }
}

interface ProductInput {
  category: Category
  classId: string
  classDescription: string
  name: string
  town: (typeof TOWNS)[number]
  monthStart: Date
  operator: () => string
  imageBase: string
}

function description(rnd: Random, category: Category, name: string, town: string) {
  const fill = (s: string) => s.replaceAll('{name}', name).replaceAll('{town}', town)
  const middles = MIDDLES[category]
  const i = rnd.int(0, middles.length - 1)
  const first = `${fill(rnd.pick(OPENERS))} ${fill(middles[i]!)}`
  const second = fill(middles[(i + 1) % middles.length]!)
  return [first, second.charAt(0).toUpperCase() + second.slice(1), rnd.pick(CLOSERS)].filter(Boolean).join(' ')
}

/** Picture subjects per category (the fake draws them: see ./images.ts). */
const SCENES: Record<Category, string[]> = {
  ACCOMM: ['cottage-stay', 'vineyard-hills', 'olive-grove', 'town-main-street', 'lookout'],
  ATTRACTION: ['cellar-door', 'barrel-room', 'vineyard-hills', 'lookout', 'wine-glass'],
  RESTAURANT: ['long-table', 'wine-glass', 'farmers-market', 'cellar-door', 'olive-grove'],
  EVENT: ['long-table', 'farmers-market', 'wine-glass', 'town-main-street', 'vineyard-hills'],
  TOUR: ['balloon-sunrise', 'cycling-trail', 'vineyard-hills', 'cellar-door', 'lookout'],
  HIRE: ['cycling-trail', 'vineyard-hills', 'town-main-street', 'olive-grove', 'lookout'],
  TRANSPORT: ['town-main-street', 'vineyard-hills', 'lookout', 'cellar-door', 'olive-grove'],
  DESTINFO: ['town-main-street', 'lookout', 'vineyard-hills', 'olive-grove', 'cottage-stay'],
  GENSERVICE: ['long-table', 'olive-grove', 'cottage-stay', 'wine-glass', 'barrel-room'],
  INFO: ['town-main-street', 'lookout', 'vineyard-hills', 'cottage-stay', 'farmers-market'],
}

const PHOTOGRAPHERS = ['Jo Lee', 'Sam Nguyen', 'Alex Rossi', 'Mia Schmidt']

function images(rnd: Random, imageBase: string, alt: string, count: number, category: Category) {
  return Array.from({ length: count }, (_, i) => {
    const key = `${rnd.pick(SCENES[category])}/${rnd.int(0, 399)}`
    return {
      marketVariantId: '',
      multimediaId: rnd.hex(24),
      authoredDate: '2025-06-01',
      serverPath: `${imageBase}/images/${key}.jpeg`,
      attributeIdMultimediaContent: 'IMAGE',
      attributeIdMultimediaContentDescription: 'Image',
      attributeIdSizeOrientation: '4X3',
      width: '1200',
      height: '675',
      altText: alt,
      altTextMV: '',
      caption: i === 0 ? alt : '',
      // Some operators credit their pictures; derived from the picture's key so the random sequence is unchanged.
      photographer: i === 0 && Number(key.split('/')[1]) % 3 === 0 ? PHOTOGRAPHERS[Number(key.split('/')[1]) % PHOTOGRAPHERS.length]! : '',
      copyright: i === 0 && Number(key.split('/')[1]) % 3 === 0 ? 'South Australian Tourism Commission' : '',
      sequenceNumber: String(100 + i * 10),
    }
  })
}

function openStatus(day: string, open: string, close: string, closed = false) {
  return { dayOfWeek: day, openingTime: closed ? '' : open, closingTime: closed ? '' : close, isClosed: closed ? 'true' : 'false' }
}

function openingTime(rnd: Random, monthStart: Date) {
  const year = monthStart.getUTCFullYear()
  const everyDay = rnd.chance(0.4)
  const summerClose = rnd.pick(['17:00', '17:30', '18:00', '21:00'])
  const week = (open: string, close: string, closedDays: string[]) =>
    everyDay ? [openStatus('ALL', open, close)] : DAYS.map((d) => openStatus(d, open, close, closedDays.includes(d)))
  const closedDays = rnd.chance(0.5) ? ['MON'] : rnd.chance(0.5) ? ['MON', 'TUE'] : []
  return {
    openingTimeType: 'SEASONAL',
    seasonalPeriods: [
      {
        fromDate: `${year}-10-01`,
        toDate: `${year + 1}-03-31`,
        openStatus: week(rnd.pick(['09:00', '10:00', '11:00']), summerClose, closedDays),
      },
      {
        fromDate: `${year}-04-01`,
        toDate: `${year}-09-30`,
        openStatus: week(rnd.pick(['10:00', '11:00']), rnd.pick(['16:00', '16:30', '17:00']), closedDays),
      },
    ],
    openingTimeComment: rnd.chance(0.3) ? 'Closed on public holidays.' : '',
    openingTimeCommentMv: '',
    exceptions: {
      exceptionPeriod: 'PUBLIC HOLIDAYS',
      periods: [
        {
          fromDate: `${year}-12-25`,
          toDate: `${year}-12-25`,
          description: 'Christmas Day',
          openStatus: [{ ...openStatus('ALL', '', '', true), singleDayExceptionOn: `${year}-12-25` }],
        },
        {
          fromDate: `${year + 1}-01-01`,
          toDate: `${year + 1}-01-01`,
          description: "New Year's Day",
          openStatus: [{ ...openStatus('ALL', '11:00', '16:00'), singleDayExceptionOn: `${year + 1}-01-01` }],
        },
        {
          fromDate: `${year}-12-26`,
          toDate: `${year}-12-26`,
          description: 'Boxing Day',
          openStatus: [{ ...openStatus('ALL', '', '', rnd.chance(0.5)), singleDayExceptionOn: `${year}-12-26` }],
        },
      ],
    },
  }
}

function eventFrequency(rnd: Random, monthStart: Date) {
  const start = addDays(monthStart, rnd.int(0, 360))
  const kind = rnd.int(0, 3)
  const times = (): [string, string] =>
    rnd.pick([
      ['10:00', '16:00'],
      ['11:00', '15:00'],
      ['18:00', '22:00'],
      ['09:30', '12:30'],
      ['12:00', '17:00'],
    ] as [string, string][])
  const [st, et] = times()
  const occurrences: { from: Date; to: Date; startTime: string; endTime: string }[] = []
  if (kind === 0) occurrences.push({ from: start, to: start, startTime: st, endTime: et })
  else if (kind === 1) {
    // A weekend or a festival week, same times each day.
    const days = rnd.int(2, 7)
    for (let d = 0; d < days; d++) occurrences.push({ from: addDays(start, d), to: addDays(start, d), startTime: st, endTime: et })
  } else if (kind === 2) {
    // Weekly, sometimes with different times (the site shows 'Various Times').
    const weeks = rnd.int(3, 8)
    const various = rnd.chance(0.5)
    for (let w = 0; w < weeks; w++) {
      const [s, e] = various ? times() : [st, et]
      occurrences.push({ from: addDays(start, w * 7), to: addDays(start, w * 7), startTime: s, endTime: e })
    }
  } else {
    // A run of several weeks (an exhibition).
    occurrences.push({ from: start, to: addDays(start, rnd.int(14, 60)), startTime: st, endTime: et })
  }
  return occurrences.map((o) => ({
    frequencyStartDate: isoDate(o.from),
    frequencyEndDate: isoDate(o.to),
    frequencyStartTime: o.startTime,
    frequencyEndTime: o.endTime,
    attributeIdEventStatus: 'CONFIRMED',
    attributeIdEventStatusDescription: 'Confirmed Event',
  }))
}

function product(rnd: Random, p: ProductInput): AtlasProductDetail {
  const { category, name, town } = p
  const productId = rnd.hex(24)
  const street = `${rnd.int(1, 240)} ${rnd.pick(['Murray Street', 'Barossa Valley Way', 'Research Road', 'Seppeltsfield Road', 'Menge Road', 'Stockwell Road', 'Gomersal Road', 'Krondorf Road', 'Light Pass Road', 'Main Street'])}`
  const lat = town.lat + (rnd.next() - 0.5) * 0.03
  const lng = town.lng + (rnd.next() - 0.5) * 0.03
  const slugName = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
  const isEvent = category === 'EVENT'
  const free = isEvent && rnd.chance(0.4)
  const rateFrom = free ? '' : String(category === 'ACCOMM' ? rnd.int(12, 45) * 10 : rnd.int(2, 30) * 5)
  const rateTo = free || !rateFrom ? '' : String(Number(rateFrom) + rnd.int(1, 20) * 10)
  const bookable = ['ACCOMM', 'TOUR', 'ATTRACTION', 'EVENT'].includes(category) && rnd.chance(0.35)
  const updated = new Date(Date.UTC(2025, rnd.int(0, 11), rnd.int(1, 28), rnd.int(0, 23), rnd.int(0, 59)))
  const facilities = Array.from(new Set(Array.from({ length: rnd.int(0, 6) }, () => rnd.pick(FACILITIES))))
  const memberships = MEMBERSHIPS.filter(() => rnd.chance(0.3))
  const communication = [
    {
      attributeIdCommunication: 'CAEMENQUIR',
      attributeIdCommunicationDescription: 'Email Enquiries',
      communicationIsdCode: '',
      communicationAreaCode: '',
      communicationDetail: `hello@${slugName.slice(0, 24)}.example.com.au`,
    },
    {
      attributeIdCommunication: 'CAPHENQUIR',
      attributeIdCommunicationDescription: 'Primary Phone',
      communicationIsdCode: '61',
      communicationAreaCode: '08',
      communicationDetail: `85${rnd.int(10, 99)} ${rnd.int(1000, 9999)}`,
    },
    {
      attributeIdCommunication: 'CAURENQUIR',
      attributeIdCommunicationDescription: 'URL Enquiries',
      communicationIsdCode: '',
      communicationAreaCode: '',
      communicationDetail: `https://www.${slugName.slice(0, 24)}.example.com.au`,
    },
    ...(isEvent && rnd.chance(0.5)
      ? [
          {
            attributeIdCommunication: 'CAUBENQUIR',
            attributeIdCommunicationDescription: 'Booking URL',
            communicationIsdCode: '',
            communicationAreaCode: '',
            communicationDetail: `https://tickets.example.com.au/${slugName.slice(0, 24)}`,
          },
        ]
      : []),
  ]
  const externalSystems = [
    ...(bookable ? [{ externalSystemCode: 'BOOKEASY', externalSystemText: p.operator() }] : []),
    ...(rnd.chance(0.6) ? [{ externalSystemCode: 'FACEBOOK', externalSystemText: `https://www.facebook.com/${slugName}` }] : []),
    ...(rnd.chance(0.5) ? [{ externalSystemCode: 'INSTAGRAM', externalSystemText: `https://www.instagram.com/${slugName}/` }] : []),
    ...(rnd.chance(0.2) ? [{ externalSystemCode: 'TWITTER', externalSystemText: `https://twitter.com/${slugName.slice(0, 15)}` }] : []),
  ]
  const frequencies = isEvent ? eventFrequency(rnd, p.monthStart) : []
  const hasOpening = ['ATTRACTION', 'RESTAURANT', 'INFO', 'HIRE', 'GENSERVICE'].includes(category)
  const services =
    category === 'TOUR'
      ? Array.from(new Set(Array.from({ length: rnd.int(1, 3) }, () => rnd.pick(SERVICE_NAMES)))).map((serviceName, i) => ({
          serviceId: rnd.hex(24),
          serviceName,
          sequenceNumber: String(100 + i * 10),
          serviceDescription: `${serviceName} with ${name}: ${rnd.pick(MIDDLES.TOUR).replaceAll('{name}', name)}`,
          serviceUpdateDate: updated.toISOString(),
          rateFrom: String(rnd.int(8, 60) * 5),
          rateTo: '',
          childrenCateredForFlag: '',
          petsAllowedFlag: '',
          disabledAccessFlag: '',
          serviceExternalSystems: [],
          serviceMultimedia: images(rnd, p.imageBase, `${name} ${serviceName}`, rnd.int(1, 3), category),
          serviceComment: [],
        }))
      : []
  return {
    productId,
    productNumber: `AU${rnd.int(1000000, 1999999)}`,
    internationalReadyFlag: '',
    productCategoryId: category,
    productCategoryDescription: CATEGORY_DESCRIPTIONS[category],
    owningOrganisationId: rnd.hex(24),
    owningOrganisationNumber: `OR00${rnd.int(10000, 99999)}`,
    owningOrganisationName: name,
    productName: name,
    productupdateDate: updated.toISOString().replace('Z', '+10:30'),
    status: rnd.chance(0.03) ? 'INACTIVE' : 'ACTIVE',
    disabledAccessFlag: rnd.chance(0.3) ? '1' : '',
    childrenCateredForFlag: rnd.chance(0.5) ? '1' : '',
    petsAllowedFlag: rnd.chance(0.2) ? '1' : '',
    freeEntryFlag: free ? '1' : '0',
    rateFrom,
    rateTo,
    checkInTime: category === 'ACCOMM' ? '1400' : '',
    checkOutTime: category === 'ACCOMM' ? '1000' : '',
    numberOfRooms: category === 'ACCOMM' ? String(rnd.int(1, 40)) : '',
    suburbName: town.name,
    cityName: town.name,
    areaName: 'Barossa',
    stateName: 'South Australia',
    countryName: 'Australia',
    productDescription: description(rnd, category, name, town.name),
    productShortDescription: `${name} in ${town.name}, in the Barossa.`,
    atdwExpiryDate: '2027-06-30',
    addresses: [
      {
        attributeIdAddress: 'PHYSICAL',
        attributeIdAddressDescription: 'physical',
        addressLine1: street,
        addressLine2: '',
        suburbName: town.name,
        cityName: town.name,
        areaName: 'Barossa',
        stateName: 'South Australia',
        countryName: 'Australia',
        addressPostalCode: town.postcode,
        geocodeGdaLatitude: lat.toFixed(7),
        geocodeGdaLongitude: lng.toFixed(7),
        productAddressDomesticRegionRelationship: [
          { domesticRegionName: 'Barossa', domesticRegionCode: 'BAR', domesticRegionType: 'MARKETING' },
        ],
        productAddressAreaRelationship: [{ areaName: 'Barossa', areaType: 'LOCAL' }],
      },
      ...(rnd.chance(0.3)
        ? [
            {
              attributeIdAddress: 'POSTAL',
              attributeIdAddressDescription: 'postal',
              addressLine1: `PO Box ${rnd.int(1, 900)}`,
              addressLine2: '',
              suburbName: town.name,
              cityName: town.name,
              areaName: 'Barossa',
              stateName: 'South Australia',
              countryName: 'Australia',
              addressPostalCode: town.postcode,
              geocodeGdaLatitude: '',
              geocodeGdaLongitude: '',
            },
          ]
        : []),
    ],
    attributes: [
      ...facilities.map((f) => ({
        attributeTypeId: 'ENTITY FAC',
        attributeTypeIdDescription: 'Entity Facility',
        attributeId: f
          .toUpperCase()
          .replace(/[^A-Z]/g, '')
          .slice(0, 10),
        attributeIdDescription: f,
      })),
      ...memberships.map((m) => ({
        attributeTypeId: 'MEMBERSHIP',
        attributeTypeIdDescription: 'Membership',
        attributeId: m,
        attributeIdDescription: m,
      })),
    ],
    communication,
    externalSystems,
    multimedia: images(rnd, p.imageBase, name, rnd.int(2, 5), category),
    rates: free
      ? []
      : [
          {
            ratesType: 'indicativePrices',
            ratesTypeDescription: category === 'EVENT' ? rnd.pick(['Adult', 'General Admission', 'Ticket']) : 'Indicative Prices',
            priceFrom: rateFrom,
            priceTo: rateTo,
            free: 'false',
            rateComment: 'Prices are subject to change',
          },
        ],
    eventFrequency: frequencies,
    productSite: isEvent ? [{ attributeIdSiteType: 'VENUE', siteName: rnd.pick(VENUES) }] : [],
    openingTime: hasOpening
      ? openingTime(rnd, p.monthStart)
      : {
          openingTimeType: '',
          seasonalPeriods: [],
          openingTimeComment: '',
          openingTimeCommentMv: '',
          exceptions: { exceptionPeriod: '', periods: [] },
        },
    services,
    verticalClassifications: [{ productTypeId: p.classId, productTypeDescription: p.classDescription, productTypeDescriptionMv: '' }],
    relatedProducts: [],
    productComments: [],
    // Drawn from a generator of their own (seeded by the product), so the rest of the data set stays as it was.
    ...accessibilityAndDeals(seededRandom(Number.parseInt(productId.slice(0, 8), 16)), p, name),
  }
}

/**
 * The provider's accessibility attributes (`accessibilityAttributes`: the overall statement of type
 * ACCESSIBILITY — DISASSIST, DISTASSIST or NOASSIST — and, for a venue that welcomes people with
 * access needs, the needs it caters for, of type DISASSIST) and its deals and offers (`deals`, at
 * most 3 per product, an in-market period of up to 3 months: the provider leaves a deal out once
 * its end date has passed, so every deal here is current on the data set's day).
 */
function accessibilityAndDeals(rnd: Random, p: ProductInput, name: string) {
  const statements = [
    ['DISASSIST', 'Actively welcomes people with access needs.'],
    ['DISTASSIST', 'Disabled access available, contact operator for details.'],
    ['NOASSIST', 'Does not cater for people with access needs.'],
  ] as const
  const needs = [
    ['AMBULANT', 'Caters for people with mobility aids'],
    ['HEARING', 'Caters for hearing impairment'],
    ['SIGHTASSIST', 'Caters for vision impairment'],
    ['COMMUNICATION', 'Welcomes people with learning/communication challenges'],
    ['ALERGYINTOLRNCE', 'Caters for allergies and intolerances'],
    ['ACCESSINCLSTMNT', 'Access and inclusion statement available'],
  ] as const
  const accessibilityAttributes: Record<string, string>[] = []
  if (rnd.chance(0.55)) {
    const [id, description] = rnd.chance(0.35) ? statements[0] : rnd.chance(0.85) ? statements[1] : statements[2]
    accessibilityAttributes.push({
      attributeTypeId: 'ACCESSIBILITY',
      attributeTypeIdDescription: 'Accessibility',
      attributeSubType1Id: id,
      attributeSubType1IdDescription: description,
    })
    if (id === 'DISASSIST')
      for (const [need, text] of needs.filter(() => rnd.chance(0.45)))
        accessibilityAttributes.push({
          attributeTypeId: 'DISASSIST',
          attributeTypeIdDescription: 'Disabled Assistance',
          attributeSubType1Id: need,
          attributeSubType1IdDescription: text,
        })
  }
  const dealCount = rnd.chance(0.12) ? (rnd.chance(0.2) ? 2 : 1) : 0
  const kinds = [
    ['PACKAGE', 'Package', 'Stay and taste package', 'Two nights with a private tasting and a picnic hamper for two.'],
    ['DISCOUNT', 'Discount', 'Midweek saver', 'Save on midweek visits: book Monday to Thursday and the second ticket is half price.'],
    ['VALUEADD', 'Value Add', 'Cellar door bonus', 'Buy a tasting flight and take home a bottle of the current release.'],
    ['LASTMINUTE', 'Last Minute', 'Last-minute places', 'Spare places this month at a lower price, while they last.'],
  ] as const
  const deals = Array.from({ length: dealCount }, (_, i) => {
    const [typeId, typeDescription, dealName, dealDescription] = rnd.pick(kinds)
    const start = addDays(p.monthStart, -rnd.int(0, 20))
    const end = addDays(p.monthStart, rnd.int(30, 85))
    const price = rnd.chance(0.6) ? String(rnd.int(4, 60) * 5) : ''
    return {
      dealId: `${rnd.hex(20)}${i}`,
      dealTypeId: typeId,
      dealTypeDescription: typeDescription,
      dealName,
      dealDescription: `${dealDescription} At ${name}.`,
      dealPrice: price,
      dealPriceComment: price ? '' : 'Conditions apply',
      dealStartDate: isoDate(start),
      dealEndDate: isoDate(end),
      dealRedeemStartDate: isoDate(start),
      dealRedeemEndDate: isoDate(addDays(end, 30)),
      dealTerms: 'Subject to availability. Not valid with any other offer.',
      dealInclusions: typeId === 'PACKAGE' ? 'Accommodation, tasting, picnic hamper' : '',
    }
  })
  return { accessibilityAttributes, dealFlag: deals.length > 0, deals }
}
