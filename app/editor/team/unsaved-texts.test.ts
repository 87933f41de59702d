import { describe, expect, it } from 'vitest'
import { plainText } from '#lib/html-text'
import { unsavedTexts } from './unsaved-texts.ts'

describe('unsavedTexts', () => {
  const saved = {
    _id: 'p1',
    slug: 'about',
    header: { title: 'About us', imageId: 'img-1' },
    contents: [
      { _key: 'a', componentType: 'Text', text: 'First' },
      { _key: 'b', componentType: 'RichText', text: '<p>Second</p>' },
    ],
  }

  it('lists each text typed since the save, as plain text, blocks matched by key', () => {
    const current = {
      ...saved,
      slug: 'about-us',
      header: { title: 'About the valley', imageId: 'img-2' },
      contents: [
        { _key: 'c', componentType: 'Quote', text: 'A new quote &amp; more' },
        { _key: 'a', componentType: 'Text', text: 'First' },
        { _key: 'b', componentType: 'RichText', text: '<p>Second, longer</p><p>Another line</p>' },
      ],
    }
    expect(unsavedTexts(saved, current)).toEqual(['About the valley', 'A new quote & more', 'Second, longer\nAnother line'])
  })

  it('is empty when nothing was typed', () => {
    expect(unsavedTexts(saved, structuredClone(saved))).toEqual([])
  })

  it('reads rich text as lines', () => {
    expect(plainText('<h2>Hi</h2><p>a<br>b&nbsp;c</p>')).toBe('Hi\na\nb c')
  })
})
