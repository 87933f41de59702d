import { describe, expect, test } from 'vitest'
import type { EditableNav } from '../state/types.ts'
import {
  canMove,
  emptyLink,
  emptyNavItem,
  moveAt,
  moveFlags,
  removeAt,
  removeFlag,
  replaceAt,
  updateNavGroup,
  updateNavItem,
  updateNavLink,
} from './edits.ts'

const nav = (): EditableNav => ({
  siteName: 'Barossa',
  items: [
    {
      text: 'Stay',
      href: '/stay',
      type: 'page',
      groups: [
        {
          title: 'Where',
          links: [
            { text: 'Hotels', href: '/hotels', type: 'page' },
            { text: 'B&B', href: '/bnb', type: 'page' },
          ],
        },
      ],
    },
    { text: 'Eat', href: '/eat', type: 'page', groups: [] },
  ],
  version: 3,
})

describe('list edits', () => {
  test('moveAt moves one place and does nothing past either end', () => {
    expect(moveAt(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveAt(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveAt(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moveAt(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
    expect(canMove(3, 0, -1)).toBe(false)
    expect(canMove(3, 1, 1)).toBe(true)
  })

  test('removeAt and replaceAt answer new lists and leave the original alone', () => {
    const list = ['a', 'b', 'c'] as const
    expect(removeAt(list, 1)).toEqual(['a', 'c'])
    expect(replaceAt(list, 2, 'z')).toEqual(['a', 'b', 'z'])
    expect(replaceAt(list, 5, 'z')).toEqual(['a', 'b', 'c'])
    expect(list).toEqual(['a', 'b', 'c'])
  })

  test('expanded flags follow their rows when moved or removed', () => {
    expect([...moveFlags(new Set([0]), 0, 1, 3)]).toEqual([1])
    expect([...moveFlags(new Set([1]), 0, 1, 3)]).toEqual([0])
    expect([...moveFlags(new Set([2]), 2, 1, 3)]).toEqual([2])
    expect([...removeFlag(new Set([0, 2]), 1)].sort()).toEqual([0, 1])
    expect([...removeFlag(new Set([1]), 1)]).toEqual([])
  })
})

describe('navigation edits', () => {
  test('add, change and remove a link inside a group, immutably', () => {
    const before = nav()
    const added = updateNavGroup(before, { item: 0, group: 0 }, (g) => ({ ...g, links: [...g.links, emptyLink()] }))
    expect(added.items[0]?.groups[0]?.links).toHaveLength(3)
    expect(before.items[0]?.groups[0]?.links).toHaveLength(2)
    const renamed = updateNavLink(added, { item: 0, group: 0, link: 2 }, (l) => ({ ...l, text: 'Cottages' }))
    expect(renamed.items[0]?.groups[0]?.links[2]?.text).toBe('Cottages')
    const removed = updateNavLink(renamed, { item: 0, group: 0, link: 0 }, () => null)
    expect(removed.items[0]?.groups[0]?.links.map((l) => l.text)).toEqual(['B&B', 'Cottages'])
    // Other parts are shared, not copied; the version stamp stays.
    expect(removed.items[1]).toBe(before.items[1])
    expect(removed.version).toBe(3)
  })

  test('move and remove menu items and groups; unknown paths change nothing', () => {
    const moved = { ...nav(), items: moveAt(nav().items, 1, -1) }
    expect(moved.items.map((i) => i.text)).toEqual(['Eat', 'Stay'])
    const withItem = { ...moved, items: [...moved.items, emptyNavItem('Tours')] }
    expect(withItem.items[2]).toEqual({ text: 'Tours', href: '', type: 'page', groups: [] })
    expect(updateNavItem(withItem, 0, () => null).items.map((i) => i.text)).toEqual(['Stay', 'Tours'])
    expect(updateNavGroup(nav(), { item: 0, group: 0 }, () => null).items[0]?.groups).toEqual([])
    const original = nav()
    expect(updateNavItem(original, 9, () => null)).toBe(original)
    expect(updateNavGroup(original, { item: 1, group: 4 }, () => null)).toEqual(original)
  })
})
