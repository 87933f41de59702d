import { useEffect, useRef, useState } from 'react'

const SMALL_SCREEN = '(max-width: 767px)'

/**
 * The filter panel's open state (a native <details>, so it opens without JavaScript too): Escape
 * closes it and gives focus back to its summary; on small screens the open panel is a full-screen
 * overlay and the page behind it does not scroll.
 */
export function useFilterPanel() {
  const [panelOpen, setPanelOpen] = useState(false)
  const panelRef = useRef<HTMLDetailsElement>(null)

  // Opened before the scripts ran: the state follows what the visitor sees.
  useEffect(() => {
    if (panelRef.current?.open) setPanelOpen(true)
  }, [])

  // Listened for on the document: a filter's change re-renders the panel's options, and focus may
  // then have fallen back to <body>.
  useEffect(() => {
    if (!panelOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const active = document.activeElement
      const panel = panelRef.current
      if (!panel || (active && active !== document.body && !panel.contains(active))) return
      setPanelOpen(false)
      panel.querySelector<HTMLElement>('summary')?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [panelOpen])

  useEffect(() => {
    if (!panelOpen || !window.matchMedia(SMALL_SCREEN).matches) return
    const root = document.documentElement
    const previous = root.style.overflow
    root.style.overflow = 'hidden'
    panelRef.current?.querySelector<HTMLElement>('[data-close]')?.focus()
    return () => {
      root.style.overflow = previous
    }
  }, [panelOpen])

  return { panelOpen, setPanelOpen, panelRef }
}
