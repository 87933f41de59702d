import { describe, expect, test } from 'vitest'
import { changedFields, mergeDocs, withBlockKeys } from './merge'

const block = (key: string, props: Record<string, unknown> = {}) => ({ componentType: 'Text', _key: key, text: '', ...props })

const page = (over: Record<string, unknown> = {}) => ({
  slug: 'visit',
  header: { title: 'Visit', description: 'Come and see' },
  contents: [block('a', { text: 'One' }), block('b', { text: 'Two' }), block('c', { text: 'Three' })],
  ...over,
})

describe('mergeDocs', () => {
  test('changes to different fields of one object both survive (the heading and the description)', () => {
    const base = page()
    const maria = page({ header: { title: 'Visit the Barossa', description: 'Come and see' } })
    const lee = page({ header: { title: 'Visit', description: 'Wine, food and hills' } })
    const { merged, conflicts } = mergeDocs(base, lee, maria)
    expect(conflicts).toEqual([])
    expect(merged.header).toEqual({ title: 'Visit the Barossa', description: 'Wine, food and hills' })
  })

  test('the same field changed by both is one conflict naming both values; the others merge', () => {
    const base = page()
    const mine = page({ header: { title: 'Mine', description: 'Mine too' } })
    const theirs = page({ header: { title: 'Theirs', description: 'Come and see' } })
    const { merged, conflicts } = mergeDocs(base, mine, theirs)
    expect(conflicts).toEqual([
      { id: '["header","title"]', path: ['header', 'title'], kind: 'value', base: 'Visit', mine: 'Mine', theirs: 'Theirs' },
    ])
    expect(merged.header).toEqual({ title: 'Mine', description: 'Mine too' })
    expect(mergeDocs(base, mine, theirs, { prefer: 'theirs' }).merged.header.title).toBe('Theirs')
  })

  test('a resolution settles its conflict by id and is no longer reported', () => {
    const base = page()
    const mine = page({ header: { title: 'Mine', description: 'Come and see' } })
    const theirs = page({ header: { title: 'Theirs', description: 'Come and see' } })
    const [conflict] = mergeDocs(base, mine, theirs).conflicts
    const chosen = mergeDocs(base, mine, theirs, { resolutions: { [conflict!.id]: 'theirs' } })
    expect(chosen.conflicts).toEqual([])
    expect(chosen.merged.header.title).toBe('Theirs')
  })

  test('blocks are matched by key: edits to different blocks, and to different fields of one block, merge', () => {
    const base = page()
    const mine = page({ contents: [block('a', { text: 'One!' }), block('b', { text: 'Two' }), block('c', { text: 'Three' })] })
    const theirs = page({
      contents: [block('a', { text: 'One' }), block('b', { text: 'Two' }), block('c', { text: 'Three', align: 'left' })],
    })
    const { merged, conflicts } = mergeDocs(base, mine, theirs)
    expect(conflicts).toEqual([])
    expect(merged.contents).toEqual([
      block('a', { text: 'One!' }),
      block('b', { text: 'Two' }),
      block('c', { text: 'Three', align: 'left' }),
    ])
  })

  test('a conflict inside a block is named by the block key and located by position', () => {
    const base = page()
    const mine = page({ contents: [block('c', { text: 'Mine' }), block('a', { text: 'One' }), block('b', { text: 'Two' })] })
    const theirs = page({ contents: [block('a', { text: 'One' }), block('b', { text: 'Two' }), block('c', { text: 'Theirs' })] })
    const { conflicts, merged } = mergeDocs(base, mine, theirs)
    expect(conflicts).toEqual([
      { id: '["contents","#c","text"]', path: ['contents', 0, 'text'], kind: 'value', base: 'Three', mine: 'Mine', theirs: 'Theirs' },
    ])
    // Only mine reordered: my order is kept.
    expect((merged.contents as { _key: string }[]).map((b) => b._key)).toEqual(['c', 'a', 'b'])
  })

  test('blocks added on both sides are all kept, each after the block its side put it after', () => {
    const base = page()
    const mine = page({ contents: [block('a', { text: 'One' }), block('m'), block('b', { text: 'Two' }), block('c', { text: 'Three' })] })
    const theirs = page({
      contents: [block('t'), block('a', { text: 'One' }), block('b', { text: 'Two' }), block('c', { text: 'Three' }), block('u')],
    })
    const { merged, conflicts } = mergeDocs(base, mine, theirs)
    expect(conflicts).toEqual([])
    expect((merged.contents as { _key: string }[]).map((b) => b._key)).toEqual(['t', 'a', 'm', 'b', 'c', 'u'])
  })

  test('a block removed on one side goes, unless the other side changed it: then it is a conflict', () => {
    const base = page()
    const removed = page({ contents: [block('a', { text: 'One' }), block('c', { text: 'Three' })] })
    const untouched = page()
    expect((mergeDocs(base, removed, untouched).merged.contents as { _key: string }[]).map((b) => b._key)).toEqual(['a', 'c'])
    expect((mergeDocs(base, untouched, removed).merged.contents as { _key: string }[]).map((b) => b._key)).toEqual(['a', 'c'])

    const changed = page({ contents: [block('a', { text: 'One' }), block('b', { text: 'Two, changed' }), block('c', { text: 'Three' })] })
    const { conflicts, merged } = mergeDocs(base, removed, changed)
    expect(conflicts).toEqual([
      {
        id: '["contents","#b"]',
        path: ['contents', 1],
        kind: 'removed',
        base: block('b', { text: 'Two' }),
        mine: undefined,
        theirs: block('b', { text: 'Two, changed' }),
      },
    ])
    expect(merged.contents).toHaveLength(2)
    const kept = mergeDocs(base, removed, changed, { resolutions: { '["contents","#b"]': 'theirs' } })
    expect((kept.merged.contents as { _key: string }[]).map((b) => b._key)).toEqual(['a', 'b', 'c'])
  })

  test('both reordering differently is one conflict about the order', () => {
    const base = page()
    const mine = page({ contents: [block('c', { text: 'Three' }), block('a', { text: 'One' }), block('b', { text: 'Two' })] })
    const theirs = page({ contents: [block('b', { text: 'Two' }), block('a', { text: 'One' }), block('c', { text: 'Three' })] })
    const { conflicts } = mergeDocs(base, mine, theirs)
    expect(conflicts).toEqual([
      {
        id: '["contents","@order"]',
        path: ['contents'],
        kind: 'order',
        base: ['a', 'b', 'c'],
        mine: ['c', 'a', 'b'],
        theirs: ['b', 'a', 'c'],
      },
    ])
    const theirsOrder = mergeDocs(base, mine, theirs, { resolutions: { '["contents","@order"]': 'theirs' } }).merged
    expect((theirsOrder.contents as { _key: string }[]).map((b) => b._key)).toEqual(['b', 'a', 'c'])
  })

  test('blocks nested in a block merge by key too', () => {
    const split = (left: unknown[], right: unknown[]) => ({ componentType: 'SplitContent', _key: 's', left, right })
    const base = { contents: [split([block('l', { text: 'L' })], [block('r', { text: 'R' })])] }
    const mine = { contents: [split([block('l', { text: 'L!' })], [block('r', { text: 'R' })])] }
    const theirs = { contents: [split([block('l', { text: 'L' })], [block('r', { text: 'R' }), block('r2')])] }
    expect(mergeDocs(base, mine, theirs)).toEqual({
      merged: { contents: [split([block('l', { text: 'L!' })], [block('r', { text: 'R' }), block('r2')])] },
      conflicts: [],
    })
  })

  test('lists without keys merge by position while their length holds; a crop is one value', () => {
    const base = {
      items: [
        { text: 'a', href: '/a' },
        { text: 'b', href: '/b' },
      ],
      crop: { x: 0, y: 0, width: 10, height: 10 },
    }
    const mine = {
      items: [
        { text: 'A', href: '/a' },
        { text: 'b', href: '/b' },
      ],
      crop: { x: 5, y: 0, width: 10, height: 10 },
    }
    const theirs = {
      items: [
        { text: 'a', href: '/a' },
        { text: 'b', href: '/bee' },
      ],
      crop: { x: 0, y: 5, width: 10, height: 10 },
    }
    const { merged, conflicts } = mergeDocs(base, mine, theirs)
    expect(merged.items).toEqual([
      { text: 'A', href: '/a' },
      { text: 'b', href: '/bee' },
    ])
    expect(conflicts.map((c) => c.id)).toEqual(['["crop"]'])

    const longer = { ...theirs, items: [...theirs.items, { text: 'c', href: '/c' }], crop: base.crop }
    expect(mergeDocs(base, mine, longer).conflicts.map((c) => c.id)).toEqual(['["items"]'])
  })

  test('a field added by one side and a field removed by the other both apply', () => {
    const base: Record<string, number> = { a: 1, b: 2 }
    expect(mergeDocs(base, { a: 1, b: 2, c: 3 }, { a: 1 }).merged).toEqual({ a: 1, c: 3 })
  })
})

describe('changedFields', () => {
  test('names each changed field, and blocks added, removed or moved', () => {
    const before = page()
    const after = page({
      header: { title: 'Visit the Barossa', description: 'Come and see' },
      contents: [block('b', { text: 'Two' }), block('a', { text: 'One' }), block('n')],
    })
    expect(changedFields(before, after)).toEqual([
      { id: '["header","title"]', path: ['header', 'title'], kind: 'value' },
      { id: '["contents","#n"]', path: ['contents', 2], kind: 'added' },
      { id: '["contents","#c"]', path: ['contents', 2], kind: 'removed' },
      { id: '["contents","@order"]', path: ['contents'], kind: 'order' },
    ])
    expect(changedFields(before, page())).toEqual([])
  })
})

describe('withBlockKeys', () => {
  test('blocks without a key get the key of their place, the same every time; keyed blocks keep theirs', () => {
    const doc = {
      contents: [
        { componentType: 'Text', text: 'x' },
        { componentType: 'SplitContent', _key: 'k', left: [{ componentType: 'Text' }], right: [] },
      ],
    }
    const keyed = withBlockKeys(doc)
    expect(keyed).toEqual({
      contents: [
        { componentType: 'Text', text: 'x', _key: '@contents.0' },
        { componentType: 'SplitContent', _key: 'k', left: [{ componentType: 'Text', _key: '@contents.1.left.0' }], right: [] },
      ],
    })
    expect(withBlockKeys(structuredClone(doc))).toEqual(keyed)
    expect(withBlockKeys(keyed)).toBe(keyed)
  })

  test('a key already used elsewhere is not given twice', () => {
    const doc = { contents: [{ componentType: 'Text' }, { componentType: 'Text', _key: '@contents.0' }] }
    const keys = withBlockKeys(doc).contents.map((b) => b._key)
    expect(new Set(keys).size).toBe(2)
  })
})
