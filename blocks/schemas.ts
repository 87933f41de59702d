/**
 * componentType -> zod schema. Server-safe (no React): the API validates saves with it and the page
 * loader normalises stored blocks with it, so views always receive complete, clean props.
 */
import type { z } from 'zod'
import { blockSchema, type StoredBlock } from '#lib/content'
import { allows } from './containers'
import { blockDeclarations as blockModules } from './declarations.generated'
import type { BlockDeclaration } from './define'
import type { ContainerId } from '#ui/editing'

// Re-exported, not copied: block schemas with nested lists (SplitContent/nested.ts) import this
// module while the declarations are still loading, so nothing here reads them before it is called.
export { blockDeclarations as blockModules, blockTypes } from './declarations.generated'

type Declarations = typeof blockModules
/** Fails to compile unless each declaration is keyed by its own componentType. */
const keyedByType: Declarations extends { readonly [T in keyof Declarations]: BlockDeclaration<T, Declarations[T]['schema']> }
  ? true
  : never = true
void keyedByType

export type BlockType = keyof Declarations
export type BlockProps<T extends BlockType> = z.output<Declarations[T]['schema']>
export type AnyBlock = { [T in BlockType]: BlockProps<T> }[BlockType]
/** What may be written for a block before defaults are filled in (demo content, API input). */
export type BlockInput<T extends BlockType> = z.input<Declarations[T]['schema']>

export function isBlockType(type: unknown): type is BlockType {
  return typeof type === 'string' && Object.hasOwn(blockModules, type)
}

export interface BlockIssue {
  path: (string | number)[]
  message: string
}

export type ValidateResult = { ok: true; block: AnyBlock } | { ok: false; issues: BlockIssue[] }

function toIssues(error: z.ZodError, prefix: (string | number)[] = []): BlockIssue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: issue.message,
  }))
}

/** Checks one stored block against its schema; fills defaults and cleans rich text on the way. */
export function validateBlock(block: unknown): ValidateResult {
  const base = blockSchema.safeParse(block)
  if (!base.success) return { ok: false, issues: toIssues(base.error) }
  const type = base.data.componentType
  if (!isBlockType(type)) return { ok: false, issues: [{ path: ['componentType'], message: `Unknown block type '${type}'` }] }
  const parsed = blockModules[type].schema.safeParse(block)
  if (!parsed.success) return { ok: false, issues: toIssues(parsed.error) }
  return { ok: true, block: parsed.data as AnyBlock }
}

/**
 * Validates a whole contents list: each block against its schema and against what the container
 * allows (spec 02 §2.8; lists nested in blocks check theirs, see SplitContent/nested.ts). Issue
 * paths start with the block's index.
 */
export function validateContents(
  contents: unknown,
  container: ContainerId = 'contents',
): { ok: true; contents: AnyBlock[] } | { ok: false; issues: BlockIssue[] } {
  if (!Array.isArray(contents)) return { ok: false, issues: [{ path: [], message: 'Expected a list of blocks' }] }
  const out: AnyBlock[] = []
  const issues: BlockIssue[] = []
  contents.forEach((block, index) => {
    const result = validateBlock(block)
    if (!result.ok) issues.push(...result.issues.map((i) => ({ ...i, path: [index, ...i.path] })))
    else if (!allows(container, result.block.componentType))
      issues.push({ path: [index, 'componentType'], message: `${result.block.componentType} cannot be placed here` })
    else out.push(result.block)
  })
  return issues.length ? { ok: false, issues } : { ok: true, contents: out }
}

/**
 * For rendering: keeps the blocks that validate (with defaults filled in) and drops the rest, so
 * an unknown or broken block never reaches a visitor.
 */
export function normaliseContents(contents: readonly StoredBlock[] | readonly unknown[] | undefined): AnyBlock[] {
  const out: AnyBlock[] = []
  for (const block of contents ?? []) {
    const result = validateBlock(block)
    if (result.ok) out.push(result.block)
  }
  return out
}
