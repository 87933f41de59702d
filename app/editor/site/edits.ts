/**
 * Pure edits of the navigation and footer working copies: lists of menu items, link groups and
 * links are changed by index, never in place (the reducer compares copies for dirty tracking).
 */
import type { Link } from '#lib/content'
import type { EditableNav } from '../state/types.ts'

/** A new list with the item at `index` replaced. */
export function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  if (index < 0 || index >= list.length) return [...list]
  return list.map((item, i) => (i === index ? value : item))
}

/** A new list without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index)
}

/** A new list with the item at `index` moved one place up (-1) or down (+1); nothing happens past either end. */
export function moveAt<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta
  const copy = [...list]
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return copy
  const [item] = copy.splice(index, 1)
  copy.splice(target, 0, item as T)
  return copy
}

/** Whether the item at `index` can move that way. */
export const canMove = (length: number, index: number, delta: -1 | 1) => index + delta >= 0 && index + delta < length

export type NavItem = EditableNav['items'][number]
export type LinkGroup = NavItem['groups'][number]

export const emptyLink = (): Link => ({ text: '', href: '', type: 'page' })
export const emptyGroup = (): LinkGroup => ({ title: '', links: [] })
export const emptyNavItem = (text = ''): NavItem => ({ text, href: '', type: 'page', groups: [] })

/** A path into the navigation's menu items: item, optionally group, optionally link. */
export interface NavPath {
  item: number
  group?: number
  link?: number
}

/** Applies `change` to one link of a menu item's group. */
export function updateNavLink(nav: EditableNav, path: Required<NavPath>, change: (link: Link) => Link | null): EditableNav {
  return updateNavGroup(nav, path, (group) => {
    const link = group.links[path.link]
    if (!link) return group
    const next = change(link)
    return { ...group, links: next ? replaceAt(group.links, path.link, next) : removeAt(group.links, path.link) }
  })
}

/** Applies `change` to one group of a menu item (null removes it). */
export function updateNavGroup(
  nav: EditableNav,
  path: { item: number; group: number },
  change: (group: LinkGroup) => LinkGroup | null,
): EditableNav {
  return updateNavItem(nav, path.item, (item) => {
    const group = item.groups[path.group]
    if (!group) return item
    const next = change(group)
    return { ...item, groups: next ? replaceAt(item.groups, path.group, next) : removeAt(item.groups, path.group) }
  })
}

/** Applies `change` to one menu item (null removes it). */
export function updateNavItem(nav: EditableNav, index: number, change: (item: NavItem) => NavItem | null): EditableNav {
  const item = nav.items[index]
  if (!item) return nav
  const next = change(item)
  return { ...nav, items: next ? replaceAt(nav.items, index, next) : removeAt(nav.items, index) }
}

/** Which rows are expanded, after the row at `index` moved by `delta` (the flags move with their rows). */
export function moveFlags(flags: ReadonlySet<number>, index: number, delta: -1 | 1, length: number): Set<number> {
  if (!canMove(length, index, delta)) return new Set(flags)
  const order = moveAt(
    Array.from({ length }, (_, i) => i),
    index,
    delta,
  )
  return new Set(order.flatMap((from, to) => (flags.has(from) ? [to] : [])))
}

/** Which rows are expanded, after the row at `index` was removed. */
export function removeFlag(flags: ReadonlySet<number>, index: number): Set<number> {
  return new Set([...flags].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)))
}
