import { useSyncExternalStore } from 'react'
import type { FooterDoc, NavDoc } from '#lib/content'

/**
 * What the header and footer show instead of the loaded documents while an editor edits them in
 * place. The (lazily loaded) editor sets it; visitors never do, so their pages render as loaded.
 * A tiny store rather than a React context: the editor is mounted beside the layout, not above it.
 */
export interface SiteOverride {
  nav?: Omit<NavDoc, 'domainId'>
  footer?: Omit<FooterDoc, 'domainId'>
}

const none: SiteOverride = {}
let current: SiteOverride = none
const listeners = new Set<() => void>()

export function setSiteOverride(next: SiteOverride): void {
  if (next.nav === current.nav && next.footer === current.footer) return
  current = next.nav || next.footer ? next : none
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSiteOverride(): SiteOverride {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => none,
  )
}
