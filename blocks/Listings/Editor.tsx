/**
 * Spec 02 §2.5: the Listings block's sidebar editor: the category filter (the categories of
 * listing/loadCategories plus 'None', id 'none') and 'Show "Export to PDF" Button'. Editor chunk only.
 */
import { useEffect, useState } from 'react'
import { NONE_CATEGORY, type ListingCategorySummary } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { getApi, messageOf } from '#ui/api'
import { Checkbox, ErrorAlert, SelectInput } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

const t = listingTexts.block

export function Editor({ block, set }: BlockEditorProps<Props>) {
  const { categoryFilter, showExport } = block
  const [categories, setCategories] = useState<ListingCategorySummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    getApi<ListingCategorySummary[]>('/listing/loadCategories', {}, { signal: controller.signal })
      .then(setCategories)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(err))
      })
    return () => controller.abort()
  }, [])

  const options = [
    ...(categories ?? []).filter((c) => c._id !== NONE_CATEGORY._id).map((c) => ({ value: c._id, label: c.name || c._id })),
    { value: NONE_CATEGORY._id, label: NONE_CATEGORY.name },
  ]
  // A filter whose category is gone (or still loading) stays selectable rather than silently changing.
  if (!options.some((o) => o.value === categoryFilter)) options.unshift({ value: categoryFilter, label: categoryFilter })

  return (
    <div className="flex flex-col gap-4">
      <ErrorAlert message={error} />
      <SelectInput
        label={t.categoryFilter}
        value={categoryFilter || NONE_CATEGORY._id}
        options={options}
        onChange={(event) => set('categoryFilter', event.target.value)}
      />
      <Checkbox label={t.showExport} checked={showExport} onChange={(event) => set('showExport', event.target.checked)} />
    </div>
  )
}
