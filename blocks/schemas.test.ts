import { describe, expect, it } from 'vitest'
import { demoSites } from '../server/demo/content'
import { demoImageNames, type DemoImages } from '../server/demo/images'
import { blockModules, blockTypes, normaliseContents, validateBlock, validateContents } from './schemas'

const images = Object.fromEntries(demoImageNames.map((n) => [n, `demo-${n}`])) as DemoImages

describe('validateBlock', () => {
  const sites = demoSites(images)

  it('accepts every block of every demo page', () => {
    for (const site of sites) {
      for (const page of site.pages) {
        for (const [index, block] of (page.contents ?? []).entries()) {
          const result = validateBlock(block)
          expect(
            result,
            `${site.domain._id}/${page.slug || '(home)'} block ${index} (${JSON.stringify(block).slice(0, 60)})`,
          ).toMatchObject({ ok: true })
        }
      }
    }
  })

  it('demo content uses the core blocks', () => {
    const used = new Set(
      sites.flatMap((s) => s.pages.flatMap((p) => (p.contents ?? []).map((b) => (b as { componentType: string }).componentType))),
    )
    for (const type of ['SectionHeading', 'RichText', 'Image', 'LinkList', 'CardGrid']) expect(used).toContain(type)
  })

  it('fills in defaults', () => {
    const result = validateBlock({ componentType: 'CardGrid' })
    expect(result).toEqual({ ok: true, block: { componentType: 'CardGrid', title: '', description: '', items: [] } })
  })

  it('keeps the block key and spacing, and drops unknown props', () => {
    const spacing = { marginTop: { base: 1, sm: 2, lg: 3 } }
    const result = validateBlock({ componentType: 'SectionHeading', _key: 'k1', spacing, title: 'Hi', junk: 1 })
    expect(result).toEqual({ ok: true, block: { componentType: 'SectionHeading', _key: 'k1', spacing, title: 'Hi', subtitle: '' } })
  })

  it('rejects bad props with field paths', () => {
    const result = validateBlock({
      componentType: 'CardGrid',
      title: 42,
      items: [{ title: 'ok' }, { title: 'x', link: { href: '/a', type: 'ftp' } }],
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    const paths = result.issues.map((i) => i.path.join('.'))
    expect(paths).toContain('title')
    expect(paths).toContain('items.1.link.type')
  })

  it('rejects bad spacing and bad contact types with paths', () => {
    const spacing = validateBlock({ componentType: 'Text', spacing: { marginTop: { base: 9, sm: 0, lg: 0 } } })
    expect(spacing.ok || spacing.issues.map((i) => i.path.join('.'))).toEqual(['spacing.marginTop.base'])
    const contact = validateBlock({ componentType: 'Contact', contactMethods: [{ type: 'fax', text: '1' }] })
    expect(contact.ok || contact.issues.map((i) => i.path.join('.'))).toEqual(['contactMethods.0.type'])
  })

  it('rejects an unknown or missing component type', () => {
    expect(validateBlock({ componentType: 'Nope' })).toEqual({
      ok: false,
      issues: [{ path: ['componentType'], message: "Unknown block type 'Nope'" }],
    })
    const missing = validateBlock({ title: 'x' })
    expect(missing.ok || missing.issues[0]?.path).toEqual(['componentType'])
    expect(validateBlock('nonsense').ok).toBe(false)
  })

  it('prefixes contents issues with the block index', () => {
    const result = validateContents([{ componentType: 'Text' }, { componentType: 'Anchor', id: 'has space' }])
    expect(result.ok || result.issues.map((i) => i.path)).toEqual([[1, 'id']])
  })

  it('normalises contents for rendering, dropping what does not validate', () => {
    const out = normaliseContents([{ componentType: 'Text', text: 'a' }, { componentType: 'Nope' }, { componentType: 'Anchor', id: '!' }])
    expect(out).toEqual([{ componentType: 'Text', text: 'a' }])
  })

  it('has a schema with defaults for every block type', () => {
    for (const type of blockTypes) expect(blockModules[type].schema.safeParse({ componentType: type }).success).toBe(true)
  })
})
