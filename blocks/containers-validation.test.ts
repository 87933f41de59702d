import { describe, expect, it } from 'vitest'
import { containers } from './containers'
import { blockTypes, validateContents } from './schemas'

describe('validateContents checks what each container allows (spec 02 §2.8)', () => {
  it('accepts on a page every block type the contents container allows', () => {
    const allowed = blockTypes.filter((type) => containers.contents.includes(type))
    const result = validateContents(allowed.map((componentType) => ({ componentType })))
    expect(result.ok || result.issues).toBe(true)
  })

  it('refuses a block its container does not allow, with the field path', () => {
    const result = validateContents([{ componentType: 'Text', text: 'fine' }, { componentType: 'SplitContent' }], 'split')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toEqual([{ path: [1, 'componentType'], message: 'SplitContent cannot be placed here' }])
  })

  it('checks lists nested in blocks against their own container (split sides)', () => {
    const result = validateContents([{ componentType: 'SplitContent', left: [{ componentType: 'Text' }, { componentType: 'CardGrid' }] }])
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => i.path.join('.'))).toEqual(['0.left.1.componentType'])
  })
})
