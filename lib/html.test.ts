import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.ts'

describe('escapeHtml', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`Tom & Jerry's <b>"best"</b>`)).toBe('Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;')
  })

  it('escapes an ampersand once, and leaves other text as it is', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
    expect(escapeHtml('Café — 5 km')).toBe('Café — 5 km')
    expect(escapeHtml('')).toBe('')
  })
})
