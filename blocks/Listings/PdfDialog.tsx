import { useEffect, useId, useRef } from 'react'
import { useTexts } from '#ui/locale'
import { Spinner } from './icons'

/** The 'generating' modal shown while a calendar is laid out (a native <dialog>; Escape does not close it). */
export function PdfDialog({ open }: { open: boolean }) {
  const t = useTexts().listings.grid
  const dialogRef = useRef<HTMLDialogElement>(null)
  const ids = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${ids}-pdf-title`}
      aria-describedby={`${ids}-pdf-text`}
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-md bg-white p-8 text-center shadow-2xl backdrop:bg-ink/50"
    >
      <Spinner size={36} className="mx-auto text-red" />
      <h2 id={`${ids}-pdf-title`} className="mt-4 font-display text-2xl font-semibold text-red-darkest">
        {t.generatingTitle}
      </h2>
      <p id={`${ids}-pdf-text`} className="mt-2 text-ink-soft">
        {t.generatingText}
      </p>
    </dialog>
  )
}
