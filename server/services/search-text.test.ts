import { describe, expect, it } from 'vitest'
import { htmlText } from '#lib/html-text'
import { headingsOf, textOf } from './search.ts'

const words = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('the words search indexes from rich text', () => {
  it('drops a tag whole, even when a quoted attribute holds a ">"', () => {
    expect(words(htmlText('<p><a title="5 > 4" href="/tours">Barossa</a> tours</p>'))).toBe('Barossa tours')
    expect(words(textOf({ componentType: 'RichText', html: '<img alt="a > b" src="/img/1">Vineyards' }))).toBe('Vineyards')
  })

  it('decodes numeric and named entities, as a reader sees them', () => {
    expect(words(htmlText('Caf&#233; &#x26; wine&nbsp;tours &ndash; Tanunda'))).toBe('Café & wine tours – Tanunda')
    expect(words(htmlText('Seppeltsfield&#39;s &quot;Centennial&quot; &lt;cellar&gt;'))).toBe('Seppeltsfield\'s "Centennial" <cellar>')
  })

  it('keeps words apart at tag boundaries, and leaves scripts and styles out', () => {
    expect(words(htmlText('<p>one</p><p>two<br>three</p><style>p{color:red}</style><script>var x = 1</script>'))).toBe('one two three')
  })

  it('takes the headings of a rich text, entities decoded, quoted ">" in attributes ignored', () => {
    const html = '<h2 title="x > y">Getting here</h2><p>By car</p><h3>Caf&#233;s</h3><h5>Small print</h5>'
    expect(headingsOf([{ componentType: 'RichText', html }])).toBe('Getting here Cafés')
  })
})
