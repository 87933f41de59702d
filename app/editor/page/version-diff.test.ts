import { describe, expect, test } from 'vitest'
import type { EditorPage } from '../state/types.ts'
import { diffBlocks } from './version-diff.ts'
import { editorTexts } from '#lib/editor-texts'

const page = (contents: Record<string, unknown>[]): EditorPage => ({ _id: 'p1', contents })
const text = (t: string, key?: string) => ({ componentType: 'Text', text: t, ...(key ? { _key: key } : {}) })

describe('diffBlocks: what restoring a version changes in the blocks', () => {
  test('by key: added, removed and changed blocks, a move alone changes nothing', () => {
    const draft = page([text('A', 'a'), text('B', 'b'), text('C', 'c')])
    const version = page([text('C', 'c'), text('A (old)', 'a'), text('D', 'd')])
    expect(diffBlocks(draft, version)).toEqual({ added: 1, removed: 1, changed: 1 })
    expect(diffBlocks(draft, page([text('C', 'c'), text('B', 'b'), text('A', 'a')]))).toEqual({ added: 0, removed: 0, changed: 0 })
  })

  test('without shared keys (a version saved before keys): by position, keys ignored', () => {
    const draft = page([text('A', 'k1'), text('B', 'k2')])
    const version = page([text('A'), text('B (old)'), text('C')])
    expect(diffBlocks(draft, version)).toEqual({ added: 1, removed: 0, changed: 1 })
    expect(diffBlocks(page([text('A'), text('B')]), page([text('A')]))).toEqual({ added: 0, removed: 1, changed: 0 })
  })

  test('no blocks on either side, or no page', () => {
    expect(diffBlocks(page([]), page([]))).toEqual({ added: 0, removed: 0, changed: 0 })
    expect(diffBlocks(null, page([text('A')]))).toEqual({ added: 1, removed: 0, changed: 0 })
  })

  test('the summary says it in plain words', () => {
    const s = editorTexts.versionPreview.summary
    expect(s({ added: 1, removed: 2, changed: 0 })).toBe('Restoring it would add 1 block and remove 2 blocks.')
    expect(s({ added: 0, removed: 0, changed: 3 })).toBe('Restoring it would change 3 blocks.')
    expect(s({ added: 1, removed: 1, changed: 1 })).toBe('Restoring it would add 1 block, remove 1 block and change 1 block.')
    expect(s({ added: 0, removed: 0, changed: 0 })).toBe('Its blocks are the same as your draft’s.')
  })
})
