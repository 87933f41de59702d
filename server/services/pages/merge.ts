/**
 * A page save based on an older version (issue 31 point 1): merged field by field with what was
 * saved since, against the version it was based on (lib/merge.ts; the rules, and how blocks are
 * matched, in docs/decisions/018-merging-saves-field-by-field.md). Only a field both changed is a
 * conflict: the save is then refused (409) naming each field with both values, and the editor's
 * choices come back as `resolutions`.
 */
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm'
import { changedFields, mergeDocs, withBlockKeys, type FieldChange, type MergeConflict, type Side } from '#lib/merge'
import type { Db } from '../../db/client.ts'
import { pageVersions, type pages } from '../../db/schema.ts'

type PageRow = typeof pages.$inferSelect
type Doc = Record<string, unknown>

/** What the save's answer says about a merge: who saved since, and what of theirs the page took. */
export interface MergeReport {
  /** The version the save was based on. */
  baseVersion: number
  /** Who saved between that version and this save, oldest first. */
  by: string[]
  /** The fields the merge changed in the copy that was sent (theirs, or a resolution), by place in the answer. */
  changes: FieldChange[]
}

export type StaleSaveOutcome =
  | { kind: 'merged'; doc: Doc; report: MergeReport }
  | { kind: 'conflicts'; conflicts: MergeConflict[]; by: string[] }
  /** The version it was based on is not on record (or is newer than the stored one): nothing to merge against. */
  | { kind: 'unknown-base' }

/**
 * Merges `mine` (the sent page, as a mergeable document: slug, template, pageType and its body)
 * with the stored draft, against the stored version `baseVersion`.
 */
export async function mergeStaleSave(
  db: Db,
  existing: PageRow,
  baseVersion: number,
  mine: Doc,
  resolutions: Readonly<Record<string, Side>> = {},
): Promise<StaleSaveOutcome> {
  if (baseVersion > existing.version) return { kind: 'unknown-base' }
  const [base] = await db
    .select({ doc: pageVersions.doc, slug: pageVersions.slug })
    .from(pageVersions)
    .where(and(eq(pageVersions.pageId, existing.id), eq(pageVersions.version, baseVersion)))
    .orderBy(desc(pageVersions.id))
    .limit(1)
  if (!base) return { kind: 'unknown-base' }
  const theirs = withBlockKeys(mergeable(existing.draft, existing))
  // A version does not keep the template and page type (columns of the page): the stored ones stand in.
  const baseDoc = withBlockKeys({ ...mergeable(base.doc, existing), slug: base.slug })
  const minePrepared = withBlockKeys(mine)
  const { merged, conflicts } = mergeDocs(baseDoc, minePrepared, theirs, { resolutions })
  const by = await savedBy(db, existing.id, baseVersion, existing.version)
  if (conflicts.length) return { kind: 'conflicts', conflicts, by }
  return { kind: 'merged', doc: merged, report: { baseVersion, by, changes: changedFields(minePrepared, merged) } }
}

/** A stored draft body as the merge sees it: with the page's slug, template and page type. */
export function mergeable(body: Doc, row: Pick<PageRow, 'slug' | 'template' | 'pageType'>): Doc {
  return { ...body, slug: row.slug, template: row.template, pageType: row.pageType }
}

/** The editors who saved versions after `from` up to `to`, oldest first, each once. */
async function savedBy(db: Db, pageId: string, from: number, to: number): Promise<string[]> {
  const rows = await db
    .select({ username: pageVersions.username })
    .from(pageVersions)
    .where(and(eq(pageVersions.pageId, pageId), gt(pageVersions.version, from), lte(pageVersions.version, to)))
    .orderBy(asc(pageVersions.id))
  return [...new Set(rows.map((r) => r.username).filter((name): name is string => !!name))]
}
