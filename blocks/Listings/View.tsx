import type { ListingsBlockData } from './data'
import { ListingsGrid } from './Grid'
import type { Props } from './schema'

/**
 * The Listings block (spec 02 §2.2). `initialData` is added by the server before rendering
 * (its data.server.ts); an editor's working copy has none and loads in the browser.
 */
export function View({ categoryFilter, showExport, initialData }: Props & { initialData?: ListingsBlockData }) {
  return <ListingsGrid categoryFilter={categoryFilter} showExport={showExport} initial={initialData} />
}
