import type { EditorState, SiteDocKind } from '../types.ts'
import { withSiteDoc } from './site-docs.ts'

export interface DiscardSiteDocAction {
  type: 'discardSiteDoc'
  kind: SiteDocKind
}

/** Drops the working copy (after the editor chose to, or to load the stored draft afresh). */
export function discardSiteDoc(state: EditorState, action: DiscardSiteDocAction): EditorState {
  if (state.site[action.kind] === null) return state
  return withSiteDoc(state, action.kind, null)
}
