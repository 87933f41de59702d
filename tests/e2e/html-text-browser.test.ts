/**
 * The client build reads HTML as text with lib/html-text.browser.ts (the browser's own parser)
 * instead of htmlparser2 (vite.config.ts, decision 029's pattern). In real Chromium, both give the
 * same text for what the editor meets: stored rich text, entities, attributes, hidden elements.
 */
import { buildSync } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { htmlText, oneLine, plainText } from '#lib/html-text'
import { openBrowser } from '../helpers/browser.ts'

const session = openBrowser()

const inputs = [
  '<h2>Hi</h2><p>a<br>b&nbsp;c</p>',
  '<p>Wine &amp; <strong>food</strong></p><p>Second</p>',
  '<ul><li>One</li><li>Two &#8211; <em>three</em></li></ul><ol><li>b</li></ol><blockquote>Quoted</blockquote>',
  '<p><a title="5 > 4" href="/x">Barossa</a>   tours</p><p></p><script>x()</script><style>p{}</style>',
  '<p>Fish &amp; chips &lt;3 at 5&nbsp;pm, &quot;quoted&quot; &gt; text, Caf&#233; &#x26; more</p>',
  '<div>block</div><span>inline</span> text<template><p>never</p></template>',
  'plain text, no tags & an ampersand',
  '',
]

test('the browser reads HTML as text as the server does', async () => {
  const { outputFiles } = buildSync({
    entryPoints: [fileURLToPath(new URL('../../lib/html-text.browser.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'browserHtmlText',
  })
  const context = await session.browser.newContext()
  try {
    const page = await context.newPage()
    await page.setContent('<!doctype html><title>html text</title>')
    await page.addScriptTag({ content: outputFiles[0]!.text })
    for (const input of inputs) {
      const browser = await page.evaluate((html) => {
        type Twin = Record<'plainText' | 'oneLine' | 'htmlText', (h: string, within?: Set<string>) => string>
        const twin = (window as unknown as { browserHtmlText: Twin }).browserHtmlText
        return { lines: twin.plainText(html), line: twin.oneLine(html), headings: twin.htmlText(html, new Set(['h2'])) }
      }, input)
      expect(browser, JSON.stringify(input)).toEqual({
        lines: plainText(input),
        line: oneLine(input),
        headings: htmlText(input, new Set(['h2'])),
      })
    }
  } finally {
    await context.close()
  }
})
