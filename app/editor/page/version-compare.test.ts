import { describe, expect, test } from 'vitest'
import type { EditorPage } from '../state/types.ts'
import { plainText } from '#lib/html-text'
import { compareVersions, wordDiff } from './version-compare.ts'

const page = (
  contents: Record<string, unknown>[],
  header: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): EditorPage => ({
  _id: 'p1',
  header,
  contents,
  ...extra,
})
const text = (t: string, key?: string) => ({ componentType: 'Text', text: t, ...(key ? { _key: key } : {}) })

describe('wordDiff', () => {
  test('marks the words taken out and put in; the rest joins back into both texts', () => {
    const parts = wordDiff('Cellar doors open at ten', 'Cellar doors open daily at nine')
    const join = (kinds: string[]) =>
      parts
        .filter((p) => kinds.includes(p.kind))
        .map((p) => p.text)
        .join('')
    expect(join(['same', 'removed'])).toBe('Cellar doors open at ten')
    expect(join(['same', 'added'])).toBe('Cellar doors open daily at nine')
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['ten'])
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['daily', 'nine'])
  })

  test('equal, empty, and all new', () => {
    expect(wordDiff('same', 'same')).toEqual([{ text: 'same', kind: 'same' }])
    expect(wordDiff('', '')).toEqual([])
    expect(wordDiff('', 'new words')).toEqual([{ text: 'new words', kind: 'added' }])
  })

  test('a huge pair is shown whole, removed then added, without stalling', () => {
    const a = 'a '.repeat(2000)
    const b = 'b '.repeat(2000)
    expect(wordDiff(a, b)).toEqual([
      { text: a, kind: 'removed' },
      { text: b, kind: 'added' },
    ])
  })

  test('rich text compares by its words', () => {
    expect(plainText('<p>Wine &amp; <strong>food</strong></p><p>Second</p>')).toBe('Wine & food\nSecond')
  })
})

describe('compareVersions', () => {
  test('by key: changed fields with their words, added, removed in its place, moved, unchanged', () => {
    const older = page([text('Alpha', 'a'), text('Bravo', 'b'), text('Charlie', 'c'), text('Delta', 'd')], { title: 'Harvest' })
    const newer = page([text('Charlie', 'c'), text('Alpha one', 'a'), text('Delta', 'd'), text('Echo', 'e')], { title: 'Harvest festival' })
    const result = compareVersions(older, newer)
    expect(result.header).toEqual([
      {
        label: 'title',
        parts: [
          { text: 'Harvest', kind: 'same' },
          { text: ' festival', kind: 'added' },
        ],
      },
    ])
    expect(result.blocks.map((b) => [b.id, b.status, b.from, b.to])).toEqual([
      ['c', 'moved', 3, 1],
      ['a', 'changed', 1, 2],
      ['b', 'removed', 2, undefined],
      ['d', 'unchanged', 4, 3],
      ['e', 'added', undefined, 4],
    ])
    expect(result.blocks[1]!.fields).toEqual([
      {
        label: 'text',
        parts: [
          { text: 'Alpha', kind: 'same' },
          { text: ' one', kind: 'added' },
        ],
      },
    ])
    expect(result.blocks[2]!.fields[0]!.parts).toEqual([{ text: 'Bravo', kind: 'removed' }])
    expect(result.blocks[2]!.title).toBe('Text')
  })

  test('without shared keys: by place; nested lists and non-text values; stamps are not changes', () => {
    const older = page(
      [{ componentType: 'CardGrid', items: [{ title: 'One' }, { title: 'Two' }], columns: 3 }],
      {},
      { slug: 'a', version: 3 },
    )
    const newer = page(
      [{ componentType: 'CardGrid', items: [{ title: 'One' }, { title: 'Two!' }], columns: 4 }],
      {},
      { slug: 'b', version: 9 },
    )
    const result = compareVersions(older, newer)
    expect(result.blocks[0]!.status).toBe('changed')
    expect(result.blocks[0]!.fields.map((f) => f.label)).toEqual(['items › 2 › title', 'columns'])
    expect(result.blocks[0]!.fields[1]).toEqual({ label: 'columns', before: '3', after: '4' })
    expect(result.page.map((f) => f.label)).toEqual(['slug'])
  })

  test('a picture field with no picture chosen is not listed as a change', () => {
    const older = page([{ componentType: 'Quote', _key: 'q', text: 'Best weekend.', image: { imageId: '', alt: '' } }])
    const newer = page([])
    expect(compareVersions(older, newer).blocks[0]!.fields).toEqual([
      { label: 'text', parts: [{ text: 'Best weekend.', kind: 'removed' }] },
    ])
  })

  test('an alt text typed before a picture is chosen is listed as a change', () => {
    const older = page([{ componentType: 'Image', _key: 'i', image: { imageId: '', alt: '' } }])
    const newer = page([{ componentType: 'Image', _key: 'i', image: { imageId: '', alt: 'Vines at dusk' } }])
    expect(compareVersions(older, newer).blocks[0]!.fields).toEqual([
      { label: 'image › alt', parts: [{ text: 'Vines at dusk', kind: 'added' }] },
    ])
  })

  test('a picture is one field, named by its alt', () => {
    const older = page([{ componentType: 'Image', _key: 'i', image: { imageId: 'x1', alt: 'Vines', crop: { x: 1 } } }])
    const newer = page([{ componentType: 'Image', _key: 'i', image: { imageId: 'x2', alt: 'Hills', crop: { x: 2 } } }])
    expect(compareVersions(older, newer).blocks[0]!.fields).toEqual([{ label: 'image', before: 'Vines', after: 'Hills' }])
  })
})
