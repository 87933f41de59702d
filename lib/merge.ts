/**
 * Three-way merge of JSON documents (a page, the navigation, the footer, site settings): what one
 * editor changed since the version both started from is combined, field by field, with what was
 * saved meanwhile (DESIGN "Errors and bad input", issue 31). Only a field both changed, to
 * different values, is a conflict; the editor then chooses per field (`resolutions`).
 *
 * Shared by the server (a save based on an older version is merged there) and the editor (its
 * working copy and undo history take in a colleague's changes). Pure; imports nothing.
 *
 * What a "field" is (docs/decisions/018-merging-saves-field-by-field.md):
 * - an object is merged key by key (a header's title and its description are two fields), except
 *   a geometry ({x, y, ...}: a crop or a focal point), which is one value;
 * - a list of blocks (or of items carrying a `_key`) is merged item by item, matched by key: items
 *   added on either side are kept where their side put them, an item removed on one side is
 *   removed unless the other side changed it (then a conflict), and the order is taken from the
 *   side that changed it (both reordering differently is a conflict);
 * - other lists of the same length in all three copies are merged item by item, by position;
 * - anything else (a text, a number, a list whose length changed) is one value.
 */

export type Side = 'mine' | 'theirs'
export type Segment = string | number
type Json = unknown
type Rec = Record<string, unknown>

export interface MergeConflict {
  /** Stable across merges of the same three copies: list items are named by key, not by position. */
  id: string
  /** Where the field is in `mine` (in `theirs` when only they have it); list items by position. */
  path: Segment[]
  /** 'removed': one side removed an item the other changed; 'order': both reordered a list differently. */
  kind: 'value' | 'removed' | 'order'
  base: Json
  /** `undefined` where this side removed the item. For 'order': the item keys in this side's order. */
  mine: Json
  theirs: Json
}

export interface MergeOptions {
  /** The side each conflict (by id) takes: the editor's choices. Resolved conflicts are not reported. */
  resolutions?: Readonly<Record<string, Side>>
  /** The side an unresolved conflict takes in `merged` (default 'mine'); it is still reported. */
  prefer?: Side
}

export interface MergeResult<T> {
  merged: T
  /** The conflicts without a resolution. The merge is complete when there are none. */
  conflicts: MergeConflict[]
}

export interface FieldChange {
  id: string
  /** Where the field is in `after` (in `before` for a removed item); list items by position. */
  path: Segment[]
  kind: 'value' | 'added' | 'removed' | 'order'
}

const isRecord = (value: Json): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Structural equality of JSON values; a key holding undefined is the same as a missing key. */
export function jsonEqual(a: Json, b: Json): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]))
  const ra = a as Rec
  const rb = b as Rec
  for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) if (!jsonEqual(ra[key], rb[key])) return false
  return true
}

/** A crop or a focal point: its coordinates only make sense together. */
const isGeometry = (value: Json) => isRecord(value) && typeof value.x === 'number' && typeof value.y === 'number'

const keyOf = (item: Json): string | null => (isRecord(item) && typeof item._key === 'string' && item._key ? item._key : null)

/** A list whose items each carry a distinct `_key` (blocks, chapter items); an empty list is one too. */
function isKeyedList(value: Json): value is Rec[] {
  if (!Array.isArray(value)) return false
  const keys = value.map(keyOf)
  return keys.every((key) => key !== null) && new Set(keys).size === keys.length
}

const idOf = (segments: Segment[]) => JSON.stringify(segments)

interface Walk {
  /** Names the field for `id`: list items by key. */
  idPath: Segment[]
  /** Where the field is, list items by position. */
  path: Segment[]
}

const step = (at: Walk, id: Segment, position: Segment = id): Walk => ({ idPath: [...at.idPath, id], path: [...at.path, position] })

/**
 * Merges `mine` and `theirs`, both changed from `base`. The answer's `merged` holds every change
 * of both; each unresolved conflict takes `prefer`'s side there and is listed in `conflicts`.
 */
export function mergeDocs<T>(base: T, mine: T, theirs: T, options: MergeOptions = {}): MergeResult<T> {
  const resolutions = options.resolutions ?? {}
  const prefer = options.prefer ?? 'mine'
  const conflicts: MergeConflict[] = []

  const choose = (conflict: Omit<MergeConflict, 'id'> & { idPath: Segment[] }): Side => {
    const { idPath, ...rest } = conflict
    const id = idOf(idPath)
    const chosen = resolutions[id]
    if (chosen === 'mine' || chosen === 'theirs') return chosen
    conflicts.push({ id, ...rest })
    return prefer
  }

  function merge(b: Json, m: Json, t: Json, at: Walk): Json {
    if (jsonEqual(m, t)) return m
    if (jsonEqual(b, m)) return t
    if (jsonEqual(b, t)) return m
    if (isRecord(m) && isRecord(t) && (b === undefined || isRecord(b)) && !isGeometry(m) && !isGeometry(t)) {
      const out: Rec = {}
      const base = (b ?? {}) as Rec
      for (const key of new Set([...Object.keys(m), ...Object.keys(t)])) {
        const value = merge(base[key], m[key], t[key], step(at, key))
        if (value !== undefined) out[key] = value
      }
      return out
    }
    if (isKeyedList(m) && isKeyedList(t) && (b === undefined || isKeyedList(b))) return mergeKeyed(b ?? [], m, t, at)
    if (Array.isArray(m) && Array.isArray(t) && Array.isArray(b) && m.length === b.length && t.length === b.length)
      return b.map((item, i) => merge(item, m[i], t[i], step(at, i)))
    return choose({ idPath: at.idPath, path: at.path, kind: 'value', base: b, mine: m, theirs: t }) === 'mine' ? m : t
  }

  function mergeKeyed(b: Rec[], m: Rec[], t: Rec[], at: Walk): Rec[] {
    const byKey = (list: Rec[]) => new Map(list.map((item) => [keyOf(item)!, item]))
    const B = byKey(b)
    const M = byKey(m)
    const T = byKey(t)
    const positionIn = (key: string) => {
      const i = m.findIndex((item) => keyOf(item) === key)
      return i >= 0 ? i : t.findIndex((item) => keyOf(item) === key)
    }
    const out = new Map<string, Rec>()
    for (const [key, before] of B) {
      const inMine = M.get(key)
      const inTheirs = T.get(key)
      const where = step(at, `#${key}`, positionIn(key))
      if (!inMine && !inTheirs) continue
      if (inMine && inTheirs) {
        out.set(key, merge(before, inMine, inTheirs, where) as Rec)
        continue
      }
      const kept = (inMine ?? inTheirs)!
      const keptSide: Side = inMine ? 'mine' : 'theirs'
      if (jsonEqual(kept, before)) continue
      const side = choose({ ...where, kind: 'removed', base: before, mine: inMine, theirs: inTheirs })
      if (side === keptSide) out.set(key, kept)
    }
    for (const [key, item] of M) {
      if (B.has(key)) continue
      const other = T.get(key)
      out.set(key, other ? (merge(undefined, item, other, step(at, `#${key}`, positionIn(key))) as Rec) : item)
    }
    for (const [key, item] of T) if (!B.has(key) && !M.has(key)) out.set(key, item)

    // The order of the items all three copies hold: from the side that changed it.
    const shared = (list: Rec[]) => list.map((item) => keyOf(item)!).filter((key) => out.has(key) && B.has(key) && M.has(key) && T.has(key))
    const [ob, om, ot] = [shared(b), shared(m), shared(t)]
    let order: string[]
    if (jsonEqual(om, ob) || jsonEqual(om, ot)) order = ot
    else if (jsonEqual(ot, ob)) order = om
    else
      order =
        choose({ idPath: [...at.idPath, '@order'], path: at.path, kind: 'order', base: ob, mine: om, theirs: ot }) === 'mine' ? om : ot
    // Then every other item, after the item its own side has before it.
    for (const list of [m, t]) {
      let anchor: string | null = null
      for (const item of list) {
        const key = keyOf(item)!
        if (order.includes(key)) anchor = key
        else if (out.has(key)) {
          order.splice(anchor === null ? 0 : order.indexOf(anchor) + 1, 0, key)
          anchor = key
        }
      }
    }
    for (const key of out.keys()) if (!order.includes(key)) order.push(key)
    return order.map((key) => out.get(key)!)
  }

  const merged = merge(base, mine, theirs, { idPath: [], path: [] }) as T
  return { merged, conflicts }
}

/**
 * The fields that differ from `before` to `after`, by the merge's rules: what a colleague changed
 * ("Maria changed the heading"). Items of keyed lists are added, removed or changed field by field.
 */
export function changedFields(before: Json, after: Json): FieldChange[] {
  const changes: FieldChange[] = []
  const add = (at: Walk, kind: FieldChange['kind']) => changes.push({ id: idOf(at.idPath), path: at.path, kind })
  function walk(b: Json, a: Json, at: Walk) {
    if (jsonEqual(b, a)) return
    if (isRecord(b) && isRecord(a) && !isGeometry(b) && !isGeometry(a)) {
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) walk(b[key], a[key], step(at, key))
      return
    }
    if (isKeyedList(b) && isKeyedList(a)) {
      const before = new Map(b.map((item, i) => [keyOf(item)!, { item, i }]))
      const after = new Map(a.map((item, i) => [keyOf(item)!, { item, i }]))
      for (const [key, { item, i }] of after) {
        const old = before.get(key)
        if (!old) add(step(at, `#${key}`, i), 'added')
        else walk(old.item, item, step(at, `#${key}`, i))
      }
      for (const [key, { i }] of before) if (!after.has(key)) add(step(at, `#${key}`, i), 'removed')
      const kept = (list: Rec[], other: Map<string, unknown>) => list.map((item) => keyOf(item)!).filter((key) => other.has(key))
      if (!jsonEqual(kept(b, after), kept(a, before))) add({ idPath: [...at.idPath, '@order'], path: at.path }, 'order')
      return
    }
    if (Array.isArray(b) && Array.isArray(a) && b.length === a.length) {
      b.forEach((item, i) => walk(item, a[i], step(at, i)))
      return
    }
    add(at, 'value')
  }
  walk(before, after, { idPath: [], path: [] })
  return changes
}

/**
 * The document with a `_key` on every block that has none (a block is an object with a
 * `componentType`): the key of its place in the document ("@contents.3"). Pages stored before
 * blocks had keys (the demo's, an API client's) thus get the same keys in every browser and on the
 * server, so a merge matches their blocks. Answers the same object when nothing was missing.
 */
export function withBlockKeys<T>(doc: T): T {
  const used = new Set<string>()
  const collect = (value: Json) => {
    if (Array.isArray(value)) value.forEach(collect)
    else if (isRecord(value)) {
      const key = keyOf(value)
      if (key && typeof value.componentType === 'string') used.add(key)
      Object.values(value).forEach(collect)
    }
  }
  collect(doc)
  const fill = (value: Json, path: Segment[]): Json => {
    if (Array.isArray(value)) {
      let changed = false
      const out = value.map((item, i) => {
        const next = fill(item, [...path, i])
        if (next !== item) changed = true
        return next
      })
      return changed ? out : value
    }
    if (!isRecord(value)) return value
    let out: Rec | null = null
    for (const [field, inner] of Object.entries(value)) {
      const next = fill(inner, [...path, field])
      if (next !== inner) (out ??= { ...value })[field] = next
    }
    if (typeof value.componentType === 'string' && !keyOf(value)) {
      let key = `@${path.join('.')}`.slice(0, 56)
      while (used.has(key)) key += '~'
      used.add(key)
      out = { ...(out ?? value), _key: key }
    }
    return out ?? value
  }
  return fill(doc, []) as T
}
