/**
 * What an editor reads about a merge (issue 31 point 1): each changed or conflicting field named
 * in plain words ("the heading", "the text of the Quote block (3)"), and a value shown briefly.
 */
import type { FieldChange, MergeConflict, Segment } from '#lib/merge'
import { blockDeclarations } from '#blocks/declarations.generated'
import type { BlockDeclaration } from '#blocks/define'
import { editorTexts } from '#lib/editor-texts'
import { oneLine } from '#lib/html-text'

const t = editorTexts.merge

type Rec = Record<string, unknown>
const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value)

/** "subTitle" -> "sub title". */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()

/** A block type's plain name (its picker title: "Two columns", "Quote"). */
export function blockTitle(componentType: unknown): string {
  const declaration = (blockDeclarations as Readonly<Record<string, BlockDeclaration>>)[String(componentType)]
  return declaration?.picker.title ?? words(String(componentType))
}

interface Found {
  /** The innermost block on the path, its 1-based place in its list, and the path after it. */
  block: { type: unknown; position: number; rest: Segment[] } | null
}

function findBlock(doc: unknown, path: Segment[]): Found {
  let value: unknown = doc
  let block: Found['block'] = null
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!
    const next = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined
    if (Array.isArray(value) && isRecord(next) && typeof next.componentType === 'string')
      block = { type: next.componentType, position: Number(segment) + 1, rest: path.slice(i + 1) }
    value = next
  }
  return { block }
}

/** The field at `path` of `doc`, in words; `kind` says whether a block was added, removed or moved. */
export function fieldLabel(doc: unknown, path: Segment[], kind: FieldChange['kind'] | MergeConflict['kind'] = 'value'): string {
  if (kind === 'order') return t.order
  const { block } = findBlock(doc, path)
  if (block) {
    const title = blockTitle(block.type)
    if (kind === 'added') return t.added(title)
    if (kind === 'removed' && block.rest.length === 0) return t.removed(title)
    const name = t.block(title, block.position)
    const field = block.rest.find((segment): segment is string => typeof segment === 'string')
    return field ? t.ofBlock(t.field(words(field)), name) : name
  }
  const [first, second] = path
  if (first === 'header' && typeof second === 'string') return t.fields[second] ?? t.header(words(second))
  if (typeof first === 'string') return t.pageFields[first] ?? t.field(words(first))
  return t.pageFields.contents!
}

/** "the heading, the description and 3 more things": at most `max` named. */
export function listOfChanges(labels: readonly string[], max = 3): string[] {
  const unique = [...new Set(labels)]
  if (unique.length <= max) return unique
  return [...unique.slice(0, max - 1), t.more(unique.length - (max - 1))]
}

/** Stamps the server sets on every save: not something a colleague changed. */
const STAMPS = new Set(['_id', 'version', 'updatedAt', 'updatedBy', 'createdAt', 'lastPublished', 'published', 'domainId', 'document'])

/** What changed from one copy of a page to the next, as the toast says it. */
export function changeLabels(changes: readonly FieldChange[], after: unknown, before: unknown): string[] {
  return changes
    .filter((change) => !STAMPS.has(String(change.path[0])))
    .map((change) => fieldLabel(change.kind === 'removed' ? before : after, change.path, change.kind))
}

const short = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A value as the conflict dialog shows it: text as text, a block by its name and first text, a picture by its alt. */
export function valueSummary(value: unknown, kind: MergeConflict['kind'] = 'value', doc?: unknown): string {
  if (value === undefined || value === null) return kind === 'removed' ? t.dialog.removed : t.dialog.empty
  if (typeof value === 'string') return short(oneLine(value)) || t.dialog.empty
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) {
    if (kind === 'order') return value.map((key) => blockTitle(blockOfKey(doc, String(key))?.componentType)).join(', ')
    return t.dialog.items(value.length)
  }
  if (isRecord(value)) {
    if (typeof value.componentType === 'string') {
      const text = Object.values(value).find(
        (inner): inner is string => typeof inner === 'string' && inner !== value.componentType && inner !== value._key && !!oneLine(inner),
      )
      return text ? `${blockTitle(value.componentType)}: ${short(oneLine(text), 100)}` : blockTitle(value.componentType)
    }
    if (typeof value.imageId === 'string') return short(String(value.alt || value.imageId)) || t.dialog.empty
    if (typeof value.text === 'string' || typeof value.href === 'string')
      return [value.text, value.href ? `(${String(value.href)})` : ''].filter(Boolean).join(' ') || t.dialog.empty
    return short(JSON.stringify(value))
  }
  return String(value)
}

function blockOfKey(doc: unknown, key: string): Rec | null {
  let found: Rec | null = null
  const walk = (value: unknown) => {
    if (found) return
    if (Array.isArray(value)) value.forEach(walk)
    else if (isRecord(value)) {
      if (value._key === key && typeof value.componentType === 'string') found = value
      else Object.values(value).forEach(walk)
    }
  }
  walk(doc)
  return found
}
