/**
 * The page header's sidebar editors, by the name PageHeader gives its SidebarEditorButton
 * (ui/editing.tsx): the editor's selection machinery opens `headerEditors[name]` with the
 * value at the button's path. Editor chunk only.
 */
import type { ComponentType } from 'react'
import { HeaderOverlayerEditor } from './HeaderOverlayerEditor.tsx'
import { HeaderVideoEditor } from './HeaderVideoEditor.tsx'
import type { HeaderEditorProps } from './types.ts'
import { blockEditorTexts } from '#lib/editor-texts'

export type { HeaderEditorProps } from './types.ts'

export const headerEditors: Record<string, { title: string; Editor: ComponentType<HeaderEditorProps> }> = {
  headerVideo: { title: blockEditorTexts.header.editVideo, Editor: HeaderVideoEditor },
  headerOverlayer: { title: blockEditorTexts.header.editOverlayer, Editor: HeaderOverlayerEditor },
}
