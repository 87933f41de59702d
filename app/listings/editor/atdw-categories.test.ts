import { describe, expect, it } from 'vitest'
import { addFilterGroup, categoryPayload, draftOf, isCategoryUnsaved, newDraft, removeFilterGroup } from './atdw-categories'

describe('ATDW category drafts', () => {
  it("names a new category 'New Category {n}' with one empty filter, no dates, children shown", () => {
    expect(newDraft(2, 'k')).toMatchObject({
      name: 'New Category 3',
      filters: [''],
      hasDates: false,
      hideServices: false,
      published: false,
    })
  })

  it('keeps at least one filter group', () => {
    const one = newDraft(0, 'k')
    expect(removeFilterGroup(one, 0).filters).toEqual([''])
    const two = addFilterGroup({ ...one, filters: ['event'] })
    expect(removeFilterGroup(two, 0).filters).toEqual([''])
  })

  it('edits groups as comma-separated words and sends them as upper-cased lists', () => {
    const draft = draftOf({
      _id: 'c1',
      name: 'Events',
      excludedTags: 'TOUR',
      attributes: [],
      hideServices: true,
      hasDates: true,
      filters: [['EVENT', 'FESTIVAL'], ['WINE']],
      published: true,
    })
    expect(draft.filters).toEqual(['EVENT, FESTIVAL', 'WINE'])
    expect(categoryPayload({ ...draft, filters: ['event, festival ,', ' wine'] })).toEqual({
      _id: 'c1',
      name: 'Events',
      excludedTags: 'TOUR',
      attributes: [],
      hideServices: true,
      hasDates: true,
      filters: [['EVENT', 'FESTIVAL'], ['WINE']],
    })
  })

  it('counts a category never saved, or changed since it was saved, as unsaved (closing the panel asks first)', () => {
    const saved = draftOf({
      _id: 'c2',
      name: 'Wineries',
      excludedTags: '',
      attributes: [],
      hideServices: false,
      hasDates: false,
      filters: [['WINERY']],
      published: false,
    })
    expect(isCategoryUnsaved(newDraft(0, 'new-1'), undefined)).toBe(true)
    expect(isCategoryUnsaved(saved, saved)).toBe(false)
    // Typed the same words another way: nothing the server would store differently.
    expect(isCategoryUnsaved({ ...saved, filters: ['winery '] }, saved)).toBe(false)
    expect(isCategoryUnsaved({ ...saved, name: 'Cellar doors' }, saved)).toBe(true)
    expect(isCategoryUnsaved({ ...saved, filters: ['WINERY', 'CELLAR DOOR'] }, saved)).toBe(true)
  })
})
