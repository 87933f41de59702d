import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'

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

/**
 * A store kept in this browser (local storage, a cookie), read by components: the server's value on
 * the server and while hydrating, the store's once hydration is done. Reading the store while
 * hydrating, where its value differs from the server's (a returning visitor's saved list, a first
 * visit's missing consent), made React re-render every reader at once, synchronously; this waits
 * for useHydrated's transition instead.
 */
export function useBrowserStore<T>(subscribe: (onChange: () => void) => () => void, read: () => T, serverValue: () => T): T {
  const hydrated = useHydrated()
  return useSyncExternalStore(subscribe, hydrated ? read : serverValue, serverValue)
}
