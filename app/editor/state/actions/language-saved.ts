import { afterLanguageSave, type LoadedLanguage } from '../../language/language.ts'
import { deepEqual } from '../page-utils.ts'
import type { EditorPage, EditorState } from '../types.ts'

export interface LanguageSavedAction {
  type: 'languageSaved'
  /** The working copy as it was sent. */
  sent: EditorPage
  /** The language's draft as stored (with a colleague's texts merged in, when the save was merged). */
  answer: LoadedLanguage
}

/** A save in a further language: the stored texts become the saved copy; texts typed since stay, unsaved. Not an undo step. */
export function languageSaved(state: EditorState, action: LanguageSavedAction): EditorState {
  const current = state.page.page
  if (!current || !state.language || current._id !== action.sent._id) return state
  const { page, savedPage } = afterLanguageSave(current, action.sent, state.language, action.answer)
  return { ...state, page: { ...state.page, page, savedPage, isDirty: !deepEqual(page, savedPage) } }
}
