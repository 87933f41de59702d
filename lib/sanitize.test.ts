import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './sanitize.ts'

describe('sanitizeRichText', () => {
  it('removes script elements and their content', () => {
    expect(sanitizeRichText('<p>Hello</p><script>alert(1)</script>')).toBe('<p>Hello</p>')
  })

  it('removes on* attributes and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">Hi <a href="javascript:alert(1)" onmouseover="x()">there</a></p><img src=x onerror=alert(1)>',
    )
    expect(out).not.toMatch(/onclick|onmouseover|onerror|javascript:|<img/i)
    expect(out).toBe('<p>Hi <a>there</a></p>')
  })

  it('keeps the allowed tags and safe links', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p><strong>b</strong> <em>i</em><br /><a href="https://barossa.example/x">link</a> <a href="/plan">in</a> <a href="mailto:a@b.c">mail</a></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>'
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p><strong>b</strong> <em>i</em><br /><a href="https://barossa.example/x">link</a> <a href="/plan">in</a> <a href="mailto:a@b.c">mail</a></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>',
    )
  })

  it('drops disallowed tags and attributes but keeps their text', () => {
    expect(sanitizeRichText('<div class="x" style="color:red"><span>Text</span></div><iframe src="https://evil"></iframe>')).toBe('Text')
    expect(sanitizeRichText('<p style="color:red" class="c">x</p>')).toBe('<p>x</p>')
  })

  it('maps b, i and h1 to their allowed equivalents', () => {
    expect(sanitizeRichText('<h1>T</h1><p><b>b</b><i>i</i></p>')).toBe('<h2>T</h2><p><strong>b</strong><em>i</em></p>')
  })

  it('turns headings, or list items, into paragraphs when asked', () => {
    const html = '<h1>Top</h1><h3>Head</h3><ul><li>One</li><li><b>Two</b></li></ul><script>x</script>'
    expect(sanitizeRichText(html, { headers: true })).toBe('<p>Top</p><p>Head</p><ul><li>One</li><li><strong>Two</strong></li></ul>')
    expect(sanitizeRichText(html, { lists: true })).toBe('<h2>Top</h2><h3>Head</h3><p>One</p><p><strong>Two</strong></p>')
    expect(sanitizeRichText(html, { headers: true, lists: true })).toBe('<p>Top</p><p>Head</p><p>One</p><p><strong>Two</strong></p>')
  })
})
