import { describe, expect, it } from 'vitest'
import { atdwDataSchema, newCustomListing, type Listing } from '#lib/listings'
import {
  addCustomCategory,
  canLink,
  isReadOnly,
  link,
  saveBody,
  setValue,
  statusEditable,
  unlink,
  unlinkedProviderFields,
} from './listing-edits'

function synced(): Listing {
  const base = newCustomListing('p1', 'Seppeltsfield Road Tour')
  return {
    ...base,
    isCustom: false,
    name: { value: 'Seppeltsfield Road Tour', path: 'productName', provider: 'atdw' },
    phone: { value: '08 8563 0000', path: 'phone', provider: 'atdw' },
    activeStatus: { value: 'ACTIVE', path: 'status', provider: 'atdw' },
  }
}

describe('listing editor edits', () => {
  it('linked fields are read-only; unlinking keeps the value and makes it editable', () => {
    const listing = synced()
    expect(isReadOnly(listing, 'name')).toBe(true)
    expect(setValue(listing, 'name', 'Mine').name.value).toBe('Seppeltsfield Road Tour')
    const free = unlink(listing, 'name')
    expect(free.name).toEqual({ value: 'Seppeltsfield Road Tour', path: '', provider: '' })
    expect(setValue(free, 'name', 'Mine').name.value).toBe('Mine')
  })

  it('reconnect links the provider field again and lists what can be linked', () => {
    const free = unlink(synced(), 'phone')
    expect(unlinkedProviderFields(free).map((f) => f.key)).toContain('phone')
    expect(link(free, 'phone').phone).toMatchObject({ path: 'phone', provider: 'atdw' })
  })

  it("linking a field back shows the provider's value at once, not the editor's own until Save (issue 31)", () => {
    const listing: Listing = {
      ...synced(),
      atdw: atdwDataSchema.parse({
        productId: 'p1',
        productCategoryId: 'TOUR',
        name: 'Seppeltsfield Road Tour',
        description: 'From the provider.',
      }),
      description: { value: 'My own words.', path: '', provider: '' },
      name: { value: 'My tour', path: '', provider: '' },
    }
    expect(link(listing, 'description').description).toEqual({ value: 'From the provider.', path: 'productDescription', provider: 'atdw' })
    expect(link(listing, 'name').name).toMatchObject({ value: 'Seppeltsfield Road Tour', provider: 'atdw' })
  })

  it('offers linking only for non-custom listings', () => {
    const custom = newCustomListing('c1', 'My listing')
    expect(canLink(custom, 'name')).toBe(false)
    expect(link(custom, 'name')).toBe(custom)
    expect(unlinkedProviderFields(custom)).toEqual([])
  })

  it('status is editable only unlinked and with the page unpublished', () => {
    const listing = synced()
    expect(statusEditable(listing, false)).toBe(false)
    const free = unlink(listing, 'activeStatus')
    expect(statusEditable(free, true)).toBe(false)
    expect(statusEditable(free, false)).toBe(true)
  })

  it('upper-cases custom categories and ignores duplicates', () => {
    const once = addCustomCategory(synced(), ' wine tours ')
    expect(once.customCategories.value).toEqual(['WINE TOURS'])
    expect(addCustomCategory(once, 'Wine Tours').customCategories.value).toEqual(['WINE TOURS'])
  })

  it('sends the listing without its raw provider data', () => {
    const listing = { ...synced(), atdw: { productId: 'p1' } as Listing['atdw'] }
    expect(saveBody(listing)).not.toHaveProperty('atdw')
  })
})
