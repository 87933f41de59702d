import type { DomainDoc, FooterDoc, NavDoc, SiteSettingsDoc, Spacing, StoredBlock } from '#lib/content'
import type { BlockInput, BlockType } from '#blocks/schemas'
import type { PageInput } from '../services/pages.ts'
import { demoAlt, type DemoImages } from './images.ts'
import { DEMO_ANALYTICS_ID } from '#lib/demo-analytics'
import { allBlocksPage } from './all-blocks.ts'

export interface DemoSite {
  domain: DomainDoc
  pages: PageInput[]
  nav: Omit<NavDoc, 'domainId'>
  footer: Omit<FooterDoc, 'domainId'>
  siteSettings: Omit<SiteSettingsDoc, 'domainId' | '_id'>
  /** A story and its chapter pages (collection 'chapters', slugs 'chapters/{story}/{page}'). */
  story?: DemoStory
  /** Where the concierge form's enquiries go (Site Settings → Concierge Form). */
  conciergeEmail?: string
}

export interface DemoStory {
  title: string
  slug: string
  description: string
  image: { imageId: string; alt: string }
  upNext: { heading: string; subtitle: string; link: { text: string; href: string; type: 'page' }; image: { imageId: string; alt: string } }
  /** The chapter pages in reading order; their slugs are the page's own part ('the-first-vines'). */
  chapters: PageInput[]
}

/** The demo's analytics id: the consent banner shows, and accepting loads only the site's own no-op stand-in. */
export { DEMO_ANALYTICS_ID }

/** The demo's concierge address: enquiries are queued in the mail outbox for it (the dev outbox page, or SMTP_URL). */
export const DEMO_CONCIERGE_EMAIL = 'visitor-centre@barossa.example'

/** A block typed against its schema's input, so demo content is checked when it is written. */
function block<T extends BlockType>(componentType: T, props: Omit<BlockInput<T>, 'componentType'>): StoredBlock {
  return { componentType, ...props } as StoredBlock
}

// Spacing steps: 5 = 48 px, 6 = 64 px. Sections breathe; headings sit close to what they introduce.
const section: Spacing = { marginTop: { base: 5, sm: 6, lg: 6 } }
const wide: Spacing = { marginTop: { base: 6, sm: 6, lg: 6 } }
const close: Spacing = { marginTop: { base: 4, sm: 4, lg: 4 } }

const page = (href: string, text: string) => ({ text, href, type: 'page' as const })

const emptySocial = { image: { imageId: '' }, keywords: '', title: '', description: '' }

function barossa(images: DemoImages): DemoSite {
  // Pictures without alt text beside their own title are decorative (publishing checks the rest).
  const img = (name: keyof DemoImages, alt = '') => ({ imageId: images[name], alt, ...(alt ? {} : { decorative: true }) })

  const home: PageInput = {
    slug: '',
    template: 'home',
    title: 'Barossa',
    description: 'Cellar doors, long lunches, hot-air balloons at dawn and 150 years of winemaking, an hour north of Adelaide.',
    header: {
      title: 'Barossa',
      flagText: 'South Australia',
      description:
        'Cellar doors and country kitchens, balloons drifting over the vines at dawn, and 150 years of winemaking, an hour north of Adelaide.',
      image: img('vineyard-hills', 'Rows of vines rolling over the hills of the Barossa Valley in morning light'),
      headerLinks: {
        left: { title: '', links: [page('/plan-your-visit', 'Plan your visit')] },
        right: { title: '', links: [page('/things-to-do', 'Things to do')] },
      },
    },
    contents: [
      block('SectionHeading', {
        _key: 'home-intro',
        title: 'A valley that takes its time',
        subtitle:
          'Silesian settlers planted the first vines here in the 1840s, and their grandchildren still pour the wine. Come for a day and you will want a week: old-vine shiraz, bakeries that open at seven, lookouts over a patchwork of vineyards and a welcome at every cellar door.',
        spacing: wide,
      }),
      block('CardGrid', {
        _key: 'home-where-to-begin',
        title: 'Where to begin',
        description: 'Four ways into the Barossa, whether you have a weekend or a whole week.',
        button: page('/things-to-do', 'All things to do'),
        items: [
          {
            image: img('cellar-door'),
            title: 'Cellar doors',
            description: 'More than 80 of them, from bluestone family cellars to grand estates. Taste where the wine is made.',
            link: page('/eat-and-drink', 'Find a cellar door'),
          },
          {
            image: img('balloon-sunrise'),
            title: 'Balloons at dawn',
            description: 'Lift off before sunrise and drift over the valley floor as the mist burns off the vines.',
            link: page('/things-to-do#balloons', 'Take to the sky'),
          },
          {
            image: img('cycling-trail'),
            title: 'The Barossa Trail',
            description: 'A sealed, mostly flat path between Gawler and Angaston, with cellar doors a short detour away.',
            link: page('/things-to-do#cycling', 'Ride the trail'),
          },
          {
            image: img('farmers-market'),
            title: 'Farmers Market',
            description: 'Saturday mornings in Angaston: wood-fired bread, mettwurst, stone fruit and a very good coffee.',
            link: page('/eat-and-drink#market', 'Go to market'),
          },
        ],
        spacing: wide,
      }),
      block('Quote', {
        _key: 'home-quote',
        text: 'We came for a long lunch and stayed for three days. Every town had another bakery, another cellar door, another family who wanted to tell us their story.',
        quotee: 'Sarah and James, visiting from Melbourne',
        image: img('wine-glass'),
        spacing: wide,
      }),
      block('FeatureCards', {
        _key: 'home-stay-a-while',
        heading: 'Stay a while',
        subheading: 'The Barossa is best slowly: a cottage among the vines, a table that stretches into the evening.',
        cardOne: {
          image: img('cottage-stay', 'A stone cottage with a verandah looking over vineyards'),
          title: 'Cottages among the vines',
          description: 'Sleep in a restored settler’s cottage, wake to birdsong and walk to breakfast at the local bakery.',
          link: page('/plan-your-visit#stay', 'Where to stay'),
        },
        cardTwo: {
          image: img('long-table', 'A long table set for lunch under the trees'),
          title: 'Long lunches',
          description: 'Seasonal menus built on Barossa produce, with the winemaker often at the next table.',
          link: page('/eat-and-drink', 'Where to eat'),
        },
        cta: page('/plan-your-visit', 'Plan your visit'),
        learnMore: page('/about', 'About the Barossa'),
        spacing: wide,
      }),
      block('FeatureTiles', {
        _key: 'home-towns',
        title: 'The towns of the valley',
        backgroundColour: 'softPink',
        tiles: [
          {
            image: img('town-main-street'),
            heading: 'Tanunda',
            copy: 'The valley’s heart: bakeries, galleries and a main street lined with cellar doors and old stone.',
            link: page('/things-to-do#towns', 'Explore Tanunda'),
            learnMore: 'Explore Tanunda',
          },
          {
            image: img('olive-grove'),
            heading: 'Angaston',
            copy: 'Elegant and leafy, home of the Saturday Farmers Market and the gateway to the Eden Valley hills.',
            link: page('/things-to-do#towns', 'Explore Angaston'),
            learnMore: 'Explore Angaston',
          },
          {
            image: img('barrel-room'),
            heading: 'Nuriootpa',
            copy: 'The working town of the valley, with big-name wineries, the Barossa Trail and Coulthard Reserve.',
            link: page('/things-to-do#towns', 'Explore Nuriootpa'),
            learnMore: 'Explore Nuriootpa',
          },
          {
            image: img('vineyard-hills'),
            heading: 'Lyndoch',
            copy: 'The southern gateway, where the valley opens out and the first cellar doors greet you from Adelaide.',
            link: page('/things-to-do#towns', 'Explore Lyndoch'),
            learnMore: 'Explore Lyndoch',
          },
        ],
        spacing: wide,
      }),
      block('Image', {
        _key: 'home-lookout',
        imageId: images.lookout,
        alt: 'The view over the Barossa Valley from Mengler’s Hill lookout at dusk',
        caption: 'Mengler’s Hill lookout: the whole valley at your feet. Come at sunset, and bring a bottle.',
        inContainer: true,
        spacing: wide,
      }),
      block('CardCarousel', {
        _key: 'home-weekend',
        title: 'A weekend in the Barossa',
        description: 'An easy plan for two days, from the first coffee to the last glass.',
        items: [
          {
            image: img('balloon-sunrise'),
            title: 'Saturday, 6 am',
            description: 'Balloon flight over the valley, then a champagne breakfast.',
            link: page('/things-to-do#balloons', 'Book a flight'),
          },
          {
            image: img('farmers-market'),
            title: 'Saturday, 9 am',
            description: 'The Barossa Farmers Market in Angaston for breakfast number two.',
            link: page('/eat-and-drink#market', 'Market details'),
          },
          {
            image: img('cellar-door'),
            title: 'Saturday, noon',
            description: 'Three cellar doors along Seppeltsfield Road, palms all the way.',
            link: page('/eat-and-drink', 'Cellar doors'),
          },
          {
            image: img('long-table'),
            title: 'Saturday, 7 pm',
            description: 'A long dinner in Tanunda, with a winemaker’s table if you can get it.',
            link: page('/eat-and-drink', 'Where to eat'),
          },
          {
            image: img('cycling-trail'),
            title: 'Sunday, 9 am',
            description: 'Hire bikes in Tanunda and ride the Barossa Trail to Nuriootpa.',
            link: page('/things-to-do#cycling', 'Cycling'),
          },
          {
            image: img('lookout'),
            title: 'Sunday, 5 pm',
            description: 'Sunset from Mengler’s Hill before the drive home.',
            link: page('/things-to-do#lookouts', 'Lookouts'),
          },
        ],
        spacing: wide,
      }),
      block('UpNext', {
        _key: 'home-plan-your-visit',
        heading: 'Plan your visit',
        subheading: 'Getting here, getting around, where to stay and the friendly people at the Barossa Visitor Centre in Tanunda.',
        image: img('town-main-street'),
        backgroundColour: 'redDarkest',
        link: page('/plan-your-visit', 'Start planning'),
        spacing: wide,
      }),
    ],
  }

  const thingsToDo: PageInput = {
    slug: 'things-to-do',
    template: 'generic',
    description:
      'Hot-air balloons at dawn, cycling the Barossa Trail, Mengler’s Hill lookout, Seppeltsfield Road and the towns of the valley.',
    header: {
      title: 'Things to do',
      description: 'Balloons at sunrise, bikes between cellar doors, lookouts at sunset and four towns with a story in every stone wall.',
    },
    contents: [
      block('RichText', {
        html: '<p>The Barossa is small enough to cross in half an hour and deep enough to fill a fortnight. Most of what is worth doing here is best done slowly: on a bike, on foot, or at a table that nobody is in a hurry to leave.</p><p>Start at the <a href="/plan-your-visit">Barossa Visitor Centre</a> in Tanunda for maps, bookings and honest local advice.</p>',
        spacing: section,
      }),
      block('Anchor', { id: 'balloons' }),
      block('CustomSectionHeading', {
        title: 'Hot-air balloons',
        secondTitle: 'at dawn',
        subtitle:
          'Flights leave before sunrise most mornings, weather permitting. Expect a frosty start, a silent hour above the vines and a champagne breakfast back on the ground.',
        spacing: wide,
      }),
      block('Image', {
        imageId: images['balloon-sunrise'],
        alt: 'Hot-air balloons rising over the vineyards at sunrise',
        caption: 'Flights run year round; autumn mornings, when the vines turn gold, are the most beautiful.',
        inContainer: true,
        spacing: close,
      }),
      block('Anchor', { id: 'cycling' }),
      block('CustomSectionHeading', {
        title: 'Cycling',
        secondTitle: 'the Barossa Trail',
        subtitle:
          'A sealed shared path runs the length of the valley, following the old railway line through Lyndoch, Tanunda, Nuriootpa and on to Angaston.',
        spacing: wide,
      }),
      block('RichText', {
        html: '<p>The trail is gentle enough for children and e-bikes make light of the hills on the way to Angaston. Hire shops in Tanunda and Nuriootpa will deliver bikes to your accommodation and pick them up again from a cellar door.</p><h3>Good to know</h3><ul><li>Tanunda to Nuriootpa is about 8 km, almost flat, with cafés at both ends.</li><li>Carry water in summer: the valley is hot and shade is scarce between towns.</li><li>Many cellar doors have bike racks and will hold bottles for you to collect by car.</li></ul>',
        spacing: close,
      }),
      block('Image', {
        imageId: images['cycling-trail'],
        alt: 'Cyclists on a quiet path between vineyards',
        inContainer: true,
        spacing: section,
      }),
      block('Anchor', { id: 'lookouts' }),
      block('SectionHeading', {
        title: 'Lookouts and scenic drives',
        subtitle:
          'From Mengler’s Hill you can see across the whole valley floor; the drive along Seppeltsfield Road, beneath more than 2,000 date palms, is one of the most photographed in Australia.',
        spacing: wide,
      }),
      block('CardGrid', {
        items: [
          {
            image: img('lookout'),
            title: 'Mengler’s Hill lookout',
            description: 'Sculptures, a sweeping view and the best sunset seat in the valley, just outside Tanunda.',
            link: page('/things-to-do#lookouts', 'Read more'),
          },
          {
            image: img('vineyard-hills'),
            title: 'Seppeltsfield Road',
            description: 'A long avenue of date palms planted by the Seppelt family, with cellar doors all along the way.',
            link: page('/eat-and-drink', 'Cellar doors on the road'),
          },
          {
            image: img('olive-grove'),
            title: 'Eden Valley back roads',
            description: 'Climb east from Angaston into granite hills, gum trees and cool-climate riesling.',
            link: page('/about', 'The high country'),
          },
          {
            image: img('cottage-stay'),
            title: 'Heritage walks',
            description: 'Lutheran churches, bluestone cottages and the stories of the valley’s first families.',
            link: page('/about', 'Our history'),
          },
        ],
        spacing: close,
      }),
      block('Anchor', { id: 'towns' }),
      block('SectionHeading', {
        title: 'The towns',
        subtitle: 'Each has its own bakery, its own pub and its own opinion about whose shiraz is best.',
        spacing: wide,
      }),
      block('RichText', {
        html: '<h3>Tanunda</h3><p>The most German of the Barossa towns, with a main street of galleries, delis, bakeries and cellar doors. The Barossa Visitor Centre is at 66-68 Murray Street.</p><h3>Angaston</h3><p>Tree-lined and gracious, with the Saturday Barossa Farmers Market, handsome stone buildings and the road up into the Eden Valley.</p><h3>Nuriootpa</h3><p>The commercial centre of the valley, home to some of its best-known wineries and the end of the Barossa Trail’s flat stretch.</p><h3>Lyndoch</h3><p>The first town you reach from Adelaide, surrounded by small family vineyards and quiet country lanes.</p>',
        spacing: close,
      }),
      block('LinkList', {
        title: 'More ideas',
        items: [
          page('/eat-and-drink', 'Cellar doors and wineries'),
          page('/eat-and-drink#market', 'Barossa Farmers Market'),
          page('/plan-your-visit#getting-around', 'Tours and transport'),
          page('/plan-your-visit#stay', 'Where to stay'),
          page('/about', 'The story of the Barossa'),
          page('/plan-your-visit', 'Barossa Visitor Centre'),
        ],
        spacing: wide,
      }),
    ],
  }

  const eatAndDrink: PageInput = {
    slug: 'eat-and-drink',
    template: 'genericImage',
    description: 'Cellar doors, family wineries, long lunches and the Barossa Farmers Market.',
    header: {
      title: 'Eat and drink',
      description: 'Old-vine shiraz and crisp riesling, mettwurst and fruit cake, long lunches that run into dinner.',
      image: img('barrel-room', 'Oak barrels stacked in a dim stone cellar'),
    },
    contents: [
      block('SectionHeading', {
        title: 'Taste where it is made',
        subtitle:
          'Some of the world’s oldest shiraz vines still grow on their own roots here. At most cellar doors the person pouring knows the vineyard row by row.',
        spacing: wide,
      }),
      block('CardGrid', {
        title: 'Cellar doors to start with',
        description: 'A handful of favourites; the Visitor Centre can point you to dozens more.',
        button: page('/plan-your-visit', 'Ask the Visitor Centre'),
        items: [
          {
            image: img('cellar-door'),
            title: 'Family cellars of Tanunda',
            description: 'Bluestone tasting rooms on and around Murray Street, most within walking distance.',
            link: page('/things-to-do#towns', 'Tanunda'),
          },
          {
            image: img('barrel-room'),
            title: 'Seppeltsfield Road estates',
            description: 'Grand old estates beneath the palms, with fortified wines laid down a century ago.',
            link: page('/things-to-do#lookouts', 'Seppeltsfield Road'),
          },
          {
            image: img('wine-glass'),
            title: 'Small-batch makers',
            description: 'Winemakers pouring their own wine at a trestle table in the shed. Book ahead.',
            link: page('/plan-your-visit', 'Plan ahead'),
          },
          {
            image: img('olive-grove'),
            title: 'Olive oil and produce',
            description: 'Olive groves, cheesemakers and providores between Angaston and Nuriootpa.',
            link: page('/eat-and-drink#market', 'Local produce'),
          },
        ],
        spacing: section,
      }),
      block('Quote', {
        text: 'Shiraz is what made our name, but taste the grenache, the mataro and the semillon. The old vines have more to say than one grape.',
        quotee: 'A fifth-generation Barossa grower',
        image: img('wine-glass'),
        spacing: wide,
      }),
      block('Anchor', { id: 'market' }),
      block('SectionHeading', {
        title: 'Barossa Farmers Market',
        subtitle: 'Every Saturday morning from 7.30 in Angaston: the valley’s growers, bakers and butchers under one roof.',
        spacing: wide,
      }),
      block('Image', {
        imageId: images['farmers-market'],
        alt: 'Stalls of fresh fruit, bread and flowers at the Barossa Farmers Market',
        caption: 'Come early for the wood-fired bread; stay for a bacon and egg roll and a chat with the growers.',
        inContainer: true,
        spacing: close,
      }),
      block('RichText', {
        html: '<p>The market runs rain or shine, with seasonal fruit and vegetables, free-range meat and eggs, cheeses, preserves, flowers and coffee. Bring a basket and cash for the smaller stalls.</p><h3>Long lunches</h3><p>Many wineries have restaurants and set menus built around their own gardens. Weekends book out, especially in vintage (February to April), so reserve a table before you arrive.</p>',
        spacing: section,
      }),
      block('LinkList', {
        title: 'Useful links',
        items: [
          page('/plan-your-visit#getting-around', 'Wine tours and drivers'),
          page('/plan-your-visit#stay', 'Stay among the vines'),
          page('/things-to-do#cycling', 'Cycle between cellar doors'),
          page('/book-online', 'Book online'),
        ],
        spacing: wide,
      }),
    ],
  }

  const planYourVisit: PageInput = {
    slug: 'plan-your-visit',
    template: 'genericColour',
    backgroundColour: 'red',
    description: 'Getting to the Barossa, getting around, where to stay and how to reach the Barossa Visitor Centre in Tanunda.',
    header: {
      title: 'Plan your visit',
      description:
        'The Barossa is an easy hour’s drive north-east of Adelaide. Here is how to get here, get around and make the most of your stay.',
    },
    contents: [
      block('Anchor', { _key: 'plan-0', id: 'getting-here' }),
      block('SectionHeading', { _key: 'plan-1', title: 'Getting here', spacing: wide }),
      block('RichText', {
        _key: 'plan-2',
        html: '<p>From Adelaide, follow the Northern Expressway and the Sturt Highway to Nuriootpa, or take the scenic route through Gawler and Lyndoch. Allow about an hour either way.</p><ul><li><strong>By car:</strong> the most flexible way to explore; every town has free parking.</li><li><strong>By train and bus:</strong> take the train to Gawler Central, then a connecting bus into the valley.</li><li><strong>By air:</strong> Adelaide Airport is 75 km away, with car hire and transfers.</li></ul>',
        spacing: close,
      }),
      block('Anchor', { _key: 'plan-3', id: 'getting-around' }),
      block('SectionHeading', { _key: 'plan-4', title: 'Getting around', spacing: wide }),
      block('RichText', {
        _key: 'plan-5',
        html: '<p>If you plan to taste, let someone else drive. Small-group wine tours, private drivers, chauffeured cars and bike hire are all available and can be booked through the Visitor Centre.</p><blockquote>Tip: most cellar doors open from 10 am to 5 pm; some smaller makers open by appointment only, so ring ahead.</blockquote>',
        spacing: close,
      }),
      block('Anchor', { _key: 'plan-6', id: 'stay' }),
      block('CardGrid', {
        _key: 'plan-7',
        title: 'Where to stay',
        description: 'From heritage cottages to luxury lodges, with plenty of cosy bed and breakfasts in between.',
        items: [
          {
            image: img('cottage-stay'),
            title: 'Cottages and B&Bs',
            description: 'Stone cottages with log fires and breakfast baskets of local produce.',
            link: page('/plan-your-visit#visitor-centre', 'Ask us to book'),
          },
          {
            image: img('vineyard-hills'),
            title: 'Vineyard retreats',
            description: 'Lodges and villas with the vines at your door and views across the valley.',
            link: page('/plan-your-visit#visitor-centre', 'Ask us to book'),
          },
          {
            image: img('town-main-street'),
            title: 'In town',
            description: 'Hotels and motels in Tanunda and Nuriootpa, a stroll from dinner.',
            link: page('/plan-your-visit#visitor-centre', 'Ask us to book'),
          },
          {
            image: img('long-table'),
            title: 'Groups and events',
            description: 'Weddings, reunions and long tables for a crowd, with help from local planners.',
            link: page('/plan-your-visit#visitor-centre', 'Talk to us'),
          },
        ],
        spacing: wide,
      }),
      // The provider's current deals of every kind (issue 35 point 5), soonest ending first: gone once they end.
      block('Deals', { _key: 'plan-deals', title: 'Deals and offers', categoryFilter: 'none', limit: 6 }),
      block('Anchor', { _key: 'plan-8', id: 'visitor-centre' }),
      block('Contact', {
        _key: 'plan-9',
        title: 'Barossa Visitor Centre',
        subtitle: 'Our locals can book your accommodation, tours and tastings, and tell you which bakery has the best streuselkuchen.',
        image: { imageId: images['town-main-street'], alt: 'Murray Street, Tanunda', show: true },
        contactMethods: [
          { type: 'location', text: '66-68 Murray Street, Tanunda SA 5352' },
          { type: 'phone', text: '1300 852 982' },
          { type: 'email', text: 'info@barossa.example' },
          { type: 'url', text: 'https://www.barossa.example', link: 'https://www.barossa.example' },
        ],
        spacing: wide,
      }),
      block('Anchor', { _key: 'plan-10', id: 'enquire' }),
      block('ConciergeForm', { _key: 'plan-11', spacing: wide }),
      block('Link', {
        _key: 'plan-12',
        link: page('/things-to-do', 'See things to do'),
        variant: 'primary',
        align: 'center',
        spacing: section,
      }),
    ],
  }

  /** The story as a small PDF (public/demo/): what the Chapters block's 'Download Chapter' offers in the demo. */
  const STORY_PDF = '/demo/the-barossa-story.pdf'
  const about: PageInput = {
    slug: 'about',
    template: 'generic',
    description: 'The story of the Barossa: Silesian settlers, Lutheran churches, old vines and the families who still tend them.',
    header: {
      title: 'About the Barossa',
      description: 'Nearly two centuries of farming, baking and winemaking in a valley named, by a happy mistake, after a ridge in Spain.',
    },
    contents: [
      block('RichText', {
        _key: 'about-story',
        html: '<p>The Barossa was settled in the 1840s by English farmers and by Lutheran families from Silesia and Prussia, who brought their churches, their smallgoods and their habit of planting vines. Some of those vines are still bearing fruit.</p><h2>Old vines, young ideas</h2><p>The valley’s shiraz, grenache and mataro vineyards are among the oldest in the world, protected from phylloxera by South Australia’s strict quarantine. Today a new generation of winemakers works beside the old families, and the cellar doors range from tin sheds to grand estates.</p><h2>A region of small towns</h2><p>Tanunda, Angaston, Nuriootpa and Lyndoch each keep their own character, with the hills of the Eden Valley rising to the east. Between them lie orchards, olive groves, churches and quiet roads made for a slow drive.</p>',
        spacing: section,
      }),
      block('Image', {
        _key: 'about-cellar',
        imageId: images['barrel-room'],
        alt: 'Barrels of maturing wine in a historic stone cellar',
        inContainer: true,
        spacing: section,
      }),
      // The Chapters block (spec 02 §2.8: slider, numbered chapters, Read More, 'Download Chapter'), on a page
      // of the demo (issue 31): the story's three chapters, each with the story as a PDF to download.
      block('Chapters', {
        _key: 'about-chapters',
        title: 'The Barossa Story, in three chapters',
        items: [
          {
            heading: 'The first vines',
            subheading: 'Lutheran families from Silesia and Prussia planted their gardens, churches and vines in the 1840s.',
            media: { imageId: images['olive-grove'], alt: demoAlt['olive-grove'] },
            downloadLink: { type: 'file' as const, href: STORY_PDF, text: 'Download Chapter' },
            contents: [
              block('RichText', {
                _key: 'about-chapter-1',
                html: '<p>The settlers who arrived at Bethany in 1842 brought seeds, smallgoods recipes and a habit of planting a little of everything, a row of vines included.</p><p><a href="/chapters/barossa-story/the-first-vines">Read the whole chapter</a></p>',
              }),
            ],
          },
          {
            heading: 'Old vines, new hands',
            subheading: 'Phylloxera never crossed the border, so the valley kept some of the oldest vines on earth.',
            media: { imageId: images['cellar-door'], alt: demoAlt['cellar-door'] },
            downloadLink: { type: 'file' as const, href: STORY_PDF, text: 'Download Chapter' },
            contents: [
              block('RichText', {
                _key: 'about-chapter-2',
                html: '<p>Shiraz, grenache and mataro planted by the first families are still picked every autumn, now by their great-great-grandchildren and newcomers alike.</p><p><a href="/chapters/barossa-story/old-vines-new-hands">Read the whole chapter</a></p>',
              }),
            ],
          },
          {
            heading: 'A table for everyone',
            subheading: 'Bakeries that open at seven, a Saturday market and long lunches among the vines.',
            media: { imageId: images['farmers-market'], alt: demoAlt['farmers-market'] },
            downloadLink: { type: 'file' as const, href: STORY_PDF, text: 'Download Chapter' },
            contents: [
              block('RichText', {
                _key: 'about-chapter-3',
                html: '<p>The valley’s food is as much its story as its wine: mettwurst, streuselkuchen and the Saturday farmers market in Angaston.</p><p><a href="/chapters/barossa-story/a-table-for-everyone">Read the whole chapter</a></p>',
              }),
            ],
          },
        ],
        spacing: wide,
      }),
      block('LinkList', {
        _key: 'about-keep-exploring',
        title: 'Keep exploring',
        items: [
          page('/things-to-do', 'Things to do'),
          page('/eat-and-drink', 'Eat and drink'),
          page('/plan-your-visit', 'Plan your visit'),
          page('/chapters/barossa-story/the-first-vines', 'The Barossa Story, in three chapters'),
        ],
        spacing: wide,
      }),
    ],
  }

  // The booking provider's gadgets (spec 02 §2.8): search, a region gadget and gift cards. Without
  // BOOKEASY_* configuration each shows its failure message; with the provider (or the local fake,
  // fakes/bookeasy) they load its widgets.
  const bookOnline: PageInput = {
    slug: 'book-online',
    template: 'generic',
    description: 'Book stays, tours and experiences across the Barossa online, or give a Barossa gift card.',
    header: {
      title: 'Book online',
      description:
        'Check what is free on your dates and book stays, tours and tastings across the valley. The Visitor Centre stands behind every booking.',
    },
    contents: [
      block('BookEasySearch', { title: 'Find a place to stay', type: 524, backgroundColour: 'redDarkest', spacing: section }),
      block('BookEasy', {
        title: 'Tours and experiences',
        type: 534,
        productID: '',
        defaultDate: '',
        backgroundColour: 'softPink',
        spacing: section,
      }),
      block('Anchor', { id: 'gift-cards' }),
      block('GiftCard', {
        title: 'Give the Barossa',
        text: 'A gift card for a night among the vines, a balloon flight at dawn or a long lunch, sent by e-mail and good with operators across the region.',
        spacing: section,
      }),
      block('Link', {
        link: page('/plan-your-visit#visitor-centre', 'Prefer to talk? Ask the Visitor Centre'),
        variant: 'primary',
        align: 'center',
        spacing: section,
      }),
    ],
  }

  // A story told in three chapter pages (spec 01 §2.11, spec 02 §2.7), linked from 'About' in the navigation.
  const chapter = (slug: string, title: string, description: string, picture: keyof DemoImages, contents: StoredBlock[]): PageInput => ({
    slug,
    template: 'chapter',
    description,
    // The chapter's picture shows where the story lists it and in the previous chapter's 'up next'.
    header: { title, description, image: { imageId: images[picture], alt: demoAlt[picture] } },
    // Fixed keys ('the-first-vines-1'): the demo's translations name the blocks' texts by them.
    contents: contents.map((b, i) => ({ _key: `${slug}-${i + 1}`, ...b })),
  })
  const story: DemoStory = {
    title: 'The Barossa Story',
    slug: 'barossa-story',
    description: 'How a valley of Silesian farmers became one of the great wine regions of the world, in three chapters.',
    image: { imageId: images['vineyard-hills'], alt: '' },
    upNext: {
      heading: 'Come and see for yourself',
      subtitle: 'The old vines, the bakeries and the families are all still here. The Visitor Centre will help you plan the visit.',
      link: page('/plan-your-visit', 'Plan your visit'),
      image: { imageId: images['town-main-street'], alt: '' },
    },
    chapters: [
      chapter(
        'the-first-vines',
        'The first vines',
        'In the 1840s Lutheran families from Silesia and Prussia crossed the world and planted their gardens, their churches and their vines in a valley north of Adelaide.',
        'olive-grove',
        [
          block('RichText', {
            html: '<p>The settlers who arrived at Bethany in 1842 came for freedom to worship as they chose. They brought seeds, smallgoods recipes and a farming habit of planting a little of everything: wheat, orchards, a pig or two, and a row of vines behind the house.</p><p>The vines took to the warm, dry valley better than anyone expected. Within a generation families were making wine for the whole colony, and some of the shiraz and grenache they planted is still picked every autumn.</p>',
            spacing: section,
          }),
          block('Image', {
            imageId: images['cottage-stay'],
            alt: 'A bluestone settler’s cottage with a verandah at dusk',
            caption: 'Bluestone cottages like the settlers built still line the back roads around Bethany and Tanunda.',
            inContainer: true,
            spacing: section,
          }),
          block('Quote', {
            text: 'My great-great-grandfather planted the block by the creek in 1860. We still pick it by hand, and it still makes the best wine we have.',
            quotee: 'A sixth-generation grower in Light Pass',
            spacing: wide,
          }),
        ],
      ),
      chapter(
        'old-vines-new-hands',
        'Old vines, new hands',
        'Phylloxera never crossed South Australia’s border, so the valley kept vines older than almost anywhere on earth, and a new generation is making the most of them.',
        'cellar-door',
        [
          block('RichText', {
            html: '<p>When phylloxera swept through the vineyards of Europe and the eastern colonies, South Australia shut its borders to vine cuttings. The quarantine held. Today the Barossa grows shiraz, grenache and mataro on their own roots, some planted more than 150 years ago.</p><p>The families who tended them are still here, and beside them work young winemakers who came for the old vines and stayed for the valley. Many pour their own wine at the cellar door.</p>',
            spacing: section,
          }),
          block('Image', {
            imageId: images['barrel-room'],
            alt: 'Oak barrels stacked in a vaulted stone cellar',
            caption: 'Fortified wines laid down a century ago still rest in the valley’s oldest cellars.',
            inContainer: true,
            spacing: section,
          }),
          block('Link', { link: page('/eat-and-drink', 'Find a cellar door'), variant: 'secondary', align: 'center', spacing: section }),
        ],
      ),
      chapter(
        'a-table-for-everyone',
        'A table for everyone',
        'Bakeries that open at seven, a Saturday market, long lunches among the vines: the valley’s food is as much its story as its wine.',
        'farmers-market',
        [
          block('RichText', {
            html: '<p>The settlers’ kitchens never went away. Mettwurst is still smoked in Angaston, streuselkuchen still sold warm in Tanunda, and the Barossa Farmers Market brings the valley’s growers and bakers together every Saturday morning.</p><p>Around them grew a table culture the whole valley shares: long lunches under the trees, harvest feasts in vintage and winemakers’ dinners where the person who made the wine pours it.</p>',
            spacing: section,
          }),
          block('Image', {
            imageId: images['long-table'],
            alt: 'A long table set for lunch under festoon lights',
            caption: 'A long lunch in vintage, when the valley eats together.',
            inContainer: true,
            spacing: section,
          }),
        ],
      ),
    ],
  }
  const chapterLink = (p: PageInput) => page(`/chapters/${story.slug}/${p.slug}`, String((p.header as { title: string }).title))

  const legal = (slug: string, title: string, html: string): PageInput => ({
    slug,
    template: 'generic',
    header: { title },
    contents: [block('RichText', { html, spacing: section })],
  })

  return {
    domain: {
      _id: 'barossa',
      name: 'Barossa',
      hostnames: ['localhost', '127.0.0.1'],
      published: true,
      languages: { default: 'en-AU', others: ['zh-Hans', 'de'] },
    },
    pages: [
      home,
      thingsToDo,
      allBlocksPage(images),
      eatAndDrink,
      planYourVisit,
      bookOnline,
      about,
      legal(
        'privacy',
        'Privacy',
        '<p>We collect only the details you give us, such as your name and e-mail address when you send an enquiry, and use them only to answer you and help plan your visit.</p><p>We never sell your details. To see or correct what we hold, contact the Barossa Visitor Centre on 1300 852 982.</p>',
      ),
      legal(
        'terms',
        'Terms of use',
        '<p>The information on this site is provided in good faith to help you plan a visit to the Barossa. Opening hours, prices and events change, so please confirm details with operators before you travel.</p><p>Bookings made through third parties are subject to their own terms and conditions.</p>',
      ),
    ],
    nav: {
      siteName: 'Barossa',
      items: [
        {
          text: 'Things to do',
          href: '/things-to-do',
          type: 'page',
          groups: [
            {
              title: 'Experiences',
              links: [
                page('/things-to-do#balloons', 'Hot-air ballooning'),
                page('/things-to-do#cycling', 'Cycling the Barossa Trail'),
                page('/things-to-do#lookouts', 'Lookouts and scenic drives'),
              ],
            },
            {
              title: 'Towns',
              links: [
                page('/things-to-do#towns', 'Tanunda'),
                page('/things-to-do#towns', 'Angaston'),
                page('/things-to-do#towns', 'Nuriootpa'),
                page('/things-to-do#towns', 'Lyndoch'),
              ],
            },
          ],
        },
        {
          text: 'Eat and drink',
          href: '/eat-and-drink',
          type: 'page',
          groups: [
            {
              title: 'Wine and food',
              links: [
                page('/eat-and-drink', 'Cellar doors'),
                page('/eat-and-drink#market', 'Barossa Farmers Market'),
                page('/eat-and-drink#market', 'Long lunches'),
              ],
            },
          ],
        },
        { text: 'Plan your visit', href: '/plan-your-visit', type: 'page', groups: [] },
        {
          text: 'About',
          href: '/about',
          type: 'page',
          groups: [
            { title: story.title, links: story.chapters.map(chapterLink) },
            {
              title: 'The valley',
              links: [page('/about', 'About the Barossa'), page('/plan-your-visit#enquire', 'Ask our visitor centre')],
            },
          ],
        },
      ],
      cta: page('/plan-your-visit#visitor-centre', 'Visitor Centre'),
    },
    footer: {
      copy: '© Barossa Visitor Centre. Demo content.',
      linkGroups: [
        {
          title: 'Explore',
          links: [
            page('/things-to-do', 'Things to do'),
            page('/eat-and-drink', 'Eat and drink'),
            page('/things-to-do#towns', 'Towns'),
            page('/things-to-do#lookouts', 'Lookouts'),
          ],
        },
        {
          title: 'Plan',
          links: [
            page('/plan-your-visit#getting-here', 'Getting here'),
            page('/plan-your-visit#getting-around', 'Getting around'),
            page('/plan-your-visit#stay', 'Where to stay'),
            page('/book-online', 'Book online'),
            page('/book-online#gift-cards', 'Gift cards'),
            page('/plan-your-visit#visitor-centre', 'Visitor Centre'),
            page('/favourites', 'My list'),
          ],
        },
        {
          title: 'The Barossa',
          links: [page('/about', 'About the Barossa'), page('/eat-and-drink#market', 'Barossa Farmers Market')],
        },
      ],
      privacy: page('/privacy', 'Privacy'),
      terms: page('/terms', 'Terms of use'),
      visitorInformation: {
        title: 'Barossa Visitor Centre',
        address: '66-68 Murray Street\nTanunda SA 5352',
        phone: '1300 852 982',
        email: 'info@barossa.example',
        hours: 'Monday to Friday 9 am – 5 pm\nWeekends and public holidays 10 am – 4 pm',
      },
      social: [
        { network: 'facebook', href: 'https://www.facebook.com/' },
        { network: 'instagram', href: 'https://www.instagram.com/' },
        { network: 'youtube', href: 'https://www.youtube.com/' },
      ],
    },
    siteSettings: {
      publishChecks: [],
      og: {
        image: { imageId: images['vineyard-hills'] },
        keywords: 'Barossa, Barossa Valley, wine, cellar doors, Tanunda, Angaston, Nuriootpa, Lyndoch, South Australia',
        title: 'Barossa – wine, food and open country',
        description: 'Cellar doors, long lunches, hot-air balloons at dawn and 150 years of winemaking, an hour north of Adelaide.',
      },
      twitter: emptySocial,
      redirects: [],
      categories: [],
      analyticsId: DEMO_ANALYTICS_ID,
    },
    story,
    conciergeEmail: DEMO_CONCIERGE_EMAIL,
  }
}

function edenValley(images: DemoImages): DemoSite {
  // Pictures without alt text beside their own title are decorative (publishing checks the rest).
  const img = (name: keyof DemoImages, alt = '') => ({ imageId: images[name], alt, ...(alt ? {} : { decorative: true }) })
  const home: PageInput = {
    slug: '',
    template: 'home',
    title: 'Eden Valley',
    description: 'High country above the Barossa: granite hills, river red gums and cool-climate riesling.',
    header: {
      title: 'Eden Valley',
      flagText: 'The high country of the Barossa',
      description: 'Granite outcrops, river red gums and some of Australia’s finest riesling, 400 metres above the valley floor.',
      image: img('olive-grove', 'Gum trees and vines on a granite hillside'),
      headerLinks: { left: { title: '', links: [page('/walks', 'Walks and drives')] } },
    },
    contents: [
      block('SectionHeading', {
        title: 'Cooler air, quieter roads',
        subtitle:
          'Climb east out of Angaston and the country changes: the vines thin out among gum trees and sheep paddocks, and the wines turn crisp and floral.',
        spacing: wide,
      }),
      block('CardGrid', {
        title: 'In the hills',
        items: [
          {
            image: img('wine-glass'),
            title: 'Riesling country',
            description: 'Taste steely, lime-scented riesling at small family cellar doors.',
            link: page('/walks', 'Cellar door drive'),
          },
          {
            image: img('lookout'),
            title: 'Granite lookouts',
            description: 'Short climbs to big views over the Barossa and the Mount Lofty Ranges.',
            link: page('/walks', 'Lookouts'),
          },
          {
            image: img('cottage-stay'),
            title: 'Farm stays',
            description: 'Sleep under a sky full of stars in a stone cottage on a working farm.',
            link: page('/walks', 'Stay the night'),
          },
          {
            image: img('long-table'),
            title: 'Country kitchens',
            description: 'Pub lunches and produce from Springton, Eden Valley and Mount Pleasant.',
            link: page('/walks', 'Where to eat'),
          },
        ],
        spacing: wide,
      }),
      block('Quote', {
        text: 'Up here the riesling tastes of the granite and the cold nights. It is the quiet side of the Barossa, and we like it that way.',
        quotee: 'An Eden Valley winemaker',
        spacing: wide,
      }),
      block('Link', { link: page('/walks', 'Plan a drive through the hills'), variant: 'secondary', align: 'center', spacing: section }),
    ],
  }
  const walks: PageInput = {
    slug: 'walks',
    template: 'generic',
    description: 'Walks and scenic drives in the Eden Valley.',
    header: { title: 'Walks and drives', description: 'Quiet roads, granite hills and cellar doors among the gums.' },
    contents: [
      block('RichText', {
        html: '<p>The loop from Angaston through Eden Valley, Springton and back via Mount Pleasant takes about two hours without stops, and a whole day with them.</p><h2>Suggested stops</h2><ul><li>The Herbig family tree in Springton, a hollow red gum that was once a pioneer family’s home.</li><li>Cellar doors along the Eden Valley Road for riesling and cool-climate shiraz.</li><li>A pub lunch in Mount Pleasant before the drive home.</li></ul>',
        spacing: section,
      }),
      block('Image', {
        imageId: images['vineyard-hills'],
        alt: 'A winding road between vineyards and gum trees',
        inContainer: true,
        spacing: section,
      }),
      block('LinkList', { title: 'Next', items: [page('/', 'Eden Valley home')], spacing: section }),
    ],
  }
  return {
    domain: { _id: 'eden-valley', name: 'Eden Valley', hostnames: ['eden.localhost'], published: true },
    pages: [home, walks],
    nav: {
      siteName: 'Eden Valley',
      items: [
        { text: 'Home', href: '/', type: 'page', groups: [] },
        {
          text: 'Walks and drives',
          href: '/walks',
          type: 'page',
          groups: [{ title: 'Explore', links: [page('/walks', 'Scenic loop'), page('/walks', 'Cellar doors')] }],
        },
      ],
    },
    footer: {
      copy: '© Eden Valley Wine Country. Demo content.',
      linkGroups: [{ title: 'Explore', links: [page('/', 'Home'), page('/walks', 'Walks and drives')] }],
      visitorInformation: {
        title: 'Visitor information',
        address: 'Barossa Visitor Centre\n66-68 Murray Street, Tanunda SA 5352',
        phone: '1300 852 982',
        email: '',
        hours: 'Open every day except Christmas Day',
      },
      social: [{ network: 'instagram', href: 'https://www.instagram.com/' }],
    },
    siteSettings: {
      publishChecks: [],
      og: {
        image: { imageId: images['olive-grove'] },
        keywords: 'Eden Valley, riesling, Barossa, South Australia',
        title: 'Eden Valley – the high country of the Barossa',
        description: 'Granite hills, river red gums and cool-climate riesling above the Barossa Valley.',
      },
      twitter: emptySocial,
      redirects: [],
      categories: [],
    },
  }
}

export function demoSites(images: DemoImages): DemoSite[] {
  return [barossa(images), edenValley(images)]
}
