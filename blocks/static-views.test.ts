import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { staticViewTypes } from './view-loaders.generated'

const blocksDir = dirname(fileURLToPath(import.meta.url))

/** What a kept block's markup could not do: it is never hydrated (RenderBlocks.tsx, KeptBlock). */
const NEEDS_SCRIPT = [
  /\buse(State|Reducer|Effect|LayoutEffect|InsertionEffect|Ref|Id|SyncExternalStore|Transition|ActionState|Optimistic|Hydrated|Fetcher|Navigate|Submit)\s*\(/,
  /\son[A-Z][A-Za-z]*=\{/,
  /<(form|dialog)\b/,
  /\b(BlockList|RenderBlocks)\b/,
]

/** A view file and the files of blocks/ it imports by relative path (a shared part of another block). */
function viewSources(type: string): Map<string, string> {
  const files = new Map<string, string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    const text = readFileSync(file, 'utf8')
    files.set(file, text)
    for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), spec!)
      const candidates = [`${base}.tsx`, `${base}.ts`, join(base, 'index.ts')]
      const found = candidates.find((candidate) => {
        try {
          readFileSync(candidate)
          return true
        } catch {
          return false
        }
      })
      if (found && !found.endsWith('schema.ts') && !found.endsWith('editing.tsx')) visit(found)
    }
  }
  for (const name of readdirSync(join(blocksDir, type)))
    if (/\.tsx?$/.test(name) && !/^(Editor|index|schema)\.|\.test\./.test(name)) visit(join(blocksDir, type, name))
  return files
}

describe('blocks declared staticView', () => {
  it('are plain markup: no state, effects, handlers, forms or nested blocks that would never run', () => {
    expect(staticViewTypes.size).toBeGreaterThan(0)
    for (const type of staticViewTypes) {
      for (const [file, text] of viewSources(type)) {
        for (const pattern of NEEDS_SCRIPT) expect(pattern.test(text), `${file} matches ${pattern}`).toBe(false)
      }
    }
  })

  it('leave out the blocks that need their scripts (carousels, forms, listings, booking, videos, columns)', () => {
    for (const type of [
      'CardCarousel',
      'Carousel',
      'ConciergeForm',
      'NewsletterForm',
      'Listings',
      'BookEasy',
      'Youtube',
      'Vimeo',
      'SplitContent',
      'Chapters',
    ])
      expect(staticViewTypes.has(type), type).toBe(false)
  })
})
