import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import type { SidebarSide } from '../state/types.ts'
import { CloseButton } from './CloseButton.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { useReturnFocus } from './use-return-focus.ts'

export interface SidebarProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  side: SidebarSide
  title: ReactNode
  children?: ReactNode
}

/**
 * Spec 01 §2.8: the editor sidebar, a panel fixed to one side that overlays the page and never
 * shifts its layout. Non-modal: the page stays usable beside it (selecting, typing), so clicks
 * outside do not close it; Escape or its Close button does, and focus then returns to the menu.
 */
export function Sidebar({ open, onOpenChange, side, title, children }: SidebarProps) {
  const returnFocus = useReturnFocus()
  const position = side === 'left' ? 'left-0 border-r' : 'right-0 border-l'
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          onInteractOutside={(event) => event.preventDefault()}
          // Escape while a list item is being moved by keyboard (dnd-kit marks it pressed) cancels
          // the move only; the sidebar stays open.
          onEscapeKeyDown={(event) => {
            if ((event.target as Element | null)?.closest?.('[aria-roledescription][aria-pressed="true"]')) event.preventDefault()
          }}
          className={`fixed top-0 bottom-0 ${position} ${chrome.z} flex w-[min(380px,100vw)] flex-col border-neutral-200 ${chrome.panel} outline-none`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-5 py-4">
            <Dialog.Title className={chrome.heading}>{title}</Dialog.Title>
            <CloseButton />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
