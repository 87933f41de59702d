/**
 * Two versions of a page side by side (issue 31 point 4): block by block (matched by their stable
 * key when both copies carry it, else by place, as diffBlocks does), each block added, removed,
 * moved, changed or unchanged, and each changed field with the words taken out and put in.
 *
 * The word diff is a longest-common-subsequence over words and spaces. No diff library is in the
 * project's dependencies (jsdiff's diffWords would do); installing one from a work tree replaced
 * the shared node_modules, so this small one stands in, bounded so a huge text cannot stall the tab.
 */
import { plainText } from '#lib/html-text'
import { blockTitle, valueSummary } from './merge-labels.ts'
import type { EditorPage } from '../state/types.ts'

export interface TextPart {
  text: string
  kind: 'same' | 'added' | 'removed'
}

/** Words and the spaces between them, so a diff joins back into the text. */
const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? []

/** Past this many token pairs the two texts are shown as one removed and one added part. */
const MAX_CELLS = 1_000_000

/** The words of `before` removed, the words of `after` added, the rest the same, in reading order. */
export function wordDiff(before: string, after: string): TextPart[] {
  if (before === after) return before ? [{ text: before, kind: 'same' }] : []
  const a = tokens(before)
  const b = tokens(after)
  const parts: TextPart[] = []
  const push = (text: string, kind: TextPart['kind']) => {
    const last = parts[parts.length - 1]
    if (last?.kind === kind) last.text += text
    else parts.push({ text, kind })
  }
  if (a.length * b.length > MAX_CELLS) {
    if (before) push(before, 'removed')
    if (after) push(after, 'added')
    return parts
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(a[i]!, 'same')
      i++
      j++
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push(a[i++]!, 'removed')
    else push(b[j++]!, 'added')
  }
  while (i < a.length) push(a[i++]!, 'removed')
  while (j < b.length) push(b[j++]!, 'added')
  return parts
}

type Rec = Record<string, unknown>
const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value)
const isBlock = (value: unknown): value is Rec => isRecord(value) && typeof value.componentType === 'string'

export interface FieldComparison {
  /** The field in words: "title", "items 2 › text". */
  label: string
  /** A text field: its words, removed and added marked. */
  parts?: TextPart[]
  /** Another value: before and after in brief. */
  before?: string
  after?: string
}

export type BlockStatus = 'added' | 'removed' | 'changed' | 'moved' | 'unchanged'

export interface BlockComparison {
  id: string
  /** The block's plain name ("Quote", "Two columns"). */
  title: string
  /** 1-based places in each version (absent where the block is not in it). */
  from?: number
  to?: number
  status: BlockStatus
  /** Changed fields (for an added or removed block: its texts, all added or all removed). */
  fields: FieldComparison[]
}

export interface VersionComparison {
  header: FieldComparison[]
  /** Page fields other than the header and the blocks (slug, template, SEO…). */
  page: FieldComparison[]
  blocks: BlockComparison[]
}

/** "subTitle" -> "sub title"; list places 1-based. */
const segmentWords = (segment: string | number) =>
  typeof segment === 'number'
    ? String(segment + 1)
    : segment
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase()

/** Leaves of a value by path: texts, numbers, booleans; a picture is one leaf (its id and crop go together). */
function leaves(value: unknown, path: (string | number)[] = [], out = new Map<string, { path: (string | number)[]; value: unknown }>()) {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, [...path, index], out))
  // A picture field with no picture chosen is no value (not "(empty) -> (empty)"), but the words
  // typed beside it (its alt text, waiting for a picture) are.
  else if (isRecord(value) && value.imageId === '') {
    for (const [key, inner] of Object.entries(value)) if (key !== 'imageId' && typeof inner === 'string') leaves(inner, [...path, key], out)
  } else if (isRecord(value) && typeof value.imageId !== 'string') {
    for (const [key, inner] of Object.entries(value)) if (key !== '_key' && key !== 'componentType') leaves(inner, [...path, key], out)
  } else if (value !== undefined && value !== null && value !== '') out.set(JSON.stringify(path), { path, value })
  return out
}

/** The fields that differ between two values of one thing (a block, the header). */
export function compareFields(before: unknown, after: unknown): FieldComparison[] {
  const a = leaves(before)
  const b = leaves(after)
  const ids = [...new Set([...a.keys(), ...b.keys()])]
  const fields: FieldComparison[] = []
  for (const id of ids) {
    const x = a.get(id)
    const y = b.get(id)
    if (x && y && JSON.stringify(x.value) === JSON.stringify(y.value)) continue
    const path = (x ?? y)!.path
    const label = path.map(segmentWords).join(' › ')
    const textual = (v: unknown) => v === undefined || typeof v === 'string'
    if (textual(x?.value) && textual(y?.value))
      fields.push({ label, parts: wordDiff(plainText(String(x?.value ?? '')), plainText(String(y?.value ?? ''))) })
    else fields.push({ label, before: x ? valueSummary(x.value) : '', after: y ? valueSummary(y.value) : '' })
  }
  return fields
}

const blocksOf = (page: EditorPage | null | undefined): Rec[] =>
  Array.isArray(page?.contents) ? (page.contents as unknown[]).filter(isBlock) : []
const keyOf = (block: Rec) => (typeof block._key === 'string' && block._key ? block._key : null)

/** Fields a save stamps: not something an editor changed. */
const STAMPS = new Set([
  '_id',
  'version',
  'updatedAt',
  'updatedBy',
  'createdAt',
  'lastPublished',
  'published',
  'domainId',
  'document',
  'header',
  'contents',
])

/** What changed from `before` (an older version) to `after`, block by block. */
export function compareVersions(before: EditorPage | null | undefined, after: EditorPage | null | undefined): VersionComparison {
  const from = blocksOf(before)
  const to = blocksOf(after)
  const fromKeys = new Set(from.map(keyOf))
  const keyed = [...from, ...to].every((block) => keyOf(block) !== null) && to.some((block) => fromKeys.has(keyOf(block)))
  const idOf = (block: Rec, index: number) => (keyed ? keyOf(block)! : `@${index}`)
  const fromIds = from.map(idOf)
  const toIds = to.map(idOf)
  const common = (ids: string[], others: string[]) => ids.filter((id) => others.includes(id))
  const fromOrder = common(fromIds, toIds)
  const toOrder = common(toIds, fromIds)

  const blocks: BlockComparison[] = to.map((block, index) => {
    const id = toIds[index]!
    const at = fromIds.indexOf(id)
    const title = blockTitle(block.componentType)
    if (at < 0) return { id, title, to: index + 1, status: 'added', fields: compareFields(undefined, block) }
    const old = from[at]!
    const fields = old.componentType === block.componentType ? compareFields(old, block) : compareFields(undefined, block)
    const moved = fromOrder.indexOf(id) !== toOrder.indexOf(id)
    return { id, title, from: at + 1, to: index + 1, status: fields.length ? 'changed' : moved ? 'moved' : 'unchanged', fields }
  })
  // Removed blocks where they were: after the block that preceded them in the older version.
  from.forEach((block, index) => {
    const id = fromIds[index]!
    if (toIds.includes(id)) return
    const removed: BlockComparison = {
      id,
      title: blockTitle(block.componentType),
      from: index + 1,
      status: 'removed',
      fields: compareFields(block, undefined),
    }
    const previous = fromIds
      .slice(0, index)
      .reverse()
      .find((other) => blocks.some((b) => b.id === other))
    const place = previous === undefined ? 0 : blocks.findIndex((b) => b.id === previous) + 1
    blocks.splice(place, 0, removed)
  })

  const pageOf = (page: EditorPage | null | undefined) =>
    Object.fromEntries(Object.entries(page ?? {}).filter(([key]) => !STAMPS.has(key) && !key.startsWith('_')))
  return {
    header: compareFields(before?.header, after?.header),
    page: compareFields(pageOf(before), pageOf(after)),
    blocks,
  }
}
