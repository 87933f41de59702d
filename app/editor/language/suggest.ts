/**
 * "Suggest a translation" (issue 33 point 6, decision 039): asks the machine translation provider
 * for the page's untranslated texts in the language being edited (all of them, or the named
 * fields) and puts the answers into the working copy as machine suggestions, marked for review and
 * saved like any text typed; never over a text written in the language, never published by itself.
 * Editor chunk only.
 */
import { useState } from 'react'
import { editorTexts } from '#lib/editor-texts'
import { messageOf, postApi } from '#ui/api.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import { toastError, toastSuccess } from '../toast.ts'
import { isUntranslated } from './language.ts'

export function useSuggestTranslation() {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const [busy, setBusy] = useState(false)
  const page = state.page.page
  const language = state.language

  async function suggest(fieldIds?: string[]) {
    if (!page || !language || busy) return
    setBusy(true)
    try {
      const answer = await postApi('/translation/suggest', {
        kind: 'page',
        id: page._id,
        locale: language.locale,
        ...(fieldIds ? { fields: fieldIds } : {}),
      })
      // One undo step for the whole suggestion.
      const at = Date.now()
      let filled = 0
      for (const field of language.fields) {
        const text = answer.suggestions[field.id]
        if (text === undefined || !isUntranslated(page, field.path)) continue
        dispatch({ type: 'setValue', path: field.path, value: text, machine: true, group: 'machine-suggestion', at })
        filled++
      }
      toastSuccess(filled ? editorTexts.language.suggested(filled) : editorTexts.language.noSuggestions)
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return { suggest, busy, available: !!language && !!page }
}
