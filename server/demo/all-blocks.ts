/**
 * The block library on one page (slug 'all-blocks', not in the navigation): every block type with
 * content that looks finished, for editors to see what each block does and for the end-to-end
 * tests to check them all in a real browser.
 */
import type { Spacing, StoredBlock } from '#lib/content'
import type { BlockInput, BlockType } from '#blocks/schemas'
import type { PageInput } from '../services/pages.ts'
import type { DemoImages } from './images.ts'
import { DEMO_NEWSLETTER_PATH } from './newsletter.ts'

function block<T extends BlockType>(componentType: T, props: Omit<BlockInput<T>, 'componentType'>): StoredBlock {
  return { componentType, ...props } as StoredBlock
}

const section: Spacing = { marginTop: { base: 5, sm: 6, lg: 6 } }
const close: Spacing = { marginTop: { base: 4, sm: 4, lg: 4 } }
const page = (href: string, text: string) => ({ text, href, type: 'page' as const })

/** The block types this page shows (the unit tests check the page against this list). */
export const allBlocksTypes = [
  'SectionHeading',
  'CustomSectionHeading',
  'Text',
  'RichText',
  'FormattedText',
  'Image',
  'Logo',
  'LinkList',
  'Link',
  'CustomLinkRight',
  'ImageNavigation',
  'CardGrid',
  'CardCarousel',
  'Carousel',
  'Quote',
  'FeatureTiles',
  'FeatureCards',
  'FeatureBlock',
  'UpNext',
  'Contact',
  'Anchor',
  'Youtube',
  'Vimeo',
  'CustomMosaic',
  'NewsletterForm',
  'RegionMap',
  'SplitContent',
  'CustomContentSplit',
] as const satisfies readonly BlockType[]

export function allBlocksPage(images: DemoImages): PageInput {
  const img = (name: keyof DemoImages, alt = '') => ({ imageId: images[name], alt })
  const tile = (name: keyof DemoImages, title: string, href: string, order: number) => ({
    image: img(name),
    title,
    navLink: page(href, title),
    order,
  })
  return {
    slug: 'all-blocks',
    template: 'genericImage',
    title: 'The block library',
    description:
      'Every content block of the Barossa site on one page: headings, text, pictures, carousels, videos, maps, forms and layouts.',
    header: {
      title: 'The block library',
      description:
        'Every block an editor can place on a page, filled with Barossa stories, so you can see what each one does before you use it.',
      image: img('barrel-room', 'Oak barrels stacked in a vaulted cellar lit by warm lamps'),
      overlayer: { image: img('wine-glass', 'A glass of Barossa shiraz'), position: 'end', width: 24 },
      breadcrumb: [{ type: 'page', href: '/', text: 'Home' }],
    },
    contents: [
      block('SectionHeading', {
        title: 'Headings and text',
        subtitle: 'Section headings introduce a part of the page; text blocks carry the story.',
        spacing: section,
      }),
      block('CustomSectionHeading', {
        title: 'Old vines,',
        secondTitle: 'new stories',
        subtitle: 'A heading in two voices, for the pages that need a little more flourish.',
        spacing: section,
      }),
      block('Text', {
        text: 'Some of the oldest shiraz vines in the world grow in the Barossa, planted by Silesian settlers in the 1840s and still picked by hand.\n\nPlain text blocks keep an editor’s paragraphs exactly as written.',
        spacing: close,
      }),
      block('RichText', {
        html: '<h3>Rich text</h3><p>Rich text allows <strong>bold</strong>, <em>italic</em>, <a href="/things-to-do">links</a> and lists:</p><ul><li>Cellar doors in every town</li><li>Farmers market on Saturday mornings</li></ul>',
        spacing: close,
      }),
      block('FormattedText', {
        text: '## A day in Tanunda\nFormatted text is typed with light marks and shown tidily.\n\n1. **Breakfast** at a bakery on Murray Street\n2. A bike ride along the *Barossa Trail*\n3. Sunset at Mengler’s Hill\n\n- Bring a hat in summer\n- Book long lunches ahead',
        spacing: close,
      }),
      block('Anchor', { id: 'pictures' }),
      block('SectionHeading', { title: 'Pictures and logos', spacing: section }),
      block('Image', {
        imageId: images['vineyard-hills'],
        alt: 'Vines rolling over golden hills at sunset',
        caption: 'Image block: 1080x600 on large screens, 450x250 on phones.',
        inContainer: true,
        spacing: close,
      }),
      block('Logo', {
        image: img('cellar-door', 'Barossa cellar door partner'),
        maxWidth: 200,
        align: 'center',
        navLink: page('/eat-and-drink', 'Cellar doors'),
        spacing: section,
      }),
      block('SectionHeading', { title: 'Links', spacing: section }),
      block('LinkList', {
        title: 'Plan your day',
        items: [
          page('/things-to-do', 'Things to do'),
          page('/eat-and-drink', 'Eat and drink'),
          page('/plan-your-visit', 'Plan your visit'),
          { text: 'Barossa map (PDF)', href: 'barossa-map.pdf', type: 'file' as const },
        ],
        spacing: close,
      }),
      block('Link', { link: page('/plan-your-visit', 'Plan your visit'), variant: 'primary', align: 'center', spacing: section }),
      block('CustomLinkRight', { link: { text: 'Jump to the videos', href: 'videos', type: 'anchor' }, spacing: section }),
      block('ImageNavigation', {
        title: 'Explore the valley',
        backgroundColour: 'redDarkest',
        fontColour: 'white',
        reversed: false,
        imageCaption: 'The view from Mengler’s Hill at sunset',
        image: img('lookout'),
        links: [
          page('/things-to-do#lookouts', 'Lookouts and drives'),
          page('/things-to-do#cycling', 'Cycling the trail'),
          page('/eat-and-drink', 'Cellar doors'),
          page('/plan-your-visit#stay', 'Where to stay'),
        ],
        spacing: section,
      }),
      block('CardGrid', {
        title: 'Cards in a grid',
        description: 'One column on phones, three from 640 px, four from 768 px.',
        items: [
          {
            image: img('cellar-door'),
            title: 'Cellar doors',
            description: 'Taste where the wine is made.',
            link: page('/eat-and-drink', 'Find one'),
          },
          {
            image: img('balloon-sunrise'),
            title: 'Balloons',
            description: 'Drift over the vines at dawn.',
            link: page('/things-to-do#balloons', 'Take off'),
          },
          {
            image: img('cycling-trail'),
            title: 'The trail',
            description: 'Flat, sealed and scenic.',
            link: page('/things-to-do#cycling', 'Ride'),
          },
          {
            image: img('farmers-market'),
            title: 'Market',
            description: 'Saturdays in Angaston.',
            link: page('/eat-and-drink#market', 'Shop'),
          },
        ],
        spacing: section,
      }),
      block('CardCarousel', {
        title: 'Cards in a carousel',
        description: 'Swipe, scroll or use the arrows.',
        items: [
          {
            image: img('long-table'),
            title: 'Long lunches',
            description: 'Tables under the vines.',
            link: page('/eat-and-drink', 'Book a table'),
          },
          {
            image: img('cottage-stay'),
            title: 'Cottages',
            description: 'Stone walls, open fires.',
            link: page('/plan-your-visit#stay', 'Stay'),
          },
          {
            image: img('town-main-street'),
            title: 'Towns',
            description: 'Bakeries and galleries.',
            link: page('/things-to-do#towns', 'Visit'),
          },
          { image: img('barrel-room'), title: 'Barrel halls', description: 'Behind the scenes.', link: page('/eat-and-drink', 'Tour') },
          {
            image: img('olive-grove'),
            title: 'Olive groves',
            description: 'Oil pressed in autumn.',
            link: page('/eat-and-drink', 'Taste'),
          },
        ],
        spacing: section,
      }),
      block('Carousel', {
        title: 'Seasons in the Barossa',
        reversed: false,
        background: { value: 'softPink', label: 'Soft Pink' },
        items: [
          {
            title: 'Vintage',
            description: 'From February the valley smells of fermenting grapes and every cellar door has a story from the crush.',
            button: { text: 'Cellar doors', href: '/eat-and-drink', type: 'page', icon: '' },
            image: img('vineyard-hills', 'Vine rows on golden hills'),
          },
          {
            title: 'Autumn colour',
            description: 'The vines turn gold and crimson, and the mornings are made for hot-air balloons.',
            button: { text: 'Balloon flights', href: '/things-to-do#balloons', type: 'page', icon: '' },
            image: img('balloon-sunrise', 'Balloons over misty vines'),
          },
          {
            title: 'Winter fires',
            description: 'Red wine, slow-cooked lunches and a stone cottage with the fire lit.',
            button: { text: 'Where to stay', href: '/plan-your-visit#stay', type: 'page', icon: '' },
            image: img('cottage-stay', 'A stone cottage at dusk'),
          },
        ],
        spacing: section,
      }),
      block('Quote', { text: 'Come for a day and you will want a week.', quotee: 'A Tanunda baker', spacing: section }),
      block('FeatureTiles', {
        title: 'Feature tiles',
        backgroundColour: 'softPink',
        tiles: [
          {
            image: img('wine-glass'),
            heading: 'Taste',
            copy: 'Shiraz, grenache and riesling.',
            link: page('/eat-and-drink', 'Cellar doors'),
            learnMore: 'Learn more',
          },
          {
            image: img('lookout'),
            heading: 'Look',
            copy: 'Lookouts over the valley.',
            link: page('/things-to-do#lookouts', 'Lookouts'),
            learnMore: 'Learn more',
          },
          {
            image: img('cycling-trail'),
            heading: 'Ride',
            copy: 'The Barossa Trail.',
            link: page('/things-to-do#cycling', 'Cycling'),
            learnMore: 'Learn more',
          },
        ],
        spacing: section,
      }),
      block('FeatureCards', {
        heading: 'Feature cards',
        subheading: 'Two stories side by side.',
        cardOne: {
          image: img('long-table'),
          title: 'Long lunches',
          description: 'Set menus of local produce, matched with the winery’s own bottles.',
          link: page('/eat-and-drink', 'Where to eat'),
        },
        cardTwo: {
          image: img('farmers-market'),
          title: 'Farmers Market',
          description: 'Wood-fired bread, mettwurst and stone fruit on Saturday mornings.',
          link: page('/eat-and-drink#market', 'Go to market'),
        },
        cta: page('/eat-and-drink', 'Eat and drink'),
        learnMore: page('/about', 'About the Barossa'),
        spacing: section,
      }),
      block('FeatureBlock', {
        title: 'A feature block',
        subtitle: 'Behind the cellar door',
        description:
          '<p>Barrel halls, blending benches and the people who make the wine: many wineries open their doors for tours and tastings straight from the barrel.</p>',
        image: img('barrel-room', 'Oak barrels in a vaulted cellar'),
        link: page('/eat-and-drink', 'Book a tour'),
        inContainer: true,
        spacing: section,
      }),
      block('UpNext', {
        heading: 'Up next: the towns',
        subheading: 'Bakeries, galleries and bluestone churches.',
        image: img('town-main-street'),
        backgroundColour: 'redDarkest',
        link: page('/things-to-do#towns', 'Visit the towns'),
        spacing: section,
      }),
      block('Contact', {
        title: 'Barossa Visitor Centre',
        subtitle: 'Maps, bookings and honest local advice, every day except Christmas Day.',
        image: { ...img('town-main-street', 'Murray Street, Tanunda'), show: true },
        contactMethods: [
          { type: 'location', text: '66-68 Murray Street, Tanunda SA 5352', link: '' },
          { type: 'phone', text: '1300 852 982', link: '' },
          { type: 'email', text: 'info@barossa.example', link: '' },
          { type: 'url', text: 'barossa.example', link: '' },
        ],
        spacing: section,
      }),
      block('Anchor', { id: 'videos' }),
      block('SectionHeading', { title: 'Videos', subtitle: 'Nothing loads from the video site until you press play.', spacing: section }),
      block('Youtube', {
        videoId: 'M7lc1UVf-VE',
        title: 'A morning above the Barossa',
        poster: img('balloon-sunrise'),
        caption: 'YouTube, played from youtube-nocookie.com.',
        spacing: close,
      }),
      block('Vimeo', {
        videoId: '76979871',
        title: 'Vintage in the valley',
        caption: 'Vimeo with Do Not Track, and the neutral poster.',
        spacing: section,
      }),
      block('CustomMosaic', {
        gap: 10,
        inContainer: true,
        items: {
          R1C1: tile('vineyard-hills', 'Vineyards', '/things-to-do', 0),
          R1C2: tile('cellar-door', 'Cellar doors', '/eat-and-drink', 1),
          R1C3: tile('balloon-sunrise', 'Balloons', '/things-to-do#balloons', 2),
          R2C1: tile('long-table', 'Long lunches', '/eat-and-drink', 3),
          R2C2: tile('cycling-trail', 'Cycling', '/things-to-do#cycling', 4),
          R2C3: tile('cottage-stay', 'Stay', '/plan-your-visit#stay', 5),
          R2C4: tile('farmers-market', 'Market', '/eat-and-drink#market', 6),
        },
        spacing: section,
      }),
      block('SplitContent', {
        width: 5,
        gap: 1,
        usePixelGap: false,
        reverse: { desktop: false, mobile: false },
        matchHeight: false,
        left: [
          {
            componentType: 'SectionHeading',
            title: 'Split content',
            subtitle: 'Two block lists side by side; here the first column takes five twelfths.',
          },
          { componentType: 'Text', text: 'On phones the columns stack; either side can come first on either screen size.' },
        ],
        right: [{ componentType: 'Image', imageId: images['olive-grove'], alt: 'Olive trees in golden grass', inContainer: true }],
        spacing: section,
      }),
      block('CustomContentSplit', {
        title: 'Custom content split',
        backgroundColour: 'red',
        fontColour: '',
        width: 6,
        gap: 4,
        usePixelGap: true,
        reverse: { desktop: true, mobile: false },
        matchHeight: true,
        left: [
          {
            componentType: 'Text',
            text: 'The same two lists on a coloured band, reversed on desktop, with a 32 px gap.\n\nThe font colour follows the background for contrast unless the editor picks one.',
          },
        ],
        right: [
          { componentType: 'Image', imageId: images['wine-glass'], alt: 'A glass of red wine with cheese and grapes', inContainer: true },
        ],
        spacing: section,
      }),
      block('NewsletterForm', {
        heading: 'News from the valley',
        text: 'Events, new cellar doors and seasonal menus, once a month.',
        link: { text: 'Sign up on our newsletter page', href: 'https://newsletter.barossa.example/', type: 'external' },
        // The demo's own stand-in (server/demo/newsletter.ts): a made-up service address would not resolve.
        formAction: DEMO_NEWSLETTER_PATH,
        emailField: 'email',
        spacing: section,
      }),
      block('RegionMap', {
        title: 'Find your way around',
        alpacaURL: 'https://maps.barossa.example/embed/region',
        cta: { text: 'Open the full map', href: 'https://maps.barossa.example/', type: 'external' },
        spacing: section,
      }),
    ],
  }
}
