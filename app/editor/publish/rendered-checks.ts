/**
 * The checks before publishing that need the page as it is drawn (issue 34 point 5): headings out
 * of order and a picture far larger than it is shown. They read the editor's page, which shows the
 * working copy about to be published; the editor's own chrome is left out. The block of a finding
 * is the nearest block frame's path (data-block-path, BlockFrame).
 */
import { OVERSIZED_FACTOR } from '#lib/publish-checks'

export interface RenderedFinding {
  check: 'heading-order' | 'image-oversized'
  block: (string | number)[] | null
  /** heading-order: the levels; image-oversized: the picture's width and the width it is shown at (CSS px). */
  from: number
  to: number
}

/** The page's top-level blocks as drawn outside Select Component (no frames): the outermost [data-block] elements. */
const topBlocks = (main: Element) => [...main.querySelectorAll('[data-block]')].filter((el) => !el.parentElement?.closest('[data-block]'))

const blockOf = (el: Element): (string | number)[] | null => {
  const path = el.closest('[data-block-path]')?.getAttribute('data-block-path')
  if (path) return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
  // Outside Select Component: the top-level block it is in, by its place among them.
  let outer = el.closest('[data-block]')
  while (outer?.parentElement?.closest('[data-block]')) outer = outer.parentElement.closest('[data-block]')
  const main = el.closest('main')
  if (!outer || !main) return null
  const index = topBlocks(main).indexOf(outer)
  return index < 0 ? null : ['contents', index]
}

const inChrome = (el: Element) => !!el.closest('[data-editor-chrome], [data-thumbnail], [aria-hidden="true"], [hidden]')

/** Headings that skip a level going down (h2 then h4); going back up any number of levels is fine. */
export function headingFindings(root: ParentNode): RenderedFinding[] {
  const found: RenderedFinding[] = []
  let previous = 0
  for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    if (inChrome(heading)) continue
    const level = Number(heading.tagName.slice(1))
    if (previous && level > previous + 1) found.push({ check: 'heading-order', block: blockOf(heading), from: previous, to: level })
    previous = level
  }
  return found
}

/** Pictures whose file is far wider than the space they are shown in, at the screen's density. */
export function imageFindings(root: ParentNode, devicePixelRatio: number): RenderedFinding[] {
  const found: RenderedFinding[] = []
  for (const img of root.querySelectorAll('img')) {
    if (inChrome(img) || !img.complete || !img.naturalWidth) continue
    const shown = img.getBoundingClientRect().width
    if (shown < 1) continue
    if (img.naturalWidth > OVERSIZED_FACTOR * shown * Math.max(1, devicePixelRatio)) {
      found.push({ check: 'image-oversized', block: blockOf(img), from: img.naturalWidth, to: Math.round(shown) })
    }
  }
  return found
}

/** Both checks on the page's main content. */
export function renderedFindings(doc: Document = document): RenderedFinding[] {
  const main = doc.querySelector('main')
  if (!main) return []
  return [...headingFindings(main), ...imageFindings(main, doc.defaultView?.devicePixelRatio ?? 1)]
}
