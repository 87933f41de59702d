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

/**
 * Runs `call` with the API at a real local server that sends an answer's headers and the start of
 * its body, then does what `then` says (nothing: the body never ends).
 */
async function withHalfAnswer(then: (res: http.ServerResponse) => void, call: () => Promise<void>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write('{"contents": [', () => then(res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`)
  try {
    await call()
  } finally {
    setApiBase('/api')
    server.closeAllConnections()
    server.close()
  }
}
const aVersion = { id: 'p', versionId: 1, collection: 'pages' } as const

describe('getApi called off', () => {
  test('once the answer has begun (its body still arriving), rejects: the abort is not an empty answer', async () => {
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
      await withHalfAnswer(
        () => undefined,
        () => expect(getApi('/page/version', aVersion, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' }),
      )
    } finally {
      watched.mockRestore()
    }
  })

  test('a success whose body is cut off is an error, not an empty answer', async () => {
    await withHalfAnswer(
      (res) => res.destroy(),
      () => expect(getApi('/page/version', aVersion)).rejects.toMatchObject({ name: 'ApiError', message: 'Unknown Error' }),
    )
  })
})
