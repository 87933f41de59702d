/**
 * Undo/redo of the page (Puck-style): every page edit goes through `commitPage`, so each one is a
 * history step, whatever action made it (typing, reorder, spacing, page settings). Typing in one
 * field within COALESCE_MS of the previous keystroke extends the same step.
 */
import { deepEqual } from './page-utils.ts'
import type { EditorPage, EditorState } from './types.ts'

export const HISTORY_LIMIT = 100
export const COALESCE_MS = 1000

/** Stamps the server owns: undo and redo never bring back an older version number (that would 409). */
const SERVER_FIELDS = ['_id', 'version', 'updatedAt', 'lastPublished', 'published', 'createdAt'] as const

export interface CommitOptions {
  /** Edits with the same group in quick succession are one step (a typing burst in one field). */
  group?: string | undefined
  /** When the edit was made (ms); defaults to now. */
  at?: number | undefined
}

/** Makes `next` the page as one history step; dirty while it differs from the saved copy. */
export function commitPage(state: EditorState, next: EditorPage, options: CommitOptions = {}): EditorState {
  const { page, savedPage, history } = state.page
  if (!page || next === page) return state
  const at = options.at ?? Date.now()
  const group = options.group ?? null
  const coalesce = group !== null && history.group === group && at - history.at <= COALESCE_MS && history.past.length > 0
  const past = coalesce ? history.past : [...history.past, page].slice(-HISTORY_LIMIT)
  return {
    ...state,
    page: { page: next, savedPage, isDirty: !deepEqual(next, savedPage), history: { past, future: [], group, at } },
  }
}

function withServerFields(target: EditorPage, current: EditorPage): EditorPage {
  const out: Record<string, unknown> = { ...target }
  for (const field of SERVER_FIELDS) {
    if (field in current) out[field] = current[field]
    else delete out[field]
  }
  return out as EditorPage
}

export const canUndo = (state: Pick<EditorState, 'page'>) => !!state.page.page && state.page.history.past.length > 0
export const canRedo = (state: Pick<EditorState, 'page'>) => !!state.page.page && state.page.history.future.length > 0

export interface UndoAction {
  type: 'undo'
}
export interface RedoAction {
  type: 'redo'
}

/** Goes back one step; the current page becomes the next redo. */
export function undo(state: EditorState, _action?: UndoAction): EditorState {
  const { page, savedPage, history } = state.page
  const previous = history.past[history.past.length - 1]
  if (!page || !previous) return state
  const restored = withServerFields(previous, page)
  return {
    ...state,
    page: {
      page: restored,
      savedPage,
      isDirty: !deepEqual(restored, savedPage),
      history: { past: history.past.slice(0, -1), future: [page, ...history.future], group: null, at: 0 },
    },
  }
}

/** Goes forward one undone step. */
export function redo(state: EditorState, _action?: RedoAction): EditorState {
  const { page, savedPage, history } = state.page
  const [next, ...future] = history.future
  if (!page || !next) return state
  const restored = withServerFields(next, page)
  return {
    ...state,
    page: {
      page: restored,
      savedPage,
      isDirty: !deepEqual(restored, savedPage),
      history: { past: [...history.past, page].slice(-HISTORY_LIMIT), future, group: null, at: 0 },
    },
  }
}
