import { describe, expect, it } from 'vitest'
import { footerSchema, navSchema } from '#lib/content'
import { applyTranslation, collectTranslatable, keepKnown, untranslatedFields } from '#lib/translatable'
import { pageFields, translatePage } from './translatable'

const page = {
  header: { title: 'Plan your visit', description: 'Everything you need', image: { imageId: 'img-1', alt: 'Vines at dusk' } },
  title: 'Plan your visit | Barossa',
  contents: [
    { componentType: 'SectionHeading', _key: 'b-heading', title: 'Getting here', subtitle: '' },
    {
      componentType: 'SplitContent',
      _key: 'b-split',
      left: [{ componentType: 'RichText', _key: 'b-rich', html: '<p>By car, <strong>an hour</strong> from Adelaide.</p>' }],
      right: [
        { componentType: 'Image', imageId: 'img-2', alt: 'The road', caption: 'Sturt Highway', navLink: { text: 'Map', href: '/map' } },
      ],
    },
    {
      componentType: 'CardGrid',
      _key: 'b-cards',
      title: 'Stay',
      items: [{ title: 'Cottages', description: 'Old stone', image: { imageId: 'img-3', alt: '' }, link: { text: 'More', href: '/stay' } }],
      backgroundColour: 'softPink',
    },
  ],
}

describe("a page's translatable texts", () => {
  it('are the texts its header and blocks declare, named by block key and path; links, pictures and colours are not', () => {
    const fields = pageFields(page)
    const byId = Object.fromEntries(fields.map((f) => [f.id, f.text]))
    expect(byId).toMatchObject({
      'header.title': 'Plan your visit',
      'header.description': 'Everything you need',
      'header.image.alt': 'Vines at dusk',
      title: 'Plan your visit | Barossa',
      'b-heading/title': 'Getting here',
      'b-rich/html': '<p>By car, <strong>an hour</strong> from Adelaide.</p>',
      'b-cards/title': 'Stay',
      'b-cards/items.0.title': 'Cottages',
      'b-cards/items.0.link.text': 'More',
    })
    // A nested block without a stored key is named by the key of its place (decision 018).
    expect(byId['@contents.1.right.0/alt']).toBe('The road')
    expect(byId['@contents.1.right.0/navLink.text']).toBe('Map')
    expect(fields.find((f) => f.id === 'b-rich/html')?.kind).toBe('rich')
    const ids = fields.map((f) => f.id).join(' ')
    for (const structure of ['href', 'imageId', 'backgroundColour', 'componentType', '_key']) expect(ids).not.toContain(structure)
  })

  it('show their translation where one exists and the default text everywhere else (field by field)', () => {
    const german = translatePage(page, { 'header.title': 'Ihr Besuch', 'b-cards/items.0.title': 'Häuschen', 'b-heading/title': '' })
    expect(german.header.title).toBe('Ihr Besuch')
    expect(german.header.description).toBe('Everything you need')
    expect(german.contents[2]).toMatchObject({ title: 'Stay', items: [{ title: 'Häuschen', description: 'Old stone' }] })
    // An empty translation is no translation.
    expect(german.contents[0]).toMatchObject({ title: 'Getting here' })
    // Structure is untouched: the same blocks, pictures and links.
    expect(german.contents[1]).toMatchObject({ right: [{ imageId: 'img-2', navLink: { href: '/map' } }] })
    expect(page.header.title).toBe('Plan your visit')
  })

  it('count what has a default text and no translation, and keep only known, non-empty texts', () => {
    const fields = pageFields(page)
    const translation = { 'header.title': 'Ihr Besuch', 'b-gone/title': 'Weg', 'b-cards/title': '' }
    const untranslated = untranslatedFields(fields, translation)
    // The empty subtitle and the empty card alt are nothing to translate.
    expect(untranslated.map((f) => f.id)).not.toContain('header.title')
    expect(untranslated.map((f) => f.id)).not.toContain('b-heading/subtitle')
    expect(untranslated.length).toBe(fields.filter((f) => f.text.trim() !== '').length - 1)
    expect(keepKnown(fields, translation)).toEqual({ kept: { 'header.title': 'Ihr Besuch' }, dropped: ['b-gone/title'] })
  })

  it('follow a block wherever it moves: the same key names the same texts', () => {
    const moved = { ...page, contents: [page.contents[2], page.contents[0], page.contents[1]] }
    const german = translatePage(moved, { 'b-cards/title': 'Übernachten' })
    expect(german.contents[0]).toMatchObject({ _key: 'b-cards', title: 'Übernachten' })
  })
})

describe('navigation and footer texts', () => {
  it('are their labels, not their addresses', () => {
    const nav = navSchema.parse({
      siteName: 'Barossa',
      items: [{ text: 'Explore', href: '/explore', groups: [{ title: 'Towns', links: [{ text: 'Tanunda', href: '/tanunda' }] }] }],
    })
    const ids = collectTranslatable(navSchema, nav).map((f) => f.id)
    expect(ids).toEqual(['siteName', 'items.0.text', 'items.0.groups.0.title', 'items.0.groups.0.links.0.text'])
    const footer = footerSchema.parse({
      copy: '© Barossa',
      visitorInformation: { title: 'Visitor Centre', address: '66 Murray St', phone: '1300 852 982', email: 'a@b.c', hours: 'Daily' },
    })
    const fields = collectTranslatable(footerSchema, footer)
    expect(fields.map((f) => f.id)).toEqual(['copy', 'visitorInformation.title', 'visitorInformation.address', 'visitorInformation.hours'])
    expect(applyTranslation(footer, fields, { copy: '© Barossa (de)' }).copy).toBe('© Barossa (de)')
  })
})
