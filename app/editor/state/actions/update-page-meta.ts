import type { EditorPage, EditorState } from '../types.ts'

export interface UpdatePageMetaAction {
  type: 'updatePageMeta'
  /** Stamps the server changed without touching the draft (unpublish: published, lastPublished). */
  meta: Partial<Pick<EditorPage, 'lastPublished' | 'updatedAt'>> & { published?: boolean }
}

/**
 * Takes over publish stamps on the page and its saved copy alike: unsaved edits stay unsaved (and
 * dirty), nothing the editor typed is replaced.
 */
export function updatePageMeta(state: EditorState, action: UpdatePageMetaAction): EditorState {
  const { page, savedPage, isDirty } = state.page
  if (!page) return state
  return {
    ...state,
    page: {
      ...state.page,
      page: { ...page, ...action.meta },
      savedPage: savedPage ? { ...savedPage, ...action.meta } : savedPage,
      isDirty,
    },
  }
}
