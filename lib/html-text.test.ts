import { describe, expect, it } from 'vitest'
import { htmlText, oneLine, plainText } from './html-text.ts'

describe('plainText: rich text as lines', () => {
  it('ends a line at each paragraph, heading, list item and break; decodes entities', () => {
    expect(plainText('<h2>Hi</h2><p>a<br>b&nbsp;c</p>')).toBe('Hi\na\nb c')
    expect(plainText('<p>Wine &amp; <strong>food</strong></p><p>Second</p>')).toBe('Wine & food\nSecond')
    expect(plainText('<ul><li>One</li><li>Two &#8211; <em>three</em></li></ul><blockquote>Quoted</blockquote>')).toBe(
      'One\nTwo – three\nQuoted',
    )
  })

  it('keeps what a reader sees only: no attributes, scripts or styles, no empty lines', () => {
    expect(plainText('<p><a title="5 > 4" href="/x">Barossa</a>   tours</p><p></p><script>x()</script><style>p{}</style>')).toBe(
      'Barossa tours',
    )
  })

  it('leaves plain text as it reads', () => {
    expect(plainText('Fish & chips at 5')).toBe('Fish & chips at 5')
    expect(plainText('')).toBe('')
  })
})

describe('htmlText and oneLine', () => {
  it('makes every tag a word break (what search indexes)', () => {
    expect(htmlText('<p>one</p><p>two<br>three</p>').split(/\s+/).filter(Boolean)).toEqual(['one', 'two', 'three'])
  })

  it('reads only inside the given tags', () => {
    expect(htmlText('<h2>Heading</h2><p>body</p>', new Set(['h2'])).trim()).toBe('Heading')
  })

  it('puts rich text on one line for a label', () => {
    expect(oneLine('<p>Harvest</p><p>festival &amp; <b>fair</b></p>')).toBe('Harvest festival & fair')
  })
})
