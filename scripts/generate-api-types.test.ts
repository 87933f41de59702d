import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generatedApiTypes, generatedPath, openApiDocument } from './generate-api-types'

describe("the browser's types of the API (scripts/generate-api-types.ts)", () => {
  it('are up to date with the routes the server declares (run npm run api:generate)', async () => {
    expect(readFileSync(generatedPath, 'utf8'), 'lib/api.generated.ts is stale').toBe(await generatedApiTypes())
  }, 60_000)

  it('come from the same document the API serves, with every mounted area in it', () => {
    const paths = Object.keys(openApiDocument().paths ?? {})
    for (const area of ['/user/', '/page/', '/listing/', '/image/', '/translation/', '/publish/']) {
      expect(
        paths.some((path) => path.startsWith(area)),
        area,
      ).toBe(true)
    }
  })
})
