/**
 * The navigation's, footer's and site settings' merges (docs/decisions/018) as the editor says
 * them: the conflict dialog's fields, and the toast naming what a colleague's save changed.
 */
import type { FieldChange, MergeConflict, Segment } from '#lib/merge'
import type { ConflictState } from '../common/ConfirmDialogs.tsx'
import { listOfChanges, valueSummary } from '../page/merge-labels.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.merge
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()

/** ['items', 2, 'text'] -> "the text of items 3"; ['copy'] -> "the copy". */
export function siteFieldLabel(path: readonly Segment[]): string {
  const names = path.filter((segment): segment is string => typeof segment === 'string')
  const position = path.findIndex((segment) => typeof segment === 'number')
  const last = names[names.length - 1]
  if (!last) return t.pageFields.contents!
  if (position < 0 || names.length < 2) return t.field(words(last))
  return t.ofBlock(t.field(words(last)), `${words(String(path[position - 1]))} ${Number(path[position]) + 1}`)
}

interface Details {
  by?: string[]
  updatedBy?: string | null
  conflicts?: MergeConflict[]
}

export function siteConflictState(message: string, details: unknown): ConflictState {
  const d = (typeof details === 'object' && details ? details : {}) as Details
  return {
    message,
    theirName: t.names(d.by?.length ? d.by : [d.updatedBy || t.someone]),
    fields: (d.conflicts ?? []).map((conflict) => ({
      id: conflict.id,
      label: siteFieldLabel(conflict.path),
      mine: valueSummary(conflict.mine, conflict.kind),
      theirs: valueSummary(conflict.theirs, conflict.kind),
    })),
  }
}

export function siteChangesMessage(by: readonly string[], changes: readonly FieldChange[]): string | null {
  const labels = listOfChanges(changes.map((change) => siteFieldLabel(change.path)))
  return labels.length ? `${t.changed(by, labels)} ${t.yoursKept}` : null
}
