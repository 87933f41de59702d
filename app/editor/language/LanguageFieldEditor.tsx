/**
 * The sidebar of a selected field in a further language (decision 028): an input for each
 * translatable text at or under the field (a link's label, a picture's alt text, each label of a
 * list of links), each marked while it shows the default language's text. Addresses, pictures and
 * choices are the shared structure, edited in the default language.
 */
import { LOCALES } from '#lib/locales'
import { TextArea } from '#ui/editor/fields.tsx'
import { useLocale } from '#ui/locale'
import { editorTexts } from '#lib/editor-texts'
import type { Path } from '#ui/editing'
import { getIn } from '../state/paths.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { FieldRef } from '../state/types.ts'
import { isUntranslated, pathKey, suggestedOf } from './language.ts'
import { useSuggestTranslation } from './suggest.ts'
import { buttonClass } from '#ui/editor/fields.tsx'

const t = editorTexts.language

/** The default language's name in English ("English"), for the notes. */
export function useDefaultLanguageName(): string {
  return LOCALES[useLocale().languages.default].englishName
}

const startsWith = (path: readonly (string | number)[], prefix: Path) =>
  prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]))

/** A text's name in the sidebar: what it is within the field ("Link text", "Alternative text"), else the field's. */
function nameOf(field: FieldRef, path: readonly (string | number)[]): string {
  const last = path[path.length - 1]
  const own = last === 'text' ? t.linkText : last === 'alt' ? t.altText : (field.label ?? String(last))
  const item = path.slice(field.path.length).find((segment) => typeof segment === 'number')
  return typeof item === 'number' ? `${own} ${item + 1}` : own
}

export function LanguageFieldEditor({ field }: { field: FieldRef }) {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const defaultName = useDefaultLanguageName()
  const texts = state.language?.fields.filter((text) => startsWith(text.path, field.path)) ?? []
  const suggestion = useSuggestTranslation()
  const suggested = suggestedOf(state.page.page)
  return (
    <div className="flex flex-col gap-3">
      {texts.map((text) => {
        const value = getIn(state.page.page, text.path as Path)
        const marked = isUntranslated(state.page.page, text.path) && text.text.trim() !== ''
        const machine = suggested.has(pathKey(text.path))
        return (
          <div
            key={pathKey(text.path)}
            data-untranslated-field={marked ? '' : undefined}
            data-machine-suggestion={machine ? '' : undefined}
            className={machine ? 'rounded-md outline-2 outline-offset-4 outline-amber-500 outline-dashed' : undefined}
          >
            <TextArea
              label={marked ? t.markerName(nameOf(field, text.path)) : nameOf(field, text.path)}
              hint={marked ? t.markerHint(defaultName) : machine ? t.machineMarker : undefined}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => dispatch({ type: 'setValue', path: text.path as Path, value: e.target.value })}
            />
            {marked ? (
              <button
                type="button"
                className={`${buttonClass.secondary} ${buttonClass.small} mt-1`}
                disabled={suggestion.busy}
                onClick={() => void suggestion.suggest([text.id])}
              >
                {suggestion.busy ? t.suggesting : t.suggestField}
              </button>
            ) : null}
          </div>
        )
      })}
      <p className="text-sm text-neutral-700">{t.textsOnly(defaultName)}</p>
    </div>
  )
}

/** Why a block cannot be moved, added, removed or set up here. */
export function StructureNote() {
  return (
    <p data-structure-note="" className="text-sm text-neutral-700">
      {t.structure(useDefaultLanguageName())}
    </p>
  )
}
