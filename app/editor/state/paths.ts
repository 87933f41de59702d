/**
 * Small, pure helpers over JSON-like page data addressed by paths (['contents', 2, 'items', 0]).
 * Nothing is changed in place: every write answers new objects along the path and shares the rest.
 */
import type { Path, PathSegment } from '#ui/editing'

type Container = Record<string, unknown> | unknown[]

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null

/** The value at `path`, or undefined when any step is missing. */
export function getIn(root: unknown, path: Path): unknown {
  let current: unknown = root
  for (const segment of path) {
    if (!isContainer(current)) return undefined
    current = (current as Record<PathSegment, unknown>)[segment]
  }
  return current
}

/** A copy of `root` with `value` at `path`; missing steps become objects (or arrays for numeric steps). */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T
  const [head, ...rest] = path as [PathSegment, ...PathSegment[]]
  const base: Container = isContainer(root) ? root : typeof head === 'number' ? [] : {}
  const child = (base as Record<PathSegment, unknown>)[head]
  const nextChild = setIn(child, rest, value)
  if (Array.isArray(base)) {
    const copy = [...base]
    copy[Number(head)] = nextChild
    return copy as T
  }
  return { ...base, [head]: nextChild } as T
}

/** A copy of `root` with the value at `path` replaced by `update(value)`. */
export function updateIn<T>(root: T, path: Path, update: (value: unknown) => unknown): T {
  return setIn(root, path, update(getIn(root, path)))
}

/** Splits a block path into its list path and index: ['contents', 2] -> [['contents'], 2]. */
export function splitBlockPath(path: Path): { list: Path; index: number } | null {
  const index = path[path.length - 1]
  if (typeof index !== 'number' || path.length < 2) return null
  return { list: path.slice(0, -1), index }
}

export const samePath = (a: Path | null | undefined, b: Path | null | undefined): boolean =>
  !!a && !!b && a.length === b.length && a.every((segment, i) => segment === b[i])

/** Whether `path` is `prefix` or lies inside it. */
export const isWithin = (path: Path, prefix: Path): boolean =>
  path.length >= prefix.length && prefix.every((segment, i) => path[i] === segment)

/** A new stable block key (kept in `_key`, so React keeps a block's state when it moves). */
export function newBlockKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`
  return `b-${random.replace(/-/g, '').slice(0, 16)}`
}

/** A deep copy of a block with fresh keys on it and on every block nested in it. */
export function withFreshKeys<T>(value: T, makeKey: () => string = newBlockKey): T {
  if (Array.isArray(value)) return value.map((item) => withFreshKeys(item, makeKey)) as T
  if (!isContainer(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[key] = key === '_key' ? inner : withFreshKeys(inner, makeKey)
  if (typeof out.componentType === 'string') out._key = makeKey()
  return out as T
}
