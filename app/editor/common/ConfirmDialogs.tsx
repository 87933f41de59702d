import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { texts } from '#lib/texts'
import { chrome } from '#ui/editor/classes.ts'
import { buttonClass } from '#ui/editor/fields.tsx'

interface AlertProps {
  open: boolean
  title: ReactNode
  description: ReactNode
  /** The buttons (the first one gets the focus when it opens: make it the safe choice). */
  children: ReactNode
  onOpenChange: (open: boolean) => void
}

/** A Radix alert dialog in the editor's chrome: focus trapped, Escape cancels. */
function Alert({ open, title, description, children, onOpenChange }: AlertProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/50`} />
        <AlertDialog.Content
          className={`fixed top-1/2 left-1/2 ${chrome.z} w-[min(480px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg ${chrome.panel} p-5 outline-none`}
        >
          <AlertDialog.Title className={chrome.heading}>{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-neutral-700">{description}</AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">{children}</div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

export interface ConflictState {
  /** The server's message: who saved and when. */
  message: string
}

/**
 * A stale save (409): the server's message, and the editor's choice. Nothing is lost unless they
 * choose so: 'Reload their version' drops their copy knowingly, 'Overwrite with mine' replaces the
 * other save knowingly, Cancel keeps their changes unsaved.
 */
export function ConflictDialog({
  conflict,
  busy,
  onReload,
  onOverwrite,
  onCancel,
}: {
  conflict: ConflictState | null
  busy?: boolean
  onReload: () => void
  onOverwrite: () => void
  onCancel: () => void
}) {
  const t = texts.editor.conflict
  return (
    <Alert open={!!conflict} title={t.title} description={conflict?.message ?? ''} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Cancel className={buttonClass.secondary}>{t.keepEditing}</AlertDialog.Cancel>
      <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onReload}>
        {t.reload}
      </button>
      <button type="button" className={buttonClass.primary} disabled={busy} aria-busy={busy} onClick={onOverwrite}>
        {t.overwrite}
      </button>
    </Alert>
  )
}

/** Spec 01 §8: 'Are you sure?' before something that cannot be undone. */
export function ConfirmDialog({
  open,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onOpenChange,
}: {
  open: boolean
  description: ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Alert open={open} title={texts.editor.confirm} description={description} onOpenChange={onOpenChange}>
      <AlertDialog.Cancel className={buttonClass.secondary}>{texts.editor.cancel}</AlertDialog.Cancel>
      <button type="button" className={buttonClass.primary} disabled={busy} aria-busy={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </Alert>
  )
}
