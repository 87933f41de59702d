/**
 * Which block types each container lets an editor add (spec 02 §2.8 "contents container"), from
 * each block's declaration (`allowedIn` in its index.ts). Split content sides take a narrower list
 * (spec 02 §2.8: "exact list not shown"): text, media and links. Server-safe and React-free: the
 * API checks saved pages against it, the editor's block picker offers only what the container
 * allows.
 */
import { blockDeclarations } from './declarations.generated'
import type { BlockDeclaration } from './define'
import type { ContainerId } from '#ui/editing'

// Read on first use, not at import: block schemas with nested lists (SplitContent/nested.ts) import
// this module while the declarations are still being evaluated.
const allowedIn = (container: ContainerId) =>
  (Object.values(blockDeclarations) as readonly BlockDeclaration[]).filter((d) => d.allowedIn.includes(container)).map((d) => d.type)
let lists: Record<ContainerId, readonly string[]> | undefined

export const containers: Readonly<Record<ContainerId, readonly string[]>> = {
  get contents() {
    lists ??= { contents: allowedIn('contents'), split: allowedIn('split') }
    return lists.contents
  },
  get split() {
    lists ??= { contents: allowedIn('contents'), split: allowedIn('split') }
    return lists.split
  },
}

export function allows(container: ContainerId, componentType: string): boolean {
  return containers[container].includes(componentType)
}
