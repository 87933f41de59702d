import { describe, expect, test } from 'vitest'
import { errorMessage } from './api.ts'

describe('errorMessage', () => {
  test("the server's error message first", () => {
    expect(errorMessage({ error: { code: 'unauthorised', message: 'Invalid username or password' } })).toBe('Invalid username or password')
  })

  test('then a top-level message', () => {
    expect(errorMessage({ message: 'Too many attempts' })).toBe('Too many attempts')
  })

  test("else 'Unknown Error'", () => {
    expect(errorMessage(null)).toBe('Unknown Error')
    expect(errorMessage('oops')).toBe('Unknown Error')
    expect(errorMessage({ error: { code: 'x' } })).toBe('Unknown Error')
  })
})
