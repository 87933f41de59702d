import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Img } from './Img'

const crop = { desktop: { x: 100, y: 50, width: 1080, height: 600 }, mobile: { x: 300, y: 100, width: 450, height: 250 } }

describe('Img', () => {
  it('puts each breakpoint crop on its own source and on the img (mobile first)', () => {
    const html = renderToStaticMarkup(
      <Img
        image={{ imageId: 'pic', alt: 'Vines', crop }}
        width={450}
        height={250}
        cropKey="mobile"
        sources={[{ media: '(min-width: 640px)', width: 1080, height: 600, cropKey: 'desktop' }]}
      />,
    )
    expect(html).toContain(
      '<source media="(min-width: 640px)" width="1080" height="600" srcSet="/img/pic?w=1080&amp;h=600&amp;cx=100&amp;cy=50&amp;cw=1080&amp;ch=600 1x',
    )
    expect(html).toContain('src="/img/pic?w=450&amp;h=250&amp;cx=300&amp;cy=100&amp;cw=450&amp;ch=250"')
    expect(html).toContain('alt="Vines"')
  })

  it('uses the focal point for a breakpoint without a crop, on the server and in CSS', () => {
    const html = renderToStaticMarkup(
      <Img
        image={{ imageId: 'pic', alt: 'x', focal: { x: 0.2, y: 0.7 }, crop: { desktop: crop.desktop } }}
        width={450}
        height={250}
        cropKey="mobile"
      />,
    )
    expect(html).toContain('src="/img/pic?w=450&amp;h=250&amp;fx=0.2&amp;fy=0.7"')
    expect(html).toContain('object-position:20% 70%')
  })

  it('offers width candidates with a sizes attribute for fluid images', () => {
    const html = renderToStaticMarkup(<Img image={{ imageId: 'pic', alt: 'x' }} width={1920} height={1080} sizes="100vw" />)
    expect(html).toContain('sizes="100vw"')
    expect(html).toContain('/img/pic?w=480&amp;h=270 480w')
    expect(html).toContain('/img/pic?w=3840&amp;h=2160 3840w')
    expect(html).not.toContain(' 2x')
  })

  it('renders a decorative picture with an empty alt', () => {
    expect(renderToStaticMarkup(<Img image={{ imageId: 'pic', alt: 'ignored', decorative: true }} width={10} height={10} />)).toContain(
      'alt=""',
    )
  })
})

describe('Img without a crop key', () => {
  it('uses the one crop an element stored under its own name', () => {
    const html = renderToStaticMarkup(
      <Img image={{ imageId: 'pic', alt: 'x', crop: { featureTile: { x: 5, y: 6, width: 300, height: 300 } } }} width={300} height={300} />,
    )
    expect(html).toContain('src="/img/pic?w=300&amp;h=300&amp;cx=5&amp;cy=6&amp;cw=300&amp;ch=300"')
  })
})
