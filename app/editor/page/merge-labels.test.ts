import { describe, expect, test } from 'vitest'
import { changedFields } from '#lib/merge'
import { changeLabels, fieldLabel, listOfChanges, valueSummary } from './merge-labels.ts'

const page = (over: Record<string, unknown> = {}) => ({
  _id: 'p',
  version: 1,
  updatedAt: '2026-11-01T00:00:00.000Z',
  header: { title: 'Visit', description: 'Come' },
  contents: [
    { componentType: 'Quote', _key: 'q', text: 'Lovely', quotee: 'Ann' },
    { componentType: 'Text', _key: 't', text: 'Hello' },
  ],
  ...over,
})

describe('merge labels', () => {
  test('name header fields and block fields in words', () => {
    expect(fieldLabel(page(), ['header', 'title'])).toBe('the heading')
    expect(fieldLabel(page(), ['header', 'flagText'])).toBe('the header’s flag text')
    expect(fieldLabel(page(), ['contents', 0, 'quotee'])).toBe('the quotee of the Quote block (1)')
    expect(fieldLabel(page(), ['contents', 1], 'added')).toBe('added a Text block')
    expect(fieldLabel(page(), ['contents'], 'order')).toBe('the order of the blocks')
  })

  test("a colleague's changes leave out the server's stamps, and long lists are cut short", () => {
    const before = page()
    const after = page({ version: 2, updatedAt: '2026-11-02T00:00:00.000Z', header: { title: 'Visit us', description: 'Come' } })
    expect(changeLabels(changedFields(before, after), after, before)).toEqual(['the heading'])
    expect(listOfChanges(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', '3 more things'])
  })

  test('values in brief: text without markup, a block by name, a picture by its alt', () => {
    expect(valueSummary('<p>Hello <b>there</b></p>')).toBe('Hello there')
    expect(valueSummary({ componentType: 'Quote', _key: 'q', text: 'Lovely' })).toBe('Quote: Lovely')
    expect(valueSummary({ imageId: 'abc', alt: 'Vines' })).toBe('Vines')
    expect(valueSummary(undefined, 'removed')).toBe('Removed')
    expect(valueSummary('')).toBe('(empty)')
  })
})
