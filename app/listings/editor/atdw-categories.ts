/**
 * The ATDW panel's working copies of listing categories (spec 02 §2.4, §3.2, §5, §9), as pure
 * functions: a new category, filter groups edited as comma-separated strings (at least one group
 * remains), and the payload the category calls take.
 */
import { newCategoryName, type ListingCategory, type ListingCategoryInput } from '#lib/listings'

export interface CategoryDraft {
  /** A stable key for the list (the _id once saved). */
  key: string
  _id?: string
  name: string
  excludedTags: string
  attributes: ListingCategory['attributes']
  hideServices: boolean
  hasDates: boolean
  /** One comma-separated string per filter group. */
  filters: string[]
  published: boolean
}

export function draftOf(category: ListingCategory): CategoryDraft {
  return {
    key: category._id,
    _id: category._id,
    name: category.name,
    excludedTags: category.excludedTags,
    attributes: [...category.attributes],
    hideServices: category.hideServices,
    hasDates: category.hasDates,
    filters: category.filters.length ? category.filters.map((group) => group.join(', ')) : [''],
    published: category.published,
  }
}

/** Spec 02 §9: 'New Category {n}' (n = count + 1) with one empty filter, no dates, children not hidden. */
export function newDraft(existingCount: number, key: string): CategoryDraft {
  return {
    key,
    name: newCategoryName(existingCount),
    excludedTags: '',
    attributes: [],
    hideServices: false,
    hasDates: false,
    filters: [''],
    published: false,
  }
}

export function addFilterGroup(draft: CategoryDraft): CategoryDraft {
  return { ...draft, filters: [...draft.filters, ''] }
}

/** Spec 02 §5: at least one group must remain; removing the last does nothing. */
export function removeFilterGroup(draft: CategoryDraft, index: number): CategoryDraft {
  if (draft.filters.length <= 1) return draft
  return { ...draft, filters: draft.filters.filter((_, i) => i !== index) }
}

/** What saveCategory / publishCategory receive (filters as lists of upper-cased words). */
export function categoryPayload(draft: CategoryDraft): ListingCategoryInput {
  return {
    ...(draft._id ? { _id: draft._id } : {}),
    name: draft.name.trim(),
    excludedTags: draft.excludedTags,
    attributes: draft.attributes,
    hideServices: draft.hideServices,
    hasDates: draft.hasDates,
    filters: draft.filters.map((group) =>
      group
        .split(',')
        .map((word) => word.trim().toUpperCase())
        .filter(Boolean),
    ),
  }
}

/**
 * Whether a working copy holds what the server does not: a category never saved, or one changed
 * since it was loaded or saved (`saved`), compared as the calls would send them.
 */
export function isCategoryUnsaved(draft: CategoryDraft, saved: CategoryDraft | undefined): boolean {
  if (!draft._id || !saved) return true
  return JSON.stringify(categoryPayload(draft)) !== JSON.stringify(categoryPayload(saved))
}
