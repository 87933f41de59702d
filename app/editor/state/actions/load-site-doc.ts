import { deepCopy } from '../page-utils.ts'
import type { EditorState, SiteDocPayload } from '../types.ts'
import { withSiteDoc } from './site-docs.ts'

export type LoadSiteDocAction = { type: 'loadSiteDoc' } & SiteDocPayload

/** The navigation or footer draft as loaded from the server: the working copy and its saved copy. */
export function loadSiteDoc(state: EditorState, action: LoadSiteDocAction): EditorState {
  return withSiteDoc(state, action.kind, { doc: deepCopy(action.doc), saved: deepCopy(action.doc), isDirty: false })
}
