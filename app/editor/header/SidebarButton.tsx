import { useContext } from 'react'
import { BlockPathContext, type SidebarButtonProps } from '#ui/editing'
import { dispatchToEditor, useBridgeSelector } from '../editing/bridge.ts'
import { samePath } from '../state/paths.ts'
import { chrome } from '#ui/editor/classes.ts'
import { headerEditors } from './index.ts'

/**
 * The editor's <SidebarEditorButton> (ui/editing.tsx): a button on the page (the header's
 * 'Edit Video', 'Edit Overlayer') that makes the value at `path` the active content and opens its
 * named editor in the sidebar (outlined orange while that editor is open).
 */
export function SidebarButton({ editor, path, label, className }: SidebarButtonProps) {
  const block = useContext(BlockPathContext)
  const active = useBridgeSelector((state) => samePath(state.selection.field?.path, path) && state.selection.field?.editor === editor)
  if (!headerEditors[editor]) return null
  return (
    <button
      type="button"
      data-editor-chrome=""
      data-active={active || undefined}
      onClick={() => dispatchToEditor({ type: 'selectField', block, field: { path, kind: 'editor', editor, label }, openSidebar: true })}
      className={
        className ??
        `${chrome.button} ${chrome.secondary} ${chrome.focus} font-sans shadow-md data-[active]:ring-2 data-[active]:ring-orange-600`
      }
    >
      {label}
    </button>
  )
}
