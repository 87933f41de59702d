import { useState } from 'react'
import { pathOfSlug } from './slug.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { ConfirmDialog } from '../common/ConfirmDialogs.tsx'
import type { usePageActions } from './use-page-actions.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.pagePanel

/**
 * Unpublish takes a live page down for every visitor, so it asks first and says what happens
 * (issue 31): the address answers "page not found" until the page is published again; the draft stays.
 */
export function UnpublishButton({
  actions,
  label,
  ask,
}: {
  actions: ReturnType<typeof usePageActions>
  label: string
  /** What the confirmation says (a further language's unpublish withdraws only its texts). */
  ask?: { title: string; description: string; confirm: string }
}) {
  const [asking, setAsking] = useState(false)
  const slug = typeof actions.page?.slug === 'string' ? actions.page.slug : ''
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={actions.busy !== null}
        aria-busy={actions.busy === 'unpublish'}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={ask?.title ?? t.unpublishTitle}
        description={ask?.description ?? t.unpublishDescription(pathOfSlug(slug))}
        confirmLabel={ask?.confirm ?? t.unpublishConfirm}
        busy={actions.busy === 'unpublish'}
        onConfirm={() => void actions.unpublish().then(() => setAsking(false))}
        onOpenChange={setAsking}
      />
    </>
  )
}
