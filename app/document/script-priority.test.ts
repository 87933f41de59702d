import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { DEFERRED_MODULE_TYPE } from './hydration-loader'
import { deferredModuleScripts } from './script-priority'

const through = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(deferredModuleScripts()))

describe('deferredModuleScripts', () => {
  it('takes the module preloads out and names them on the module script, made a data block, also when a tag or a character is split between chunks', async () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js"/><link rel="preload" href="/f.woff2" as="font"/>' +
      '<link rel="modulepreload" href="/b.js"/></head><body><p>Café — Tanunda</p>' +
      '<script>window.x = 1 < 2</script><script type="module" async="">import * as r from "/r.js";\nimport("/a.js");</script></body>'
    const expected =
      '<head><link rel="preload" href="/f.woff2" as="font"/></head><body><p>Café — Tanunda</p>' +
      `<script>window.x = 1 < 2</script><script type="${DEFERRED_MODULE_TYPE}" data-modules="/a.js /b.js">import * as r from "/r.js";\nimport("/a.js");</script></body>`
    const bytes = Buffer.from(html)
    // Every split point, and byte-sized chunks (the é and the dash are two and three bytes).
    for (let at = 0; at <= bytes.length; at++) expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(expected)
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(expected)
  })

  it("keeps the nonce of React Router's module script (the page's Content-Security-Policy)", async () => {
    const html = '<link rel="modulepreload" href="/a.js"/><script nonce="abc=" type="module" async="">import("/a.js");</script>'
    expect(await through([Buffer.from(html)])).toBe(
      `<script nonce="abc=" type="${DEFERRED_MODULE_TYPE}" data-modules="/a.js">import("/a.js");</script>`,
    )
  })
})
