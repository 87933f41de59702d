/**
 * Spec 02 §2.5: the Listings block's sidebar editor: the category filter (the categories of
 * listing/loadCategories plus 'None', id 'none') and 'Show "Export to PDF" Button'. Editor chunk only.
 */
import { NONE_CATEGORY } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { useCategoryOptions } from '#ui/editor/category-options'
import { Checkbox, ErrorAlert, SelectInput } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

const t = listingTexts.block

export function Editor({ block, set }: BlockEditorProps<Props>) {
  const { categoryFilter, showExport } = block
  const { options, error } = useCategoryOptions(categoryFilter)

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
