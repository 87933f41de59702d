import { Dialog } from 'radix-ui'
import { CloseIcon } from '../icons.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'

/** The labelled Close button of every editor surface. */
export function CloseButton() {
  return (
    <Dialog.Close className={`${chrome.button} ${chrome.secondary} ${chrome.focus} px-3 py-1.5`}>
      <CloseIcon width={16} height={16} />
      {editorTexts.close}
    </Dialog.Close>
  )
}
