import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test, vi } from 'vitest'
import { errorMessage, getApi, setApiBase } from './api.ts'

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

describe('getApi called off', () => {
  test('once the answer has begun (its body still arriving), rejects: the abort is not an empty answer', async () => {
    // A server that sends an answer's headers and the start of its body, then waits.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"contents": [')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`)
    // The real fetch, watched: the call is aborted the moment its answer has begun, as when an
    // editor picks another version while the first is still arriving.
    const controller = new AbortController()
    const realFetch = globalThis.fetch
    const watched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      const response = await realFetch(...args)
      controller.abort()
      return response
    })
    try {
      const answer = getApi('/page/version', { id: 'p', versionId: 1, collection: 'pages' }, { signal: controller.signal })
      await expect(answer).rejects.toMatchObject({ name: 'AbortError' })
    } finally {
      watched.mockRestore()
      setApiBase('/api')
      server.closeAllConnections()
      server.close()
    }
  })

  test('a success whose body is cut off is an error, not an empty answer', async () => {
    // A server that sends an answer's headers and the start of its body, then drops the connection.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"contents": [', () => res.destroy())
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`)
    try {
      await expect(getApi('/page/version', { id: 'p', versionId: 1, collection: 'pages' })).rejects.toMatchObject({
        name: 'ApiError',
        message: 'Unknown Error',
      })
    } finally {
      setApiBase('/api')
      server.close()
    }
  })
})
