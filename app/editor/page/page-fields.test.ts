import { describe, expect, test } from 'vitest'
import type { EditorPage } from '../state/types.ts'
import { editorPageOf, collectionOf } from '../use-route-page.ts'
import { pageToSend } from './use-page-actions.ts'
import { booleanOf, isPublished, ogOf, stringOf, titleOf, versionOf, withField, withHeaderField, withOg } from './page-fields.ts'

const page = (): EditorPage => ({
  _id: 'p1',
  slug: 'stay',
  version: 2,
  header: { title: 'Stay', image: { imageId: 'x' } },
  og: { title: 'Og', image: { imageId: 'img', alt: 'a' } },
})

describe('page fields', () => {
  test('reads check what they find', () => {
    expect(titleOf(page())).toBe('Stay')
    expect(titleOf({ _id: 'p', header: 'nonsense' })).toBe('')
    expect(stringOf(page(), 'slug')).toBe('stay')
    expect(stringOf(page(), 'version')).toBe('')
    expect(versionOf(page())).toBe(2)
    expect(isPublished(page())).toBe(false)
    expect(booleanOf(page(), 'showBreadcrumb', true)).toBe(true)
    expect(booleanOf({ _id: 'p', showBreadcrumb: false }, 'showBreadcrumb', true)).toBe(false)
    expect(ogOf(page())).toEqual({ title: 'Og', description: '', imageId: 'img' })
  })

  test('writes are immutable and keep the other fields', () => {
    const original = page()
    const titled = withHeaderField(original, 'title', 'Stay a while')
    expect(titled.header).toEqual({ title: 'Stay a while', image: { imageId: 'x' } })
    expect(original.header).toEqual({ title: 'Stay', image: { imageId: 'x' } })
    expect(withField(original, 'headerType', 'HeaderOne').headerType).toBe('HeaderOne')
    expect(withOg(original, { description: 'D', imageId: 'new' }).og).toEqual({
      title: 'Og',
      description: 'D',
      image: { imageId: 'new', alt: 'a' },
    })
  })

  test('the page as sent has its slug by the shared rules', () => {
    expect(pageToSend({ ...page(), slug: '/Stay Here!' })).toMatchObject({ slug: 'stay-here', version: 2 })
  })
})

describe('route page', () => {
  test("the editor edits the route's stored draft (document) when there is one", () => {
    const routePage: EditorPage = {
      _id: 'p1',
      slug: 'stay',
      collection: 'listings',
      document: { _id: 'p1', slug: 'stay', version: 7, contents: [] },
    }
    expect(editorPageOf(routePage)).toEqual({ _id: 'p1', slug: 'stay', version: 7, contents: [] })
    expect(editorPageOf({ _id: 'p1', slug: 'stay' })).toEqual({ _id: 'p1', slug: 'stay' })
    expect(editorPageOf(null)).toBeNull()
    expect(collectionOf(routePage)).toBe('listings')
    expect(collectionOf({ _id: 'p1', collection: 'nonsense' })).toBe('pages')
    expect(collectionOf(null)).toBe('pages')
  })
})
