import { gzipSync } from 'node:zlib'
import { expect, inject, test } from 'vitest'
import { openBrowser } from '../helpers/browser.ts'

const baseUrl = inject('baseUrl')
const session = openBrowser()

/**
 * Visitors get block views only; editor code loads lazily for signed-in editors (DESIGN.md,
 * "Performance design"). Measured 2026-11-22: 124 kB gzip in 8 files, of which React DOM +
 * React Router (entry.client, jsx-runtime) are 109 kB; the test prints the numbers. The budget
 * keeps headroom for the block library but fails if editor code (Tiptap, dnd-kit, Radix...)
 * lands in the visitor bundle.
 */
const SCRIPT_BUDGET_GZIP_BYTES = 150 * 1024

test('the home page loads little JavaScript', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const scripts = new Map<string, Promise<Buffer>>()
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? ''
      const isScript = response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type)
      if (isScript && response.ok() && !scripts.has(response.url())) scripts.set(response.url(), response.body())
    })
    const response = await page.goto(baseUrl + '/', { waitUntil: 'networkidle' })
    expect(response?.status()).toBe(200)

    let raw = 0
    let gzip = 0
    const rows: string[] = []
    for (const [url, body] of scripts) {
      const bytes = await body
      const gz = gzipSync(bytes, { level: 6 }).length
      raw += bytes.length
      gzip += gz
      rows.push(`${new URL(url).pathname}: ${bytes.length} B raw, ${gz} B gzip`)
    }
    console.log(
      `home page scripts: ${scripts.size} files, ${raw} B raw, ${gzip} B gzip (budget ${SCRIPT_BUDGET_GZIP_BYTES} B gzip)\n  ${rows.join('\n  ')}`,
    )
    expect(scripts.size).toBeGreaterThan(0)
    expect(gzip, rows.join('\n')).toBeLessThan(SCRIPT_BUDGET_GZIP_BYTES)
  } finally {
    await context.close()
  }
})
