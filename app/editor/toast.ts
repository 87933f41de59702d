import { toast } from 'sonner'
import { texts } from '#lib/texts'

/** Spec 01 §8: toasts show for 4 s at top-centre and stay while hovered (sonner pauses on hover). */
export const TOAST_DURATION_MS = 4000

export function toastSuccess(message: string = texts.toasts.success) {
  return toast.success(message)
}

export function toastError(message: string = texts.toasts.unknownError) {
  return toast.error(message)
}

/** News, not an outcome of the editor's own action (a colleague's changes taken in): it stays a little longer. */
export function toastInfo(message: string) {
  return toast.info(message, { duration: TOAST_DURATION_MS * 2 })
}
