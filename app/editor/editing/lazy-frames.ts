/**
 * Select Component on a long page without mounting every block's editing parts at once (issue 32):
 * on a page of 150 blocks, turning it on rebuilt every block as an editable one (170 frames, ~800
 * fields, their handles and "+" buttons) in one long task, 1.4 s with the CPU slowed 4x.
 *
 * The page's top-level list measures its blocks as the visitor's markup lays them out, just before
 * the editing frames replace it. The blocks on screen become editable at once; every other block is
 * at first its frame alone (`data-editor-pending`, `aria-busy`): an empty box of the block's height,
 * still a tab stop, a drop target and clickable. Such a frame becomes editable when it comes within
 * a screen of the window (scrolling), takes the focus (the keyboard), is selected (a click, a
 * command, a publish check's "Show"), and otherwise a few at a time in short tasks of their own,
 * nearest the window first, so the whole page is editable within moments and a key typed
 * meanwhile waits for one short task at most.
 */
import { createContext } from 'react'
import { flushSync } from 'react-dom'
import type { Path } from '#ui/editing'

interface Waiting {
  /** How far the block was from the window's middle when the list was measured (px): nearest mounts first. */
  distance: number
  mount: () => void
}

/**
 * The next slice of mounting, as a task of its own: after input and the next paint, never starved.
 * (Idle callbacks were: with an animation running, or the CPU slowed 4x, a page's frames left no
 * idle time, and under the bench (CPU 4x slower) the page had not mounted whole after 30 s.)
 */
const nextTask = (callback: () => void): (() => void) => {
  const id = window.setTimeout(callback, 0)
  return () => window.clearTimeout(id)
}

/** How long one slice of mounting may hold the main thread (ms); at least one block is mounted. */
const SLICE_MS = 12

/** One list's deferred frames (only the page's top-level list has them). */
export class LazyFrames {
  /** Block heights by index, as measured; null: every block mounts at once. */
  private readonly heights: readonly number[]
  private readonly distances: readonly number[]
  private readonly onScreen: readonly boolean[]
  /** Frames mounted after the first render of the list (inserted blocks...) are editable at once. */
  private settled = false
  private readonly waiting = new Map<Element, Waiting>()
  private readonly observer: IntersectionObserver
  private cancelNext: (() => void) | null = null

  constructor(rects: readonly DOMRect[]) {
    const middle = window.innerHeight / 2
    this.heights = rects.map((rect) => rect.height)
    this.distances = rects.map((rect) => Math.abs(rect.top + rect.height / 2 - middle))
    this.onScreen = rects.map((rect) => rect.bottom > 0 && rect.top < window.innerHeight)
    // Within a screen above or below the window: mounted before scrolling shows it.
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) this.waiting.get(entry.target)?.mount()
      },
      { rootMargin: '100% 0px' },
    )
  }

  /** The height to hold for the block at `index` while it waits, or null: it mounts at once. */
  pendingHeight(index: number): number | null {
    if (this.settled || this.onScreen[index] !== false) return null
    return this.heights[index] ?? null
  }

  /** The list has rendered once: from now on a new frame mounts at once. */
  settle(): void {
    this.settled = true
  }

  /** A waiting frame: `mount` makes it editable (called once, then it is forgotten). */
  wait(element: Element, index: number, mount: () => void): () => void {
    const entry: Waiting = {
      distance: this.distances[index] ?? Infinity,
      mount: () => {
        this.forget(element)
        mount()
      },
    }
    this.waiting.set(element, entry)
    this.observer.observe(element)
    this.schedule()
    return () => this.forget(element)
  }

  dispose(): void {
    this.observer.disconnect()
    this.cancelNext?.()
    this.cancelNext = null
    this.waiting.clear()
  }

  private forget(element: Element): void {
    if (!this.waiting.delete(element)) return
    this.observer.unobserve(element)
  }

  private schedule(): void {
    if (this.cancelNext || !this.waiting.size) return
    this.cancelNext = nextTask(() => {
      this.cancelNext = null
      // Nearest the window first, each one rendered and committed on its own, until the slice is
      // spent: a key typed meanwhile waits for one slice at most.
      const start = performance.now()
      do {
        const next = this.nearest()
        if (!next) break
        flushSync(next.mount)
      } while (performance.now() - start < SLICE_MS)
      this.schedule()
    })
  }

  private nearest(): Waiting | null {
    let best: Waiting | null = null
    for (const entry of this.waiting.values()) if (!best || entry.distance < best.distance) best = entry
    return best
  }
}

/**
 * The visitor's markup of the page's top-level blocks, as laid out now (before the editing frames
 * replace it): their boxes, in order, when they are exactly the list's blocks; else null.
 */
export function measurePlainBlocks(types: readonly string[]): DOMRect[] | null {
  if (typeof document === 'undefined' || !types.length) return null
  const main = document.querySelector('main')
  if (!main) return null
  const plain = [...main.querySelectorAll('[data-block]')].filter(
    (el) => !el.hasAttribute('data-editor-frame') && !el.parentElement?.closest('[data-block]'),
  )
  if (plain.length !== types.length || plain.some((el, i) => el.getAttribute('data-block') !== types[i])) return null
  const rects = plain.map((el) => el.getBoundingClientRect())
  // Not laid out (hidden): nothing to hold.
  return rects.some((rect) => rect.height > 0) ? rects : null
}

/** Whether a list is the page's top-level one (['contents']): the only one whose frames may wait. */
export const isTopLevelList = (path: Path) => path.length === 1

/** The deferred frames of the list a frame is in (null: mount at once). */
export const LazyFramesContext = createContext<LazyFrames | null>(null)
