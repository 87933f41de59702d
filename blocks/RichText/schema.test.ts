import { describe, expect, it } from 'vitest'
import { schema } from './schema'

describe('RichText schema', () => {
  it('sanitises on parse, so stored HTML is always clean', () => {
    const parsed = schema.parse({ componentType: 'RichText', html: '<p onclick="x()">ok</p><script>bad()</script>' })
    expect(parsed.html).toBe('<p>ok</p>')
  })
})
