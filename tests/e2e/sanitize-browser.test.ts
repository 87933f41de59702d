/**
 * Decision 029: the browser's build sanitises rich text with lib/sanitize.browser.ts (the browser's
 * own HTML parser) instead of sanitize-html. In real Chromium, both give the same answer for the
 * server's cases and for what the editor meets (stored, clean HTML; FeatureBlock's flattening).
 */
import fs from 'node:fs'
import { transformSync } from 'esbuild'
import { expect, test } from 'vitest'
import { sanitizeRichText } from '#lib/sanitize'
import { openBrowser } from '../helpers/browser.ts'

const session = openBrowser()

const inputs = [
  '<p>Hello</p><script>alert(1)</script>',
  '<p onclick="steal()">Hi <a href="javascript:alert(1)" onmouseover="x()">there</a></p><img src=x onerror=alert(1)>',
  '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p><strong>b</strong> <em>i</em><br /><a href="https://barossa.example/x">link</a> <a href="/plan">in</a> <a href="mailto:a@b.c">mail</a></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>',
  '<div class="x" style="color:red"><span>Text</span></div><iframe src="https://evil"></iframe>',
  '<p style="color:red" class="c">x</p>',
  '<h1>T</h1><p><b>b</b><i>i</i></p>',
  '<h1>Top</h1><h3>Head</h3><ul><li>One</li><li><b>Two</b></li></ul><script>x</script>',
  '<p>Fish &amp; chips &lt;3 at 5&nbsp;pm, "quoted" &gt; text</p>',
  '<p><a href="//evil.example/x">protocol-relative</a> <a href="tel:+61 8 1234">call</a> <a href=" java\tscript:x">hidden</a> <a href="https://a.example/?q=1&amp;r=&quot;2&quot;">query</a></p>',
  '<p>Line one<br>Line two</p>  ',
  '<style>p{}</style><noscript>n</noscript><textarea>t</textarea><p>kept</p>',
  'plain text, no tags',
  '',
]
const options = [{}, { headers: true }, { lists: true }, { headers: true, lists: true }]

test('the browser sanitiser gives the server sanitiser’s answers', async () => {
  const source = fs.readFileSync(new URL('../../lib/sanitize.browser.ts', import.meta.url), 'utf8')
  const { code } = transformSync(source, { loader: 'ts', format: 'iife', globalName: 'browserSanitize' })
  const context = await session.browser.newContext()
  try {
    const page = await context.newPage()
    await page.setContent('<!doctype html><title>sanitise</title>')
    await page.addScriptTag({ content: code })
    for (const input of inputs) {
      for (const option of options) {
        const browser = await page.evaluate(
          ([html, flatten]) =>
            (
              window as unknown as { browserSanitize: { sanitizeRichText: (h: string, f: object) => string } }
            ).browserSanitize.sanitizeRichText(html, flatten),
          [input, option] as const,
        )
        expect(browser, `${JSON.stringify(input)} ${JSON.stringify(option)}`).toBe(sanitizeRichText(input, option))
      }
    }
    // Nothing in the HTML ran while it was parsed.
    expect(await page.evaluate(() => document.querySelectorAll('img, iframe').length)).toBe(0)
  } finally {
    await context.close()
  }
})
