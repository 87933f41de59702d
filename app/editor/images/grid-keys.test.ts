import { describe, expect, it } from 'vitest'
import { nextGridIndex } from './grid-keys.ts'

// Ten pictures in rows of four:  0 1 2 3 / 4 5 6 7 / 8 9
const at = (index: number) => ({ index, columns: 4, total: 10, pageRows: 2 })
const press = (key: string, index: number, ctrlKey = false) => nextGridIndex({ key, ctrlKey }, at(index))

describe('the library grid keys', () => {
  it('move along a row and stop at the ends of the list', () => {
    expect(press('ArrowRight', 1)).toBe(2)
    expect(press('ArrowRight', 3)).toBe(4)
    expect(press('ArrowLeft', 4)).toBe(3)
    expect(press('ArrowLeft', 0)).toBeNull()
    expect(press('ArrowRight', 9)).toBeNull()
  })

  it('move between rows in the same column, to the last picture below a short row', () => {
    expect(press('ArrowDown', 1)).toBe(5)
    expect(press('ArrowUp', 5)).toBe(1)
    expect(press('ArrowDown', 6)).toBe(9)
    expect(press('ArrowDown', 9)).toBeNull()
    expect(press('ArrowUp', 2)).toBeNull()
  })

  it('Home and End keep to the row; with Ctrl, to the first and last picture', () => {
    expect(press('Home', 6)).toBe(4)
    expect(press('End', 5)).toBe(7)
    expect(press('End', 8)).toBe(9)
    expect(press('Home', 6, true)).toBe(0)
    expect(press('End', 1, true)).toBe(9)
    expect(nextGridIndex({ key: 'End', metaKey: true }, at(1))).toBe(9)
  })

  it('PageUp and PageDown move by the rows in view', () => {
    expect(press('PageDown', 1)).toBe(9)
    expect(press('PageDown', 0)).toBe(8)
    expect(press('PageUp', 9)).toBe(1)
    expect(press('PageUp', 5)).toBe(1)
  })

  it('leaves other keys, and an empty grid, to the browser', () => {
    expect(press('Enter', 1)).toBeNull()
    expect(press('a', 1)).toBeNull()
    expect(nextGridIndex({ key: 'ArrowRight' }, { index: 0, columns: 4, total: 0, pageRows: 2 })).toBeNull()
  })
})
