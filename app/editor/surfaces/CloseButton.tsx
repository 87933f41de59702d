import { Dialog } from 'radix-ui'
import { texts } from '#lib/texts'
import { CloseIcon } from '../icons.tsx'
import { chrome } from '#ui/editor/classes.ts'

/** The labelled Close button of every editor surface. */
export function CloseButton() {
  return (
    <Dialog.Close className={`${chrome.button} ${chrome.secondary} ${chrome.focus} px-3 py-1.5`}>
      <CloseIcon width={16} height={16} />
      {texts.editor.close}
    </Dialog.Close>
  )
}
