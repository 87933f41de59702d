import { describe, expect, it } from 'vitest'
import { storySchema, type Story } from '#lib/stories'
import { draftOf, isDirty, storyPayload, withImage } from './story-draft.ts'
import { fieldErrorsOf } from '#ui/api.ts'

const story = (overrides: Record<string, unknown> = {}): Story => ({
  ...storySchema.parse({ title: 'Vintage', slug: 'vintage', description: 'A year in the vines', ...overrides }),
  _id: 'story-1',
  slug: 'vintage',
  domainId: 'main',
  published: true,
  version: 3,
  lastPublished: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  chapters: [],
})

describe('the story editor draft', () => {
  it('edits what a story holds and sends it back in the shape saveStory takes', () => {
    const loaded = story({
      header: { image: { imageId: 'img-1', alt: '' } },
      upNext: { heading: 'Next', link: { text: 'Go', href: '/towns', type: 'page' } },
    })
    const draft = draftOf(loaded)
    expect(draft.headerImage.imageId).toBe('img-1')
    expect(draft.upNext).toMatchObject({
      heading: 'Next',
      subtitle: '',
      link: { text: 'Go', href: '/towns', type: 'page' },
      image: { imageId: '' },
    })
    const payload = storyPayload(loaded, { ...draft, upNext: { ...draft.upNext, subtitle: 'Bakeries and churches' } })
    expect(payload).toEqual({
      _id: 'story-1',
      version: 3,
      title: 'Vintage',
      slug: 'vintage',
      description: 'A year in the vines',
      header: { image: { imageId: 'img-1', alt: '' } },
      upNext: {
        inContainer: true,
        heading: 'Next',
        subtitle: 'Bakeries and churches',
        link: { text: 'Go', href: '/towns', type: 'page' },
        image: { imageId: '', alt: '' },
      },
    })
    // What is sent is a valid story as the server checks it.
    expect(storySchema.safeParse(payload).success).toBe(true)
  })

  it('drops the crop and focal point of the previous picture when another one is chosen, and everything when it is removed', () => {
    const image = { imageId: 'old', alt: 'Vines', crop: { desktop: { x: 1, y: 2, width: 3, height: 4 } }, focal: { x: 0.5, y: 0.5 } }
    expect(withImage(image, 'new')).toEqual({ imageId: 'new', alt: 'Vines' })
    expect(withImage(image, '')).toEqual({ imageId: '', alt: '' })
  })

  it('knows when something changed', () => {
    const saved = draftOf(story())
    expect(isDirty(saved, draftOf(story()))).toBe(false)
    expect(isDirty(saved, { ...saved, upNext: { ...saved.upNext, heading: 'Changed' } })).toBe(true)
  })

  it("puts the server's field errors under their fields", () => {
    expect(
      fieldErrorsOf(
        [
          { path: 'upNext.heading', message: 'Too long' },
          { path: 'title', message: 'Required' },
        ],
        'The story has invalid content',
      ),
    ).toEqual({
      'upNext.heading': 'Too long',
      title: 'Required',
    })
    // A conflict names the field only; its message is the error's own.
    expect(fieldErrorsOf({ path: 'slug' }, "A story with the slug 'x' already exists")).toEqual({
      slug: "A story with the slug 'x' already exists",
    })
    expect(fieldErrorsOf(undefined, 'Unknown Error')).toEqual({})
  })
})
