import { toast } from 'sonner'
import { texts } from '#lib/texts'

/** Spec 01 §8: toasts show for 4 s at top-centre and stay while hovered (sonner pauses on hover). */
export const TOAST_DURATION_MS = 4000

/** `description`: a second line saying what follows from it (a saved draft that visitors do not see yet). */
export function toastSuccess(message: string = texts.toasts.success, description?: string) {
  return toast.success(message, description ? { description } : undefined)
}

export function toastError(message: string = texts.toasts.unknownError) {
  return toast.error(message)
}

/** News, not an outcome of the editor's own action (a colleague's changes taken in): it stays a little longer. */
export function toastInfo(message: string) {
  return toast.info(message, { duration: TOAST_DURATION_MS * 2 })
}
