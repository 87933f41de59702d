import type { EditorState, SiteDocPayload } from '../types.ts'
import { sameContent, withSiteDoc } from './site-docs.ts'

export type EditSiteDocAction = { type: 'editSiteDoc' } & SiteDocPayload

/** An edit of the navigation or footer: dirty while its content differs from the saved copy. */
export function editSiteDoc(state: EditorState, action: EditSiteDocAction): EditorState {
  const current = state.site[action.kind]
  if (!current) return state
  return withSiteDoc(state, action.kind, { doc: action.doc, saved: current.saved, isDirty: !sameContent(action.doc, current.saved) })
}
