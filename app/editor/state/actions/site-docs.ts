import { deepEqual } from '../page-utils.ts'
import type { EditorState, SiteDocKind, SiteDocPayload, SiteDocState, SiteState } from '../types.ts'

/** Replaces one kind's slot of the site state (the union's two shapes share one rule). */
export function withSiteDoc(state: EditorState, kind: SiteDocKind, value: SiteDocState<SiteDocPayload['doc']> | null): EditorState {
  return { ...state, site: { ...state.site, [kind]: value } as SiteState }
}

/** The content fields that make a site document dirty: its version stamps do not. */
export function contentOf(doc: SiteDocPayload['doc']): Record<string, unknown> {
  const { version: _v, lastPublished: _l, updatedAt: _u, ...content } = doc
  return content
}

export const sameContent = (a: SiteDocPayload['doc'], b: SiteDocPayload['doc']) => deepEqual(contentOf(a), contentOf(b))
