import { describe, expect, it } from 'vitest'
import { headerSchema } from './content.ts'
import { isMp4Url } from './video-link.ts'
import { blockEditorTexts } from './editor-texts.ts'

describe('isMp4Url (spec 01 §5: a video link must be an mp4 file)', () => {
  it('takes http(s) addresses and site paths ending in .mp4, with a query or fragment', () => {
    for (const link of [
      'https://cdn.example.com/vines.mp4',
      'http://example.com/a/B.MP4',
      '/media/harvest.mp4',
      'https://x.example/clip.mp4?v=2#t=5',
      ' https://x.example/clip.mp4 ',
    ]) {
      expect(isMp4Url(link), link).toBe(true)
    }
  })
  it('refuses other files, other schemes, relative links, spaces and an empty link', () => {
    for (const link of [
      'https://example.com/clip.webm',
      'https://www.youtube.com/watch?v=M7lc1UVf-VE',
      'https://example.com/mp4',
      'ftp://example.com/a.mp4',
      'javascript:alert(1)//.mp4',
      'clip.mp4',
      '/a b.mp4',
      '',
    ]) {
      expect(isMp4Url(link), link).toBe(false)
    }
  })
})

describe('the page header as saved', () => {
  it('refuses a video link that is not an mp4 file, with the spec message', () => {
    const result = headerSchema.safeParse({ title: 'T', video: { link: 'https://example.com/clip.mov' } })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual([
      { path: 'video.link', message: blockEditorTexts.header.mp4Only },
    ])
    expect(headerSchema.parse({ title: 'T', video: { link: ' /media/clip.mp4 ' } }).video?.link).toBe('/media/clip.mp4')
    expect(headerSchema.parse({ title: 'T', video: { link: '' } }).video?.link).toBe('')
  })
  it('keeps the overlayer width 10 to 100 and its position start, center or end', () => {
    const overlayer = (o: Record<string, unknown>) =>
      headerSchema.safeParse({ title: 'T', overlayer: { image: { imageId: 'i', alt: '' }, ...o } })
    expect(overlayer({ width: 10, position: 'start' }).success).toBe(true)
    expect(overlayer({ width: 100, position: 'center' }).success).toBe(true)
    expect(overlayer({ width: 9 }).success).toBe(false)
    expect(overlayer({ width: 101 }).success).toBe(false)
    expect(overlayer({ position: 'left' }).success).toBe(false)
    expect(overlayer({}).data?.overlayer).toMatchObject({ position: 'end', width: 30 })
  })
})
