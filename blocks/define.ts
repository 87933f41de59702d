/**
 * How a block declares itself: its folder's index.ts calls defineBlock once (Puck-style config).
 * Server-safe: zod and types only. The folder's View.tsx (every block) and Editor.tsx (blocks with
 * settings beyond their in-place fields) are found by name by scripts/generate-blocks.ts, which
 * writes the lists in *.generated.ts; they are not referenced here, so importing a declaration
 * never pulls React views or editor code into the server's or a visitor's module graph.
 */
import type { z } from 'zod'
import type { ContainerId, Path, PathSegment } from './editing'
import { defaultsOf } from './fields'

export interface BlockDeclaration<T extends string = string, S extends z.ZodType = z.ZodType> {
  /** The stored componentType; the same as the folder's name. */
  type: T
  /** What editors see in the block picker. */
  label: string
  description?: string
  /** Validates saves and fills in defaults before views get the props (see fields.ts). */
  schema: S
  /** A fresh block of this type: what the editor inserts. */
  defaults: z.output<S>
  /** The containers an editor may add it to (spec 02 §2.8); saves elsewhere are refused. */
  allowedIn: readonly ContainerId[]
}

export function defineBlock<const T extends string, S extends z.ZodType<{ componentType: T }>>(
  declaration: Omit<BlockDeclaration<T, S>, 'defaults'>,
): BlockDeclaration<T, S> {
  return { ...declaration, defaults: defaultsOf(declaration.schema, declaration.type) }
}

/** What a block's Editor.tsx receives: its own block, typed by its schema. */
export interface BlockEditorProps<B> {
  /** Absolute path of the block in the page. */
  path: Path
  /** The block as currently edited. */
  block: B
  /** Sets a value at a path relative to the block (one undoable edit). */
  set: (relativePath: string | readonly PathSegment[], value: unknown) => void
}
