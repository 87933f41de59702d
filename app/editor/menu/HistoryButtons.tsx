import { useId } from 'react'
import { RedoIcon, UndoIcon } from '../icons.tsx'
import { canRedo, canUndo } from '../state/history.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'

const buttonClass = `flex size-10 items-center justify-center rounded-md text-neutral-700 transition-colors hover:bg-neutral-100 hover:text-neutral-950 disabled:pointer-events-none disabled:opacity-40 ${chrome.focus} focus-visible:ring-offset-0`

/**
 * Undo and Redo on screen (issue 17), in the editor's left column below the menu: the page's
 * history (app/editor/state/history.ts), so every page edit is one step. Disabled when there is
 * nothing to undo or redo; the keyboard shortcut is each button's accessible description.
 */
export function HistoryButtons() {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const undoId = useId()
  const redoId = useId()
  if (!state.page.page) return null
  const b = editorTexts.blocks
  const h = editorTexts.history
  return (
    // A landmark of its own (the menu is one too), so a screen reader's list of landmarks reaches it.
    <aside
      aria-label={h.label}
      data-editor-history=""
      className={`fixed bottom-[calc(var(--consent-banner-height,0px)+0.5rem)] left-2 ${chrome.z} w-12 rounded-lg p-1 ${chrome.panel}`}
    >
      <div role="toolbar" aria-label={h.label} aria-orientation="vertical" className="flex flex-col items-center gap-0.5">
        <button
          type="button"
          className={buttonClass}
          aria-label={b.undo}
          aria-describedby={undoId}
          aria-keyshortcuts="Control+Z Meta+Z"
          title={`${b.undo} (${h.undoKeys})`}
          disabled={!canUndo(state)}
          onClick={() => dispatch({ type: 'undo' })}
        >
          <UndoIcon />
        </button>
        <button
          type="button"
          className={buttonClass}
          aria-label={b.redo}
          aria-describedby={redoId}
          aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
          title={`${b.redo} (${h.redoKeys})`}
          disabled={!canRedo(state)}
          onClick={() => dispatch({ type: 'redo' })}
        >
          <RedoIcon />
        </button>
        <span id={undoId} hidden>
          {h.shortcut(h.undoKeys)}
        </span>
        <span id={redoId} hidden>
          {h.shortcut(h.redoKeys)}
        </span>
      </div>
    </aside>
  )
}
