import { AlertDialog } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import type { Side } from '#lib/merge'
import { chrome } from '#ui/editor/classes.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { editorTexts } from '#lib/editor-texts'

interface AlertProps {
  open: boolean
  /** Wider, for a dialog with a list in it. */
  wide?: boolean
  title: ReactNode
  description: ReactNode
  /** The buttons (the first one gets the focus when it opens: make it the safe choice). */
  children: ReactNode
  onOpenChange: (open: boolean) => void
}

/** A Radix alert dialog in the editor's chrome: focus trapped, Escape cancels. */
function Alert({ open, wide, title, description, children, onOpenChange }: AlertProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/50`} />
        <AlertDialog.Content
          className={`fixed top-1/2 left-1/2 ${chrome.z} ${wide ? 'w-[min(640px,calc(100vw-2rem))]' : 'w-[min(480px,calc(100vw-2rem))]'} max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg ${chrome.panel} p-5 outline-none`}
        >
          <AlertDialog.Title className={chrome.heading}>{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-neutral-700">{description}</AlertDialog.Description>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** One field both editors changed, as the conflict dialog shows it. */
export interface ConflictField {
  /** The conflict's id: what the choice is sent back under. */
  id: string
  /** The field in words ("the heading"). */
  label: string
  mine: string
  theirs: string
}

export interface ConflictState {
  /** The server's message: who saved and when (and what both changed). */
  message: string
  /**
   * The fields both changed (issue 31): the editor keeps theirs or mine for each; everything else
   * is merged already. Absent when the save could not be merged at all.
   */
  fields?: readonly ConflictField[]
  /** Who saved since ("Maria"). */
  theirName?: string
}

/**
 * A stale save (409): the server's message, and the editor's choice. Nothing is lost unless they
 * choose so. With the fields both changed: mine or theirs, field by field, then 'Save with these
 * choices'; 'Reload their version' drops all of theirs knowingly; Cancel keeps their changes
 * unsaved. A save that could not be merged offers 'Overwrite with mine' instead.
 */
export function ConflictDialog({
  conflict,
  busy,
  onReload,
  onOverwrite,
  onResolve,
  onCancel,
}: {
  conflict: ConflictState | null
  busy?: boolean
  onReload: () => void
  onOverwrite: () => void
  /** Sends the choices (each field's id and the side kept). */
  onResolve?: (choices: Record<string, Side>) => void
  onCancel: () => void
}) {
  const t = editorTexts.conflict
  const fields = conflict?.fields?.length && onResolve ? conflict.fields : null
  return (
    <Alert
      open={!!conflict}
      wide={!!fields}
      title={t.title}
      description={conflict?.message ?? ''}
      onOpenChange={(open) => !open && onCancel()}
    >
      {fields ? (
        <FieldChoices
          // A new conflict starts with fresh choices.
          key={fields.map((field) => field.id).join('|')}
          fields={fields}
          theirName={conflict?.theirName || editorTexts.merge.someone}
          busy={busy}
          onReload={onReload}
          onResolve={onResolve!}
        />
      ) : (
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <AlertDialog.Cancel className={buttonClass.secondary}>{t.keepEditing}</AlertDialog.Cancel>
          <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onReload}>
            {t.reload}
          </button>
          <button type="button" className={buttonClass.primary} disabled={busy} aria-busy={busy} onClick={onOverwrite}>
            {t.overwrite}
          </button>
        </div>
      )}
    </Alert>
  )
}

/** Each field both changed, with both values and a choice of one; mine is chosen to start with. */
function FieldChoices({
  fields,
  theirName,
  busy,
  onReload,
  onResolve,
}: {
  fields: readonly ConflictField[]
  theirName: string
  busy?: boolean | undefined
  onReload: () => void
  onResolve: (choices: Record<string, Side>) => void
}) {
  const t = editorTexts.conflict
  const m = editorTexts.merge.dialog
  const [choices, setChoices] = useState<Record<string, Side>>(() => Object.fromEntries(fields.map((field) => [field.id, 'mine' as Side])))
  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault()
        onResolve(choices)
      }}
    >
      <h3 className="font-sans text-sm font-semibold text-neutral-900">{m.fieldsCaption}</h3>
      <ul className="mt-2 space-y-3" data-conflict-fields="">
        {fields.map((field, i) => (
          <li key={field.id} data-conflict-field={field.label}>
            <fieldset className="rounded-md p-3 ring-1 ring-neutral-200">
              <legend className="px-1 text-sm font-semibold text-neutral-900 first-letter:uppercase">{field.label}</legend>
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side} className="mt-1 flex cursor-pointer items-start gap-2 rounded p-1.5 hover:bg-neutral-50">
                  <input
                    type="radio"
                    name={`conflict-${i}`}
                    value={side}
                    className="mt-1 accent-red"
                    checked={choices[field.id] === side}
                    onChange={() => setChoices((current) => ({ ...current, [field.id]: side }))}
                  />
                  <span>
                    <span className="block font-medium">{side === 'mine' ? m.keepMine : m.keepTheirs(theirName)}</span>
                    <span className="block break-words text-neutral-700" data-conflict-value={side}>
                      {side === 'mine' ? field.mine : field.theirs}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <AlertDialog.Cancel className={buttonClass.secondary}>{t.keepEditing}</AlertDialog.Cancel>
        <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onReload}>
          {t.reload}
        </button>
        <button type="submit" className={buttonClass.primary} disabled={busy} aria-busy={busy}>
          {m.saveChoices}
        </button>
      </div>
    </form>
  )
}

/** Spec 01 §8: 'Are you sure?' before something that cannot be undone (or a title naming it). */
export function ConfirmDialog({
  open,
  title = editorTexts.confirm,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onOpenChange,
}: {
  open: boolean
  title?: ReactNode
  description: ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Alert open={open} title={title} description={description} onOpenChange={onOpenChange}>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <AlertDialog.Cancel className={buttonClass.secondary}>{editorTexts.cancel}</AlertDialog.Cancel>
        <button type="button" className={buttonClass.primary} disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Alert>
  )
}
