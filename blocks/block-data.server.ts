/**
 * Server data for the blocks that declare it (a data.server.ts in their folder, listed in
 * data.generated.server.ts), added to each such block as `initialData` before a page renders
 * (app/routes/content-page.server.ts). Blocks inside other blocks' lists (SplitContent's sides...)
 * get theirs too. No block type is named here.
 */
import { blockDataLoaders } from './data.generated.server'
import type { BlockDataContext, BlockDataLoader } from './define'
import type { AnyBlock } from './schemas'

/** Returns the contents with each data-needing block's server data attached (nested lists too). */
export async function loadBlockData(contents: AnyBlock[], ctx: BlockDataContext): Promise<AnyBlock[]> {
  return Promise.all(contents.map((block) => withData(block, ctx)))
}

async function withData(block: AnyBlock, ctx: BlockDataContext): Promise<AnyBlock> {
  // The list is keyed by componentType, so the loader found is this block's own.
  const loader = blockDataLoaders[block.componentType] as BlockDataLoader | undefined
  let changed: Record<string, unknown> | null = loader ? { ...block, initialData: await loader.load(block, ctx) } : null
  // Nested block lists (SplitContent sides...): any array of blocks among the props.
  for (const [key, value] of Object.entries(block)) {
    if (Array.isArray(value) && value.some(isBlock)) {
      changed ??= { ...block }
      changed[key] = await Promise.all(value.map((item) => (isBlock(item) ? withData(item, ctx) : item)))
    }
  }
  return (changed as AnyBlock | null) ?? block
}

/** A block inside another block's list (the page's contents were validated by normaliseContents before). */
function isBlock(value: unknown): value is AnyBlock {
  return typeof value === 'object' && value !== null && typeof (value as { componentType?: unknown }).componentType === 'string'
}
