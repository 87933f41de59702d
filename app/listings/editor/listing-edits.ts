/**
 * Pure edits of a listing in the listing editor (spec 02 §2.3, §4): link and unlink wrapped
 * fields, set values, custom categories. Each returns a new listing; the editor keeps its working
 * copy with them and sends it to listing/save.
 */
import { ATDW, isLinked, PROVIDER_PATHS, tagKey, wrappedFieldKeys, type Listing, type WrappedFieldKey } from '#lib/listings'
import { providerValues } from '../../../listings/mapping.ts'

/** The fields the editor shows, in order (spec 02 §2.3). */
export const editableFields = wrappedFieldKeys

/** The provider field a wrapped field links to for this listing's type ('' when it has none). */
export function providerPath(listing: Pick<Listing, 'listingType'>, key: WrappedFieldKey): string {
  return PROVIDER_PATHS[listing.listingType][key] ?? ''
}

/** Linking is offered only for non-custom listings, and only where the provider has the field. */
export function canLink(listing: Pick<Listing, 'isCustom' | 'listingType'>, key: WrappedFieldKey): boolean {
  return !listing.isCustom && providerPath(listing, key) !== ''
}

/** Disconnect clears provider and path: the value stays and is the editor's from now on. */
export function unlink(listing: Listing, key: WrappedFieldKey): Listing {
  return { ...listing, [key]: { ...listing[key], path: '', provider: '' } }
}

/**
 * Link or reconnect sets the path and provider 'atdw' and shows the provider's current value at
 * once, as the server stores it on save (the editor's own value would otherwise still show until
 * then, as if it were kept). Without the provider's data here, the value shown stays until save.
 */
export function link(listing: Listing, key: WrappedFieldKey): Listing {
  const path = providerPath(listing, key)
  if (!path || listing.isCustom) return listing
  const value = listing.atdw ? providerValues(listing.atdw, listing.listingType)[key] : listing[key].value
  return { ...listing, [key]: { ...listing[key], value, path, provider: ATDW } }
}

/** Linked fields are read-only. */
export function isReadOnly(listing: Listing, key: WrappedFieldKey): boolean {
  return isLinked(listing[key])
}

/** Spec 02 §4: activeStatus is editable only while unlinked and while the listing's page is unpublished. */
export function statusEditable(listing: Listing, pagePublished: boolean): boolean {
  return !isLinked(listing.activeStatus) && !pagePublished
}

export function setValue<K extends WrappedFieldKey>(listing: Listing, key: K, value: Listing[K]['value']): Listing {
  if (isReadOnly(listing, key)) return listing
  return { ...listing, [key]: { ...listing[key], value } }
}

/** Fields that could be linked again (the reconnect modal). */
export function unlinkedProviderFields(listing: Listing): { key: WrappedFieldKey; path: string }[] {
  if (listing.isCustom) return []
  return editableFields
    .filter((key) => canLink(listing, key) && !isLinked(listing[key]))
    .map((key) => ({ key, path: providerPath(listing, key) }))
}

/** Spec 02 §5: custom category names are upper-cased when added; duplicates and blanks are ignored. */
export function addCustomCategory(listing: Listing, name: string): Listing {
  const key = tagKey(name)
  const current = listing.customCategories.value
  if (!key || current.includes(key)) return listing
  return { ...listing, customCategories: { value: [...current, key] } }
}

export function removeCustomCategory(listing: Listing, name: string): Listing {
  return { ...listing, customCategories: { value: listing.customCategories.value.filter((c) => c !== name) } }
}

/** What listing/save receives: the listing without its raw provider data (spec 02 §7). */
export function saveBody(listing: Listing): Omit<Listing, 'atdw'> {
  const { atdw: _raw, ...rest } = listing
  return rest
}
