/**
 * How a block declares itself: its folder's index.ts calls defineBlock once (Puck-style config).
 * Server-safe: zod and types only. The folder's View.tsx (every block) and Editor.tsx (blocks with
 * settings beyond their in-place fields) are found by name by scripts/generate-blocks.ts, which
 * writes the lists in *.generated.ts; they are not referenced here, so importing a declaration
 * never pulls React views or editor code into the server's or a visitor's module graph.
 */
import type { AppLoadContext } from 'react-router'
import type { z } from 'zod'
import type { ContainerId, Path, PathSegment } from '#ui/editing'
import { defaultsOf } from './fields'
import type { BlockProps, BlockType } from './schemas'

export interface BlockDeclaration<T extends string = string, S extends z.ZodType = z.ZodType> {
  /** The stored componentType; the same as the folder's name. */
  type: T
  /** The spec's name (spec 02 §2.8): the block's name in the editor's frames and panels (the picker shows `picker.title`). */
  label: string
  /** How the block picker presents it to an editor who does not know the spec's names (issue 17). */
  picker: BlockPickerEntry<z.input<S>>
  /** Validates saves and fills in defaults before views get the props (see fields.ts). */
  schema: S
  /** A fresh block of this type: what the editor inserts. */
  defaults: z.output<S>
  /** The containers an editor may add it to (spec 02 §2.8); saves elsewhere are refused. */
  allowedIn: readonly ContainerId[]
  /**
   * The view is plain markup: text, pictures and links, no state, no handlers, no blocks inside.
   * A visitor's first page keeps the server's HTML for it and neither fetches nor hydrates its
   * view (RenderBlocks.tsx, issue 16); its links still navigate inside the app. Leave it out when
   * in doubt: such a block is hydrated like any other.
   */
  staticView?: boolean
}

/** The block picker's groups, by purpose, in the order it shows them. */
export const blockGroups = ['text', 'media', 'cards', 'listings', 'booking', 'layout'] as const
export type BlockGroup = (typeof blockGroups)[number]

export interface BlockPickerEntry<P = unknown> {
  /** A plain-language name ("Two columns" for SplitContent). */
  title: string
  /** One line on what the block is for. */
  description: string
  group: BlockGroup
  /**
   * What the picker's thumbnail shows where the defaults are empty (a text block's placeholder
   * alone is a blank tile): drawn over the defaults, never inserted. Valid for the schema (a test).
   */
  sample?: Partial<P>
  /**
   * The view is live (it loads results, runs a booking gadget, embeds a map or sends a form): the
   * picker draws this still sketch instead of rendering it, so opening the picker neither fetches
   * nor announces anything (issue 31).
   */
  sketch?: BlockSketch
}

/** The still pictures the picker draws for live blocks (app/editor/editing/BlockSketch.tsx). */
export const blockSketches = ['results', 'booking', 'form', 'map', 'slider'] as const
export type BlockSketch = (typeof blockSketches)[number]

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

/** What a block's server data is loaded with: the request's load context (services), its address and the page's domain. */
export interface BlockDataContext {
  context: AppLoadContext
  url: URL
  domainId: string
}

/**
 * A block's server data, declared in its folder's data.server.ts (like Puck's resolveData) and
 * found there by scripts/generate-blocks.ts: loaded on the server before the page renders and
 * given to the block's View as `initialData`. An editor's working copy, rendered in the browser,
 * has none, so the View must also work without it.
 */
export interface BlockDataLoader<T extends BlockType = BlockType, D = unknown> {
  type: T
  load(block: BlockProps<T>, ctx: BlockDataContext): Promise<D>
}

/** Declares a block's server data: `export default defineBlockData('Listings', async (block, ctx) => ...)`. */
export function defineBlockData<const T extends BlockType, D>(
  type: T,
  load: (block: BlockProps<T>, ctx: BlockDataContext) => Promise<D>,
): BlockDataLoader<T, D> {
  return { type, load }
}
