import { describe, expect, it } from 'vitest'
import { retryAfterSeconds } from './download.ts'

describe('asking again for a calendar after 429', () => {
  it("waits what the server's Retry-After says, within 1 to 30 seconds", () => {
    expect(retryAfterSeconds('5')).toBe(5)
    expect(retryAfterSeconds('120')).toBe(30)
    expect(retryAfterSeconds('0.2')).toBe(1)
  })

  it('waits 2 seconds when the header is missing or not a number of seconds', () => {
    expect(retryAfterSeconds(null)).toBe(2)
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(2)
  })
})
