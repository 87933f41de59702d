import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loadBlockData } from './block-data.server'
import type { AnyBlock } from './schemas'

/** A load context whose listing service fails, recording what is reported. */
function failingContext() {
  const reported: { error: unknown; url: string }[] = []
  const context = {
    services: { listings: { fetch: () => Promise.reject(new Error('database gone')) } },
    reportError: (error: unknown, request: Request) => reported.push({ error, url: request.url }),
  } as unknown as AppLoadContext // only the two members loadBlockData uses
  return { context, reported }
}

describe('server data for the Listings block', () => {
  it('renders the grid empty when the listing fetch fails, and reports the error with the page address', async () => {
    const { context, reported } = failingContext()
    const url = new URL('http://localhost/whats-on?name=wine')
    const contents = [
      { componentType: 'SplitContent', left: [{ componentType: 'Listings', categoryFilter: 'none' }], right: [] },
    ] as unknown as AnyBlock[]
    const [split] = (await loadBlockData(contents, { context, url, domainId: 'd1' })) as unknown as {
      left: { initialData: { result: unknown; filters: { search?: string } } }[]
    }[]
    expect(split!.left[0]!.initialData.result).toBeNull()
    expect(reported).toHaveLength(1)
    expect((reported[0]!.error as Error).message).toBe('database gone')
    expect(reported[0]!.url).toBe(url.href)
  })
})
