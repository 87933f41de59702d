/**
 * The whole block library: each folder's declaration (index.ts) with its View. The editor builds
 * its pickers and forms from this; visitors only load `view-loaders.generated.ts`.
 */
import type { ComponentType } from 'react'
import { blockModules, type BlockProps, type BlockType } from './schemas'
import { registerViews } from './view-cache'
import { blockViews } from './views.generated'

// Whoever holds the whole library (the editor, tests) has every view at hand.
registerViews(blockViews)

export interface RegistryEntry<T extends BlockType> {
  componentType: T
  schema: (typeof blockModules)[T]['schema']
  defaults: BlockProps<T>
  label: string
  View: ComponentType<BlockProps<T>>
}

export type Registry = { [T in BlockType]: RegistryEntry<T> }

function entry<T extends BlockType>(componentType: T): RegistryEntry<T> {
  const mod = blockModules[componentType]
  return {
    componentType,
    schema: mod.schema,
    defaults: mod.defaults as BlockProps<T>,
    label: mod.label,
    View: blockViews[componentType],
  }
}

export const registry = Object.fromEntries((Object.keys(blockModules) as BlockType[]).map((type) => [type, entry(type)])) as Registry

/** A fresh block of a type, ready to insert (a deep copy, so inserts never share arrays). */
export function createBlock<T extends BlockType>(componentType: T): BlockProps<T> {
  return structuredClone(registry[componentType].defaults)
}
