import { describe, expect, it } from 'vitest'
import { coverCrop, objectPosition } from '#ui/image-url'
import { clampCrop, focalFromPoint, initialCrop, isWholeImage, nudgeFocal, percentToSource, sourceToPercent, withCrop } from './crop-math'

const source = { width: 4000, height: 3000 }

describe('crop math', () => {
  it('turns cropper percentages into source pixels and back', () => {
    const crop = percentToSource({ x: 10, y: 20, width: 50, height: 25 }, source)
    expect(crop).toEqual({ x: 400, y: 600, width: 2000, height: 750 })
    expect(sourceToPercent(crop, source)).toEqual({ x: 10, y: 20, width: 50, height: 25 })
  })

  it('keeps a crop inside the source', () => {
    expect(clampCrop({ x: -10, y: 2900, width: 5000, height: 400.6 }, source)).toEqual({ x: 0, y: 2599, width: 4000, height: 401 })
    expect(clampCrop({ x: 10, y: 10, width: 0, height: 0 }, source)).toEqual({ x: 10, y: 10, width: 1, height: 1 })
  })

  it('starts from the stored crop, else the largest box of the aspect around the focal point', () => {
    expect(initialCrop({ x: 1, y: 2, width: 30, height: 40 }, source, 2)).toEqual({ x: 1, y: 2, width: 30, height: 40 })
    // 1080x600 on a 4:3 picture: full width, 2222 px high, centred.
    expect(initialCrop(undefined, source, 1080 / 600)).toEqual({ x: 0, y: 389, width: 4000, height: 2222 })
    // Focal point near the top: pushed against the top edge.
    expect(initialCrop(undefined, source, 1080 / 600, { x: 0.5, y: 0.05 })).toEqual({ x: 0, y: 0, width: 4000, height: 2222 })
    // Square on landscape: centred on the focal point, then pushed back inside the right edge.
    expect(coverCrop(source, 1, { x: 0.6, y: 0.5 })).toEqual({ x: 900, y: 0, width: 3000, height: 3000 })
    expect(coverCrop(source, 1, { x: 0.75, y: 0.5 })).toEqual({ x: 1000, y: 0, width: 3000, height: 3000 })
  })

  it('recognises a crop that keeps the whole picture', () => {
    expect(isWholeImage({ x: 0, y: 0, width: 4000, height: 3000 }, source)).toBe(true)
    expect(isWholeImage({ x: 0, y: 1, width: 4000, height: 2999 }, source)).toBe(false)
  })

  it('sets and removes one breakpoint of the crop map', () => {
    const desktop = { x: 0, y: 0, width: 10, height: 10 }
    const mobile = { x: 5, y: 5, width: 4, height: 4 }
    expect(withCrop(undefined, 'desktop', desktop)).toEqual({ desktop })
    expect(withCrop({ desktop }, 'mobile', mobile)).toEqual({ desktop, mobile })
    expect(withCrop({ desktop, mobile }, 'desktop', null)).toEqual({ mobile })
    expect(withCrop({ desktop }, 'desktop', null)).toBeUndefined()
  })

  it('places the focal point from a click and nudges it with the keyboard, inside 0..1', () => {
    expect(focalFromPoint(200, 75, { width: 800, height: 600 })).toEqual({ x: 0.25, y: 0.125 })
    expect(focalFromPoint(900, -5, { width: 800, height: 600 })).toEqual({ x: 1, y: 0 })
    expect(nudgeFocal(undefined, 0.05, 0)).toEqual({ x: 0.55, y: 0.5 })
    expect(nudgeFocal({ x: 0.98, y: 0.02 }, 0.05, -0.05)).toEqual({ x: 1, y: 0 })
    expect(objectPosition({ x: 0.25, y: 0.125 })).toBe('25% 12.5%')
    expect(objectPosition(undefined)).toBe('50% 50%')
  })
})
