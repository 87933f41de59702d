import { useRef } from 'react'

/**
 * Radix dialogs return focus to their Dialog.Trigger; the editor opens its surfaces from the menu
 * through state instead, so this remembers what had the focus when a surface opened and gives it
 * back when the surface closes (Escape, Close or the menu).
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = previous.current
      previous.current = null
      // Leave the focus alone when the editor already moved it elsewhere (another menu item chosen).
      const active = document.activeElement
      const focusIsLost = !active || active === document.body || (event.target instanceof Node && event.target.contains(active))
      if (target?.isConnected && focusIsLost) {
        event.preventDefault()
        target.focus()
      }
    },
  }
}
