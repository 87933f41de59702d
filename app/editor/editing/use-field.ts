import { useContext } from 'react'
import { BlockPathContext, type EditableProps, type Path } from '#ui/editing'
import { getIn, samePath } from '../state/paths.ts'
import type { FieldRef } from '../state/types.ts'
import { dispatchToEditor, useBridgeSelectors } from './bridge.ts'
import { editorTexts } from '#lib/editor-texts'
import { LOCALES } from '#lib/locales'
import { isUntranslated } from '../language/language.ts'

const startsWith = (path: readonly (string | number)[], prefix: Path) =>
  prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]))

/** What a field reads from the editor's state. */
type FieldState = readonly [attached: boolean, active: boolean, stored: unknown, untranslated: boolean, defaultName: string]
/** While no editor is attached: not active, no stored value, no marker. */
const detached: FieldState = [false, false, undefined, false, '']

/**
 * What an editable element needs from the editor: its current value, whether it is active, and how
 * to change it. It re-renders only when what it selects from the state changes, read in one
 * subscription (bridge.ts: a page of 150 blocks has ~800 fields).
 */
export function useField(props: EditableProps & { absolutePath: Path }) {
  const blockPath = useContext(BlockPathContext)
  const { absolutePath } = props
  const [attached, active, stored, untranslated, defaultName] = useBridgeSelectors(
    (state): FieldState => [
      true,
      samePath(state.selection.field?.path, absolutePath),
      getIn(state.page.page, absolutePath),
      // In a further language: a text here shows the default language's (decision 028), so it is marked.
      !!state.language &&
        state.language.fields.some(
          (text) => text.text.trim() !== '' && startsWith(text.path, absolutePath) && isUntranslated(state.page.page, text.path),
        ),
      state.language ? LOCALES[state.language.defaultLocale].englishName : '',
    ],
    detached,
  )
  const field: FieldRef = {
    path: absolutePath,
    kind: props.kind,
    label: props.label,
    options: props.options,
    newItem: props.newItem,
    max: props.max,
    cropSizes: props.cropSizes,
  }
  return {
    untranslated,
    /** The marker's attributes while the text is untranslated (see untranslatedMarker). */
    marker: untranslatedMarker(untranslated, defaultName),
    blockPath,
    active,
    /** The stored value (the view's `value` prop when the editor holds none, e.g. outside the page). */
    value: !attached || stored === undefined ? props.value : stored,
    field,
    select(openSidebar: boolean) {
      dispatchToEditor({ type: 'selectField', block: blockPath, field, openSidebar })
    },
    set(value: unknown, group?: string) {
      dispatchToEditor({ type: 'setValue', path: absolutePath, value, ...(group ? { group, at: Date.now() } : {}) })
    },
  }
}

export const groupOf = (path: Path) => `field:${path.join('.')}`

/**
 * The marker of a text that shows the default language's (decision 028): a visible label drawn by
 * the editor's styles from `data-untranslated` (not colour alone), and a tooltip saying what it means.
 */
function untranslatedMarker(untranslated: boolean, defaultName: string): { 'data-untranslated'?: string; title?: string } {
  return untranslated ? { 'data-untranslated': editorTexts.language.marker, title: editorTexts.language.markerHint(defaultName) } : {}
}
