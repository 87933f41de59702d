import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { CloseButton } from './CloseButton.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { useReturnFocus } from './use-return-focus.ts'

export interface ModalProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  /** Panel width; at most 900 px (spec 01 §2.8) and never wider than the screen. */
  width?: 'default' | 'narrow'
  children?: ReactNode
}

/**
 * Spec 01 §2.8: the editor modal, at most 900 px wide and 80% of the screen high. A Radix dialog:
 * focus is trapped inside, Escape closes it and focus returns to what opened it.
 */
export function Modal({ open, onOpenChange, title, description, width = 'default', children }: ModalProps) {
  const returnFocus = useReturnFocus()
  const size = width === 'narrow' ? 'w-[min(450px,calc(100vw-2rem))]' : 'w-[min(900px,calc(100vw-2rem))]'
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/40`} />
        <Dialog.Content
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 ${chrome.z} flex max-h-[80vh] ${size} -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg ${chrome.panel} outline-none`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 py-4">
            <div>
              <Dialog.Title className={chrome.heading}>{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-neutral-600">{description}</Dialog.Description> : null}
            </div>
            <CloseButton />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
