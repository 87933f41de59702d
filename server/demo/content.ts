import type { DomainDoc, FooterDoc, NavDoc, SiteSettingsDoc } from '#lib/content'
import type { PageInput } from '../services/pages.ts'
import type { DemoImages } from './images.ts'

export interface DemoSite {
  domain: DomainDoc
  pages: PageInput[]
  nav: Omit<NavDoc, 'domainId'>
  footer: Omit<FooterDoc, 'domainId'>
  siteSettings: Omit<SiteSettingsDoc, 'domainId' | '_id'>
}

export function demoSites(images: DemoImages): DemoSite[] {
  return [
    {
      domain: { _id: 'barossa', name: 'Barossa', hostnames: ['localhost', '127.0.0.1'], published: true },
      pages: [
        {
          slug: '',
          template: 'home',
          header: { title: 'Barossa', description: 'Wine, food and open country an hour from Adelaide.', image: { imageId: images['vineyard-hills'], alt: 'Vineyards rolling over the hills' } },
          contents: [
            { componentType: 'SectionHeading', title: 'Welcome to the Barossa' },
          ],
        },
      ],
      nav: { siteName: 'Barossa', items: [{ text: 'Home', href: '/', type: 'page', groups: [] }] },
      footer: { copy: '© Barossa', linkGroups: [], social: [] },
      siteSettings: { og: { image: { imageId: '' }, keywords: '', title: 'Barossa', description: '' }, twitter: { image: { imageId: '' }, keywords: '', title: '', description: '' }, redirects: [], categories: [] },
    },
  ]
}
