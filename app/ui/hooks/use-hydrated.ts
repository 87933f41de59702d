import { startTransition, useEffect, useState } from 'react'

/**
 * True in the browser once React has hydrated the server's page (root.tsx marks the document when
 * its effects run, after every other component's); false on the server and while hydrating.
 */
export function isDocumentHydrated(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true'
}

/**
 * False on the server and while React hydrates the server's markup, true from then on: what only
 * works with JavaScript (buttons instead of links, the editor) appears without a hydration mismatch.
 * A component mounted later (after a navigation) is true from its first render.
 *
 * The switch after hydration is a transition, so React renders it in short slices. (With
 * useSyncExternalStore, whose server value differs from the browser's, React re-rendered every
 * such component at once, synchronously: one 20 ms task on /whats-on's fifteen cards, 80 ms on a
 * phone, the page's largest blocking task; issue 16.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(isDocumentHydrated)
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}
