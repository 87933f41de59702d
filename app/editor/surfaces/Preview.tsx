import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { CloseButton } from './CloseButton.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { useReturnFocus } from './use-return-focus.ts'
import { editorTexts } from '#lib/editor-texts'

export interface PreviewProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title?: ReactNode
  /** What is previewed (an image, a page at a breakpoint...), shown as large as the screen allows. */
  children?: ReactNode
}

/** Spec 01 §2.8: the editor preview, a near full-screen dialog for looking at something large. */
export function Preview({ open, onOpenChange, title = editorTexts.panels.preview, children }: PreviewProps) {
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/70`} />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className={`fixed inset-4 ${chrome.z} flex flex-col rounded-lg ${chrome.panel} outline-none sm:inset-8`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-5 py-3">
            <Dialog.Title className={chrome.heading}>{title}</Dialog.Title>
            <CloseButton />
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-neutral-100 p-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
