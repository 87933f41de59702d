import { describe, expect, test } from 'vitest'
import { forgotPasswordSchema, loginSchema, recoverySchema } from './schemas.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  result.error?.issues.find((i) => i.path[0] === field)?.message

describe('loginSchema', () => {
  test('requires at least 3 characters for both fields', () => {
    expect(loginSchema.safeParse({ username: 'ab', password: 'abc' }).success).toBe(false)
    expect(loginSchema.safeParse({ username: 'abc', password: '' }).success).toBe(false)
    expect(loginSchema.safeParse({ username: 'abc', password: 'abc' }).success).toBe(true)
  })
})

describe('forgotPasswordSchema', () => {
  test('spec texts for a missing and an invalid address', () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: '  ' }), 'email')).toBe('Please provide your email address')
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'not-an-address' }), 'email')).toBe('Please provide a valid email address')
    expect(forgotPasswordSchema.safeParse({ email: ' editor@example.com ' }).data).toEqual({ email: 'editor@example.com' })
  })
})

describe('recoverySchema', () => {
  test('the confirmation must match the password, as an error on the confirmation field', () => {
    const result = recoverySchema.safeParse({ email: 'a@example.com', password: 'long-enough', passwordConfirm: 'different' })
    expect(firstMessage(result, 'passwordConfirm')).toBe('The passwords do not match')
    expect(recoverySchema.safeParse({ email: 'a@example.com', password: 'long-enough', passwordConfirm: 'long-enough' }).success).toBe(true)
  })
})
