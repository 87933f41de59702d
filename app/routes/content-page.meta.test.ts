import { describe, expect, it } from 'vitest'
import { contentPageMeta } from './content-page.tsx'

type Loaded = Parameters<typeof contentPageMeta>[0]
type Layout = Parameters<typeof contentPageMeta>[1]

const loaded = (page: Record<string, unknown>) =>
  ({ page: { slug: 'coast', title: 'Coast', header: { title: 'Coast' }, ...page }, origin: 'https://example.org' }) as unknown as Loaded
const contentOf = (tags: ReturnType<typeof contentPageMeta>, key: string) =>
  tags.find((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key)) as { content: string } | undefined

describe('the social card pictures of a page', () => {
  it('carry the version of a picture replaced in place, so crawlers and the CDN fetch the new one', () => {
    const tags = contentPageMeta(loaded({ header: { title: 'Coast', image: { imageId: 'hero', alt: '', v: 3 } } }), undefined)
    expect(contentOf(tags, 'og:image')?.content).toBe('https://example.org/img/hero?w=1200&h=630&f=jpg&v=3')
    expect(contentOf(tags, 'twitter:image')?.content).toContain('/img/hero?')
    expect(contentOf(tags, 'twitter:image')?.content).toContain('v=3')
  })

  it("fall back to the site's pictures with theirs, and a first version keeps its plain address", () => {
    const layout = {
      siteSettings: { og: { image: { imageId: 'site-og', v: 2 } }, twitter: { image: { imageId: 'site-tw' } } },
    } as unknown as Layout
    const tags = contentPageMeta(loaded({}), layout)
    expect(contentOf(tags, 'og:image')?.content).toContain('/img/site-og?')
    expect(contentOf(tags, 'og:image')?.content).toContain('v=2')
    expect(contentOf(tags, 'twitter:image')?.content).not.toContain('v=')
  })
})
