import type { Path } from '#ui/editing'

/** A page header sidebar editor: the value at `path` (e.g. header.video) and a setter for it. */
export interface HeaderEditorProps {
  path: Path
  value: unknown
  /** Replaces the value at `path` (one undoable edit). */
  set: (value: unknown) => void
}
