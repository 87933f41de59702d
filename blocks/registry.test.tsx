import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { demoSites } from '../server/demo/content'
import { demoImageNames, type DemoImages } from '../server/demo/images'
import { RenderBlocks } from './RenderBlocks'
import { createBlock, registry } from './registry'
import { blockModules, blockTypes, normaliseContents } from './schemas'

// A data router, as on the site: blocks read loader data (the booking gadgets read the layout's).
const render = (blocks: Parameters<typeof RenderBlocks>[0]['blocks']) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: <RenderBlocks blocks={blocks} /> }])} />)

describe('block registry', () => {
  it('declares schema, defaults, label and View for every block type', () => {
    for (const type of blockTypes) {
      const entry = registry[type]
      expect(entry.componentType).toBe(type)
      expect(entry.label).toMatch(/\w/)
      expect(entry.defaults.componentType).toBe(type)
      expect(entry.schema.safeParse(entry.defaults).success).toBe(true)
      expect(typeof entry.View).toBe('function')
    }
  })

  it("checks each picker sample against its block's schema; every text block has one", () => {
    for (const type of blockTypes) {
      const { picker } = blockModules[type]
      if (picker.group === 'text' && type !== 'Quote' && type !== 'CustomSectionHeading') expect(picker.sample, type).toBeDefined()
      if (!picker.sample) continue
      const parsed = registry[type].schema.safeParse({ ...registry[type].defaults, ...picker.sample })
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
    }
  })

  it('creates independent copies of the defaults', () => {
    const a = createBlock('LinkList')
    a.items.push({ text: 'x', href: '/x', type: 'page' })
    expect(createBlock('LinkList').items).toEqual([])
  })
})

describe('RenderBlocks', () => {
  it('wraps each block in a frame with its spacing classes', () => {
    const html = render([
      { componentType: 'SectionHeading', title: 'Hello', subtitle: '', spacing: { marginTop: { base: 5, sm: 5, lg: 6 } } } as never,
    ])
    expect(html).toContain('<h2 class="heading-section">Hello</h2>')
    expect(html).toMatch(/class="mt-12 lg:mt-12 xl:mt-16 mb-0/)
  })

  it('renders nothing for an unknown block type', () => {
    expect(render([{ componentType: 'NoSuchBlock' }])).toBe('')
  })

  it('renders every demo page without throwing, with alt text on meaningful images', () => {
    const images = Object.fromEntries(demoImageNames.map((n) => [n, `demo-${n}`])) as DemoImages
    for (const site of demoSites(images)) {
      for (const page of site.pages) {
        const html = render(normaliseContents(page.contents))
        expect(html.length).toBeGreaterThan(0)
        expect(html).not.toMatch(/<img(?![^>]*\balt=)/)
      }
    }
  })
})
