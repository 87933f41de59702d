import { describe, expect, test } from 'vitest'
import { domainFormSchema, domainFormValues, domainToSend, parseHostnames } from './domains.ts'
import { formSchema, settingsToSend, valuesOf, type LoadedSiteSettings } from './site-settings.ts'

const loaded = (): LoadedSiteSettings => ({
  _id: 'siteSettings',
  domainId: 'barossa',
  og: { image: { imageId: 'og' }, keywords: 'wine', title: 'Barossa', description: 'Wine country' },
  twitter: { image: { imageId: '' }, keywords: '', title: '', description: '' },
  redirects: [{ from: '/old', to: '/new', status: 302, prefix: true }],
  categories: [{ name: 'X' }],
  version: 4,
  lastPublished: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
})

describe('site settings form', () => {
  test('values round-trip: statuses as text in the form, numbers when sent; categories kept', () => {
    const values = valuesOf(loaded())
    expect(values.redirects).toEqual([{ from: '/old', to: '/new', status: '302', prefix: true }])
    const sent = settingsToSend(
      loaded(),
      { ...values, redirects: [...values.redirects, { from: ' /a ', to: '/b', status: '301', prefix: false }] },
      true,
    )
    expect(sent).toMatchObject({
      version: 4,
      categories: [{ name: 'X' }],
      redirects: [{ status: 302 }, { from: '/a', to: '/b', status: 301, prefix: false }],
    })
    expect(sent).not.toHaveProperty('updatedAt')
    // Overwriting knowingly sends no version.
    expect(settingsToSend(loaded(), values, false)).not.toHaveProperty('version')
  })

  test('a redirect needs both addresses', () => {
    const values = valuesOf(loaded())
    expect(formSchema.safeParse(values).success).toBe(true)
    expect(formSchema.safeParse({ ...values, redirects: [{ from: ' ', to: '/x', status: '301', prefix: false }] }).success).toBe(false)
  })
})

describe('domain form', () => {
  const english = { defaultLanguage: 'en-AU' as const, otherLanguages: [] }
  test('an existing domain is sent with the version it was loaded at; a new one without', () => {
    const existing = { _id: 'barossa', name: 'Barossa', hostnames: ['localhost'], published: true, version: 7 }
    expect(
      domainToSend({ _id: ' barossa ', name: ' Barossa Valley ', hostnames: 'Localhost, barossa.example', ...english }, existing),
    ).toEqual({
      _id: 'barossa',
      name: 'Barossa Valley',
      hostnames: ['localhost', 'barossa.example'],
      languages: { default: 'en-AU', others: [] },
      version: 7,
    })
    expect(domainToSend({ _id: 'eden', name: 'Eden', hostnames: '', ...english }, null)).toEqual({
      _id: 'eden',
      name: 'Eden',
      hostnames: [],
      languages: { default: 'en-AU', others: [] },
    })
  })

  test('further languages keep their order, new ones come after them, and the default is never one of them', () => {
    const existing = {
      _id: 'barossa',
      name: 'Barossa',
      hostnames: [],
      published: true,
      languages: { default: 'en-AU' as const, others: ['zh-Hans' as const] },
    }
    const values = { _id: 'barossa', name: 'Barossa', hostnames: '', defaultLanguage: 'en-AU' as const }
    expect(domainToSend({ ...values, otherLanguages: ['de', 'zh-Hans'] }, existing).languages).toEqual({
      default: 'en-AU',
      others: ['zh-Hans', 'de'],
    })
    expect(domainToSend({ ...values, defaultLanguage: 'de', otherLanguages: ['de', 'en-AU'] }, existing).languages).toEqual({
      default: 'de',
      others: ['en-AU'],
    })
  })

  test('host names are comma-separated, trimmed, lower-cased, without duplicates', () => {
    expect(parseHostnames(' Www.Example.com, example.com,,example.com ')).toEqual(['www.example.com', 'example.com'])
    expect(parseHostnames('')).toEqual([])
  })

  test('values of a domain, and the id rule', () => {
    expect(
      domainFormValues({
        _id: 'eden',
        name: 'Eden',
        hostnames: ['a.com', 'b.com'],
        published: true,
        languages: { default: 'en-AU', others: ['de'] },
      }),
    ).toEqual({ _id: 'eden', name: 'Eden', hostnames: 'a.com, b.com', defaultLanguage: 'en-AU', otherLanguages: ['de'] })
    expect(domainFormValues(null)).toEqual({ _id: '', name: '', hostnames: '', ...english })
    expect(domainFormSchema.safeParse({ _id: 'has space', name: 'x', hostnames: '', ...english }).success).toBe(false)
    expect(domainFormSchema.safeParse({ _id: 'ok_id-1', name: 'x', hostnames: '', ...english }).success).toBe(true)
    expect(domainFormSchema.safeParse({ _id: 'ok', name: 'x', hostnames: '', defaultLanguage: 'fr', otherLanguages: [] }).success).toBe(
      false,
    )
  })
})
