import { deepCopy } from '../page-utils.ts'
import type { EditorState, SiteDocPayload } from '../types.ts'
import { withSiteDoc } from './site-docs.ts'

export type MarkSiteDocSavedAction = { type: 'markSiteDocSaved' } & SiteDocPayload

/** The server stored the document (its answer, with the new version): it is the saved copy now. */
export function markSiteDocSaved(state: EditorState, action: MarkSiteDocSavedAction): EditorState {
  return withSiteDoc(state, action.kind, { doc: deepCopy(action.doc), saved: deepCopy(action.doc), isDirty: false })
}
