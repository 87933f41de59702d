/** The deals block's sidebar editor: the listing category and how many deals. Editor chunk only. */
import { NONE_CATEGORY } from '#lib/listings'
import { listingTexts } from '#lib/texts'
import { useCategoryOptions } from '#ui/editor/category-options'
import { ErrorAlert, SelectInput } from '#ui/editor/fields'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

const t = listingTexts.block

export function Editor({ block, set }: BlockEditorProps<Props>) {
  const { options, error } = useCategoryOptions(block.categoryFilter)
  return (
    <div className="flex flex-col gap-4">
      <ErrorAlert message={error} />
      <SelectInput
        label={t.categoryFilter}
        value={block.categoryFilter || NONE_CATEGORY._id}
        options={options}
        onChange={(event) => set('categoryFilter', event.target.value)}
      />
      <SelectInput
        label={t.dealsShown}
        value={String(block.limit)}
        options={[3, 6, 9, 12].map((n) => ({ value: String(n), label: String(n) }))}
        onChange={(event) => set('limit', Number(event.target.value))}
      />
    </div>
  )
}
