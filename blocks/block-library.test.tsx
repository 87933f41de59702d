/**
 * The blocks of issue 8: their validation rules (spec 02 §5) and a server render of each, with its
 * defaults and with the demo page's content.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { allBlocksPage, allBlocksTypes } from '../server/demo/all-blocks'
import { demoImageNames, type DemoImages } from '../server/demo/images'
import { mobileOrder, reorder } from './CustomMosaic/cells'
import { parseFormatted } from './FormattedText/format'
import { RenderBlocks, type RenderableBlock } from './RenderBlocks'
import { createBlock } from './registry'
import { blockTypes, normaliseContents, validateBlock, type BlockType } from './schemas'
import { splitGrid } from './SplitContent/split'
import { extractVideoId } from './Youtube/video-id'

const images = Object.fromEntries(demoImageNames.map((n) => [n, `demo-${n}`])) as DemoImages
const demo = allBlocksPage(images)

const render = (blocks: readonly RenderableBlock[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RenderBlocks blocks={blocks} />
    </MemoryRouter>,
  )

const issuesOf = (block: unknown) => {
  const result = validateBlock(block)
  return result.ok ? [] : result.issues
}

const ours = [
  'Carousel',
  'ImageNavigation',
  'CustomLinkRight',
  'FeatureBlock',
  'Vimeo',
  'Youtube',
  'Logo',
  'CustomMosaic',
  'NewsletterForm',
  'RegionMap',
  'SplitContent',
  'CustomContentSplit',
  'FormattedText',
] as const satisfies readonly BlockType[]

describe('validation rules (spec 02 §5)', () => {
  const item = { title: 'Slide', image: { imageId: 'x', alt: '' } }

  it('a carousel holds at most 5 items', () => {
    expect(issuesOf({ componentType: 'Carousel', items: Array(5).fill(item) })).toEqual([])
    const issues = issuesOf({ componentType: 'Carousel', items: Array(6).fill(item) })
    expect(issues).toHaveLength(1)
    expect(issues[0]!.path).toEqual(['items'])
    expect(issues[0]!.message).toMatch(/at most 5/)
  })

  it('split content: first column width 0 to 10, gap 0 to 5 (pixel scale up to 6)', () => {
    for (const type of ['SplitContent', 'CustomContentSplit']) {
      expect(issuesOf({ componentType: type, width: 0, gap: 0 })).toEqual([])
      expect(issuesOf({ componentType: type, width: 10, gap: 5 })).toEqual([])
      expect(issuesOf({ componentType: type, width: 11 }).map((i) => i.path)).toEqual([['width']])
      expect(issuesOf({ componentType: type, width: -1 }).map((i) => i.path)).toEqual([['width']])
      expect(issuesOf({ componentType: type, width: 4.5 }).map((i) => i.path)).toEqual([['width']])
      expect(issuesOf({ componentType: type, gap: 6 }).map((i) => i.path)).toEqual([['gap']])
      expect(issuesOf({ componentType: type, gap: 6, usePixelGap: true })).toEqual([])
      expect(issuesOf({ componentType: type, gap: 7, usePixelGap: true }).map((i) => i.path)).toEqual([['gap']])
    }
  })

  it('split content sides hold valid blocks of the narrower list only', () => {
    expect(issuesOf({ componentType: 'SplitContent', left: [{ componentType: 'Text', text: 'Hi' }] })).toEqual([])
    expect(issuesOf({ componentType: 'SplitContent', left: [{ componentType: 'Carousel' }] })).toEqual([
      { path: ['left', 0, 'componentType'], message: 'Carousel cannot be placed here' },
    ])
    expect(issuesOf({ componentType: 'SplitContent', right: [{ componentType: 'Text', text: 5 }] }).map((i) => i.path)).toEqual([
      ['right', 0, 'text'],
    ])
    expect(issuesOf({ componentType: 'SplitContent', right: [{ componentType: 'Nope' }] })).toHaveLength(1)
    // Nested blocks get their defaults filled in, like top-level ones.
    const result = validateBlock({ componentType: 'SplitContent', left: [{ componentType: 'Text' }] })
    expect(result.ok && (result.block as { left: unknown[] }).left).toEqual([{ componentType: 'Text', text: '' }])
  })

  it('mosaic gap 0 to 60, default 10; seven tiles with distinct orders 0 to 6', () => {
    const mosaic = createBlock('CustomMosaic')
    expect(mosaic.gap).toBe(10)
    expect(Object.keys(mosaic.items)).toEqual(['R1C1', 'R1C2', 'R1C3', 'R2C1', 'R2C2', 'R2C3', 'R2C4'])
    expect(Object.values(mosaic.items).map((t) => [t.key, t.order])).toEqual([
      ['R1C1', 0],
      ['R1C2', 1],
      ['R1C3', 2],
      ['R2C1', 3],
      ['R2C2', 4],
      ['R2C3', 5],
      ['R2C4', 6],
    ])
    expect(issuesOf({ componentType: 'CustomMosaic', gap: 60 })).toEqual([])
    expect(issuesOf({ componentType: 'CustomMosaic', gap: 61 }).map((i) => i.path)).toEqual([['gap']])
    expect(issuesOf({ componentType: 'CustomMosaic', gap: -1 }).map((i) => i.path)).toEqual([['gap']])
    expect(issuesOf({ componentType: 'CustomMosaic', items: { R1C1: { order: 7 } } }).map((i) => i.path)).toEqual([
      ['items', 'R1C1', 'order'],
    ])
    expect(issuesOf({ componentType: 'CustomMosaic', items: { R1C1: { order: 1 } } }).map((i) => i.message)).toEqual([
      'Each tile needs its own order, 0 to 6',
    ])
  })

  it('video ids are stored under videoId and checked per provider', () => {
    expect(issuesOf({ componentType: 'Youtube', videoId: 'M7lc1UVf-VE' })).toEqual([])
    expect(issuesOf({ componentType: 'Youtube', videoId: 'https://youtu.be/M7lc1UVf-VE' }).map((i) => i.path)).toEqual([['videoId']])
    expect(issuesOf({ componentType: 'Vimeo', videoId: '76979871' })).toEqual([])
    expect(issuesOf({ componentType: 'Vimeo', videoId: 'abc' }).map((i) => i.path)).toEqual([['videoId']])
    expect(extractVideoId('youtube', 'https://www.youtube.com/watch?v=M7lc1UVf-VE&t=3')).toBe('M7lc1UVf-VE')
    expect(extractVideoId('youtube', 'youtu.be/M7lc1UVf-VE')).toBe('M7lc1UVf-VE')
    expect(extractVideoId('youtube', 'https://www.youtube.com/embed/M7lc1UVf-VE')).toBe('M7lc1UVf-VE')
    expect(extractVideoId('vimeo', 'https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871')
    expect(extractVideoId('vimeo', 'https://player.vimeo.com/video/76979871?h=x')).toBe('76979871')
  })

  it('region map and newsletter addresses must be web addresses', () => {
    expect(issuesOf({ componentType: 'RegionMap', alpacaURL: 'javascript:alert(1)' }).map((i) => i.path)).toEqual([['alpacaURL']])
    expect(issuesOf({ componentType: 'RegionMap', alpacaURL: 'https://maps.example.com/embed' })).toEqual([])
    expect(issuesOf({ componentType: 'NewsletterForm', formAction: 'javascript:alert(1)' }).map((i) => i.path)).toEqual([['formAction']])
    expect(issuesOf({ componentType: 'NewsletterForm', formAction: 'https://forms.example.com/x' })).toEqual([])
  })

  it('feature block: hideHeaders and hideLists keep headings and lists out of the description', () => {
    const html = '<h2>Head</h2><ul><li>One</li><li>Two</li></ul><script>x</script>'
    const plain = validateBlock({ componentType: 'FeatureBlock', description: html })
    expect(plain.ok && (plain.block as { description: string }).description).toBe('<h2>Head</h2><ul><li>One</li><li>Two</li></ul>')
    const flat = validateBlock({ componentType: 'FeatureBlock', description: html, hideHeaders: true, hideLists: true })
    expect(flat.ok && (flat.block as { description: string }).description).toBe('<p>Head</p><p>One</p><p>Two</p>')
  })

  it('booking widget: the first date offered is a real DD/MM/YYYY date', () => {
    expect(issuesOf({ componentType: 'BookEasy', defaultDate: '29/02/2028' })).toEqual([])
    expect(issuesOf({ componentType: 'BookEasy', defaultDate: '' })).toEqual([])
    expect(issuesOf({ componentType: 'BookEasy', defaultDate: '31/02/2027' }).map((i) => i.path)).toEqual([['defaultDate']])
    expect(issuesOf({ componentType: 'BookEasy', defaultDate: '2027-03-01' }).map((i) => i.path)).toEqual([['defaultDate']])
  })
})

describe('helpers', () => {
  it('split grid: equal halves at width 0, gap in twelfths or pixels, reversed keeps the widths', () => {
    expect(splitGrid({ width: 0, gap: 0, usePixelGap: false }).columns).toBe('minmax(0,6fr) minmax(1.5rem,0fr) minmax(0,6fr)')
    expect(splitGrid({ width: 4, gap: 2, usePixelGap: false }).columns).toBe('minmax(0,4fr) minmax(1.5rem,2fr) minmax(0,6fr)')
    expect(splitGrid({ width: 10, gap: 5, usePixelGap: false }).columns).toBe('minmax(0,10fr) minmax(1.5rem,1fr) minmax(0,1fr)')
    expect([1, 2, 3, 4, 5, 6].map((g) => splitGrid({ width: 6, gap: g, usePixelGap: true }).columns.split(' ')[1])).toEqual([
      '4px',
      '16px',
      '24px',
      '32px',
      '48px',
      '64px',
    ])
    expect(splitGrid({ width: 4, gap: 6, usePixelGap: true }, true).columns).toBe('minmax(0,8fr) 64px minmax(0,4fr)')
  })

  it('mosaic phone order and reordering', () => {
    const { items } = createBlock('CustomMosaic')
    expect(mobileOrder(items)).toEqual(['R1C1', 'R1C2', 'R1C3', 'R2C1', 'R2C2', 'R2C3', 'R2C4'])
    const orders = reorder(items, 0, 6)
    expect(orders).toEqual({ R1C2: 0, R1C3: 1, R2C1: 2, R2C2: 3, R2C3: 4, R2C4: 5, R1C1: 6 })
  })

  it('formatted text: paragraphs, line breaks, headings, lists, emphasis', () => {
    expect(parseFormatted('## Title\nOne\ntwo\n\n- a\n- **b**\n1. x\n2. *y*')).toEqual([
      { kind: 'h2', text: [{ kind: 'text', text: 'Title' }] },
      { kind: 'p', lines: [[{ kind: 'text', text: 'One' }], [{ kind: 'text', text: 'two' }]] },
      { kind: 'ul', items: [[{ kind: 'text', text: 'a' }], [{ kind: 'strong', text: 'b' }]] },
      { kind: 'ol', items: [[{ kind: 'text', text: 'x' }], [{ kind: 'em', text: 'y' }]] },
    ])
  })
})

describe('the all-blocks demo page', () => {
  it('holds every block type of the library it lists, and they all validate', () => {
    const used = new Set(demo.contents!.map((b) => (b as { componentType: string }).componentType))
    for (const type of allBlocksTypes) expect(used, type).toContain(type)
    for (const type of ours) expect(allBlocksTypes).toContain(type)
    for (const [i, block] of demo.contents!.entries()) expect(validateBlock(block), `block ${i}`).toMatchObject({ ok: true })
    expect(blockTypes).toEqual(expect.arrayContaining([...allBlocksTypes]))
  })
})

describe('rendering on the server', () => {
  it.each(ours)('%s renders its defaults without crashing (and visitors see no empty shell)', (type) => {
    const html = render([createBlock(type)])
    // An empty block renders nothing for visitors, except the layout-only split blocks' frame.
    expect(html).not.toMatch(/undefined|NaN|\[object Object\]/)
  })

  const demoBlocks = normaliseContents(demo.contents)
  const byType = (type: BlockType) => demoBlocks.filter((b) => b.componentType === type)
  const expectations: Record<(typeof ours)[number], (string | RegExp)[]> = {
    Carousel: [
      'Seasons in the Barossa',
      'role="tablist"',
      '>01<',
      '>02<',
      '>03<',
      'aria-selected="true"',
      'Vintage',
      'Autumn colour',
      /role="tabpanel"[^>]*hidden=""/,
    ],
    ImageNavigation: ['Explore the valley', 'Lookouts and drives', 'Cycling the trail', 'The view from Mengler’s Hill'],
    CustomLinkRight: ['Jump to the videos', 'href="#videos"', 'justify-end'],
    FeatureBlock: ['A feature block', 'Behind the cellar door', 'Barrel halls', 'Book a tour'],
    Vimeo: ['Vintage in the valley', 'https://player.vimeo.com/video/76979871?autoplay=1&amp;dnt=1', 'Play video: Vintage in the valley'],
    Youtube: [
      'A morning above the Barossa',
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
      'Play video: A morning above the Barossa',
    ],
    Logo: ['Barossa cellar door partner', '/img/demo-cellar-door?w=400'],
    CustomMosaic: ['Vineyards', 'Cellar doors', 'Market', 'gap:10px', 'xl:col-start-10 xl:col-span-3 xl:row-start-2'],
    NewsletterForm: ['News from the valley', 'action="/demo/newsletter"', 'Email address', 'type="email"', 'Subscribe', 'role="status"'],
    RegionMap: ['Find your way around', '<iframe', 'loading="lazy"', 'title="Find your way around"', 'Open the full map'],
    SplitContent: [
      'Split content',
      'On phones the columns stack',
      'demo-olive-grove',
      '--split-cols:minmax(0,5fr) minmax(1.5rem,1fr) minmax(0,6fr)',
    ],
    CustomContentSplit: ['Custom content split', 'bg-red', 'text-white', '--split-cols:minmax(0,6fr) 32px minmax(0,6fr)', 'md:col-start-3'],
    FormattedText: ['<h2>A day in Tanunda</h2>', '<ol><li><strong>Breakfast</strong>', '<em>Barossa Trail</em>', '<ul><li>Bring a hat'],
  }

  it.each(ours)('%s renders the demo content with its key text', (type) => {
    const blocks = byType(type)
    expect(blocks.length, `${type} on the demo page`).toBeGreaterThan(0)
    const html = render(blocks)
    for (const expected of expectations[type]) {
      if (typeof expected === 'string') expect(html).toContain(expected)
      else expect(html).toMatch(expected)
    }
    expect(html).not.toMatch(/<img(?![^>]*\balt=)/)
  })

  it('the video blocks hold no player frame until play is pressed', () => {
    expect(render([...byType('Youtube'), ...byType('Vimeo')])).not.toContain('<iframe')
  })

  it('a region map without an address shows visitors nothing', () => {
    expect(render([createBlock('RegionMap')])).toMatch(/^<div class="[^"]*" data-block="RegionMap"><\/div>$/)
  })

  it('a newsletter block without a form service shows its link instead', () => {
    const html = render([
      {
        ...createBlock('NewsletterForm'),
        heading: 'News',
        link: { text: 'Sign up', href: 'https://x.example/', type: 'external' },
      } as RenderableBlock,
    ])
    expect(html).not.toContain('<form')
    expect(html).toContain('Sign up')
  })
})
