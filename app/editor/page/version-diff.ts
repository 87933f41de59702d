/**
 * What restoring a version would change in the page's blocks (issue 17 point 5): blocks added,
 * removed and changed, from the draft to the version. Blocks are matched by their stable key when
 * both copies carry the same keys, else by position (versions saved before keys existed).
 */
import { deepEqual } from '../state/page-utils.ts'
import type { EditorPage } from '../state/types.ts'

export interface BlockDiff {
  added: number
  removed: number
  changed: number
}

type Block = Record<string, unknown>

const blocksOf = (page: EditorPage | null | undefined): Block[] =>
  Array.isArray(page?.contents) ? (page.contents as unknown[]).filter((b): b is Block => typeof b === 'object' && b !== null) : []

const keyOf = (block: Block) => (typeof block._key === 'string' && block._key ? block._key : null)

const withoutKey = ({ _key: _ignored, ...rest }: Block) => rest

export function diffBlocks(draft: EditorPage | null | undefined, version: EditorPage | null | undefined): BlockDiff {
  const from = blocksOf(draft)
  const to = blocksOf(version)
  const fromKeys = new Map(from.map((b) => [keyOf(b), b]))
  const keyed = [...from, ...to].every((b) => keyOf(b) !== null) && to.some((b) => fromKeys.has(keyOf(b)))
  if (keyed) {
    const toKeys = new Set(to.map(keyOf))
    let changed = 0
    for (const block of to) {
      const before = fromKeys.get(keyOf(block))
      if (before && !deepEqual(withoutKey(before), withoutKey(block))) changed++
    }
    return {
      added: to.filter((b) => !fromKeys.has(keyOf(b))).length,
      removed: from.filter((b) => !toKeys.has(keyOf(b))).length,
      changed,
    }
  }
  let changed = 0
  for (let i = 0; i < Math.min(from.length, to.length); i++) if (!deepEqual(withoutKey(from[i]!), withoutKey(to[i]!))) changed++
  return { added: Math.max(0, to.length - from.length), removed: Math.max(0, from.length - to.length), changed }
}
