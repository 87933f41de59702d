import { describe, expect, it } from 'vitest'
import { createTestApp } from '../tests/helpers/app.ts'

describe('security headers', () => {
  it('are sent on API answers: no sniffing, same-origin framing only, a sane referrer policy', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.request('/api/config/loadDomain')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      // Images may be embedded by other sites (social cards).
      expect(res.headers.get('cross-origin-resource-policy')).toBeNull()
    } finally {
      await t.close()
    }
  })
})
