import { createRequire } from 'node:module'

/**
 * React's Node renderer (`renderToPipeableStream`) keeps each render in an AsyncLocalStorage. On
 * Node before 24 the first `run()` of one turns async hooks on for the whole process, for good:
 * from the first rendered page on, every request, cached hits included, pays for them (about a
 * fifth of a cached page's time, decision record 014).
 *
 * React reads that storage only to find the current render from code that runs after an `await`
 * inside it (resource hints called there); during the render it knows it already, and React's own
 * web-streams build runs without one wherever the runtime has no AsyncLocalStorage. So the renderer
 * is loaded once, before the server build imports it, with a storage that holds its value for the
 * synchronous call only; every other AsyncLocalStorage in the process is Node's own.
 */
class RenderStorage<T> {
  #store: T | undefined
  getStore(): T | undefined {
    return this.#store
  }
  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    const previous = this.#store
    this.#store = store
    try {
      return callback(...args)
    } finally {
      this.#store = previous
    }
  }
}

/** Loads `react-dom/server` (resolved from `fromFile`) with RenderStorage in place of Node's storage. */
export function loadReactRendererWithoutAsyncHooks(fromFile: string): void {
  // Node 24's AsyncLocalStorage is built on async context frames and turns no hooks on.
  if (Number(process.versions.node.split('.')[0]) >= 24) return
  const require = createRequire(fromFile)
  // The CommonJS exports object: the one React's `require("async_hooks")` reads at load.
  const asyncHooks = require('node:async_hooks') as { AsyncLocalStorage: unknown }
  const nodeStorage = asyncHooks.AsyncLocalStorage
  asyncHooks.AsyncLocalStorage = RenderStorage
  try {
    require('react-dom/server')
  } finally {
    asyncHooks.AsyncLocalStorage = nodeStorage
  }
}
