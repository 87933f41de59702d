/**
 * The block views this browser (or server) has loaded. RenderBlocks reads it synchronously; a
 * view not loaded yet is fetched and its list suspends until it arrives (client navigations).
 * Before hydration, entry.client.tsx loads the views of the blocks already on the page, so
 * hydration never waits; the editor registers all of them up front (registry.tsx).
 */
import type { ComponentType } from 'react'
import { viewLoaders } from './view-loaders.generated'

/** Views differ in props; the cache hands each block its own type's view, so the props match. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's View takes its own block's props
type ViewModule = { View: ComponentType<any> }

const loaded = new Map<string, ViewModule['View']>()
const pending = new Map<string, Promise<void>>()

/** Is this a block type of the library? (Unknown types render nothing.) */
export function isBlockType(componentType: string): componentType is keyof typeof viewLoaders {
  return Object.hasOwn(viewLoaders, componentType)
}

export function loadedView(componentType: string): ViewModule['View'] | undefined {
  return loaded.get(componentType)
}

export function registerViews(views: Readonly<Record<string, ViewModule['View']>>): void {
  for (const [componentType, View] of Object.entries(views)) loaded.set(componentType, View)
}

function loadView(componentType: keyof typeof viewLoaders): Promise<void> {
  let promise = pending.get(componentType)
  if (!promise) {
    promise = viewLoaders[componentType]().then(
      (module) => {
        loaded.set(componentType, module.View)
      },
      (error: unknown) => {
        // Let a later render try again (a flaky network, a new deployment's chunk names).
        pending.delete(componentType)
        throw error
      },
    )
    pending.set(componentType, promise)
  }
  return promise
}

const batches = new Map<string, Promise<void>>()

/**
 * Loads the views of these block types (unknown and loaded ones are skipped). The same set of
 * types gets the same promise, so a suspended render can wait on it (React's `use`).
 */
export function loadViews(componentTypes: Iterable<string>): Promise<void> {
  const missing = [...new Set(componentTypes)].filter((t): t is keyof typeof viewLoaders => isBlockType(t) && !loaded.has(t)).sort()
  if (!missing.length) return Promise.resolve()
  const key = missing.join(',')
  let batch = batches.get(key)
  if (!batch) {
    batch = Promise.all(missing.map(loadView)).then(
      () => {
        batches.delete(key)
      },
      (error: unknown) => {
        batches.delete(key)
        throw error
      },
    )
    batches.set(key, batch)
  }
  return batch
}
