import type { Spacing } from '#lib/content'
import type { PathSegment } from '#ui/editing'
import { toPath } from '#ui/editing'
import { labelOf, settingsEditors } from '../editing/blocks.ts'
import { headerEditors } from '../header/index.ts'
import { BlockActions } from '../editing/BlockActions.tsx'
import { FieldEditor } from '../editing/FieldEditor.tsx'
import { LanguageFieldEditor, StructureNote } from '../language/LanguageFieldEditor.tsx'
import { SpacingEditor } from '../editing/SpacingEditor.tsx'
import { canPushTo } from '../state/actions/push-value.ts'
import { getIn, splitBlockPath } from '../state/paths.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import type { EditorState, FieldRef } from '../state/types.ts'
import { toastError } from '../toast.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks

/** The heading of a field's editor: a named editor's own title ('Edit Video'), else 'Edit <label>'. */
const fieldTitle = (field: FieldRef) =>
  (field.kind === 'editor' && field.editor ? headerEditors[field.editor]?.title : undefined) ?? t.edit(field.label ?? field.kind)

/** A field of the page itself (the header's picture, video, overlayer): selected with no block around it. */
const isPageField = (selection: EditorState['selection']) =>
  selection.block?.length === 0 && selection.view === 'field' && selection.field !== null

/** The selected component's title for the sidebar heading (a page field's editor title outside blocks). */
export function useSelectedComponentTitle(): string {
  const state = useEditorState()
  if (isPageField(state.selection)) return fieldTitle(state.selection.field!)
  const block = getIn(state.page.page, state.selection.block ?? ['-']) as { componentType?: string } | undefined
  return block?.componentType ? labelOf(block.componentType) : editorTexts.panels.select
}

/** One field's editor: a named sidebar editor (which has its own heading), else the editor of its kind. */
function FieldSection({ field }: { field: FieldRef }) {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const value = getIn(state.page.page, field.path)
  const set = (next: unknown) => dispatch({ type: 'setValue', path: field.path, value: next })
  const named = field.kind === 'editor' && field.editor ? headerEditors[field.editor] : undefined
  if (state.language) {
    return (
      <section aria-label={fieldTitle(field)} className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-neutral-900">{fieldTitle(field)}</h3>
        <LanguageFieldEditor field={field} />
      </section>
    )
  }
  if (named) {
    return (
      <section aria-label={named.title} className="flex flex-col gap-3">
        <named.Editor key={field.path.join('.')} path={field.path} value={value} set={set} />
      </section>
    )
  }
  return (
    <section aria-label={fieldTitle(field)} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-neutral-900">{fieldTitle(field)}</h3>
      <FieldEditor
        field={field}
        value={value}
        set={set}
        push={(next) => {
          if (!canPushTo(state, field.path)) toastError(editorTexts.notAnArray)
          else dispatch({ type: 'pushValue', path: field.path, value: next, max: field.max })
        }}
      />
    </section>
  )
}

/**
 * The 'Select Component' sidebar (spec 01 §2.6, §2.9, §2.10): the selected block's name (the
 * heading), its actions, and its editor: a field's editor, its spacing or its own settings.
 */
export default function SelectComponentPanel() {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const { selection } = state
  const path = selection.block
  // The page's own fields (no block, so no block actions): just the field's editor.
  if (isPageField(selection)) return <FieldSection field={selection.field!} />
  const block = path ? (getIn(state.page.page, path) as Record<string, unknown> | undefined) : undefined
  const at = path ? splitBlockPath(path) : null
  if (!path || !block || typeof block.componentType !== 'string' || !at)
    return <p className="text-sm text-neutral-700">{t.nothingSelected}</p>
  const componentType = block.componentType
  const count = (getIn(state.page.page, at.list) as unknown[] | undefined)?.length ?? 0
  const BlockEditor = settingsEditors[componentType]
  const set = (relative: string | readonly PathSegment[], value: unknown) =>
    dispatch({ type: 'setValue', path: [...path, ...toPath(relative)], value })
  const field = selection.view === 'field' ? selection.field : null

  if (state.language) {
    // A further language: the block's texts only; its structure is the default language's (decision 028).
    return (
      <div className="flex flex-col gap-5">
        {field ? <FieldSection field={field} /> : null}
        <StructureNote />
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-5">
      <BlockActions
        variant="panel"
        path={path}
        componentType={componentType}
        index={at.index}
        count={count}
        dispatch={dispatch}
        view={selection.view}
      />
      {field ? (
        <FieldSection field={field} />
      ) : selection.view === 'spacing' ? (
        <section aria-label={t.spacing} className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-neutral-900">{t.spacing}</h3>
          <SpacingEditor
            spacing={block.spacing as Spacing | undefined}
            onChange={(next) => dispatch({ type: 'setValue', path: [...path, 'spacing'], value: next })}
          />
        </section>
      ) : BlockEditor ? (
        <section aria-label={t.settings} className="flex flex-col gap-3">
          <BlockEditor path={path} block={block} set={set} />
        </section>
      ) : (
        <p className="text-sm text-neutral-700">{t.noSettings}</p>
      )}
    </div>
  )
}
