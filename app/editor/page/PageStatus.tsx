import { formatSiteTime } from '#lib/team'
import { hasUnpublishedChanges } from '../state/page-utils.ts'
import type { EditorPage } from '../state/types.ts'
import { isPublished, stringOf, titleOf } from './page-fields.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pagePanel

/** A date and time as the editor reads it: DD/MM/YYYY (spec 01 §9) and the time in the site's time zone. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return ''
  return formatSiteTime(iso)
}

/** The page's title, address and where it stands: draft, published, unpublished changes, unsaved edits. */
export function PageStatus({ page, isDirty }: { page: EditorPage; isDirty: boolean }) {
  const state = !isPublished(page) ? t.draft : hasUnpublishedChanges(page) ? t.unpublishedChanges : t.published
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="font-semibold text-neutral-900">{titleOf(page) || '—'}</p>
        <p className="text-xs text-neutral-600">/{stringOf(page, 'slug')}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-600">{t.status}</dt>
        <dd data-page-status="">{state}</dd>
        <dt className="text-neutral-600">{t.lastSaved}</dt>
        <dd>{formatWhen(typeof page.updatedAt === 'string' ? page.updatedAt : null) || '—'}</dd>
        <dt className="text-neutral-600">{t.lastPublished}</dt>
        <dd>{formatWhen(page.lastPublished) || '—'}</dd>
      </dl>
      <p role="status" className={isDirty ? 'text-sm font-medium text-red-darker' : 'text-sm text-neutral-600'}>
        {isDirty ? t.unsaved : t.allSaved}
      </p>
    </div>
  )
}
