import { AlertDialog } from 'radix-ui'
import { useId, useRef, useState } from 'react'
import { teamTexts } from '#lib/team'
import { chrome } from '#ui/editor/classes.ts'

const t = teamTexts.deactivated

/**
 * Issue 31: an editor whose account an admin deactivated while they were editing is told so on
 * their next save or autosave, and shown what they typed and had not saved, to copy (it also stays
 * in this browser's kept copy, page-saver.tsx). Closing it lets the page turn to the visitor's view.
 */
export function DeactivatedDialog({ texts, onClose }: { texts: string[] | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const area = useRef<HTMLTextAreaElement>(null)
  const id = useId()
  const all = texts?.join('\n\n') ?? ''
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(all)
    } catch {
      // No clipboard permission: the text is selected, for Ctrl+C.
      area.current?.select()
      return
    }
    setCopied(true)
  }
  return (
    <AlertDialog.Root open={!!texts} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/50`} />
        <AlertDialog.Content
          data-deactivated=""
          className={`fixed top-1/2 left-1/2 ${chrome.z} flex max-h-[85vh] w-[min(560px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg ${chrome.panel} p-5 outline-none`}
        >
          <AlertDialog.Title className={chrome.heading}>{t.title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-neutral-700">{t.description}</AlertDialog.Description>
          {all ? (
            <>
              <label htmlFor={id} className={chrome.label}>
                {t.textLabel}
              </label>
              <textarea
                id={id}
                ref={area}
                readOnly
                value={all}
                rows={8}
                className={`${chrome.input} ${chrome.focus} min-h-0 flex-1 resize-y font-mono text-xs`}
              />
            </>
          ) : (
            <p className="text-sm text-neutral-700">{t.nothing}</p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {all ? (
              <button type="button" className={`${chrome.button} ${chrome.secondary} ${chrome.focus}`} onClick={() => void copy()}>
                {copied ? t.copied : t.copy}
              </button>
            ) : null}
            <AlertDialog.Action className={`${chrome.button} ${chrome.primary} ${chrome.focus}`}>{t.close}</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
