/**
 * Page templates of spec 01 §2.14: each starts a page with its header shape and defaults.
 * Used by the Create New Page dialog and by the server when it creates a page.
 */
import type { PageHeader } from './content.ts'

export const pageTypes = ['page', 'generic', 'chapters', 'listing'] as const
export type PageType = (typeof pageTypes)[number]
export const isKnownPageType = (value: string): value is PageType => (pageTypes as readonly string[]).includes(value)

interface TemplateDefinition {
  label: string
  /** What a new page of this template starts with (besides title and slug). */
  defaults: () => { header: PageHeader; showBreadcrumb?: boolean; backgroundColour?: string; headerType?: string }
}

const emptyLinks = () => ({ left: { title: '', links: [] }, right: { title: '', links: [] } })
const image = () => ({ imageId: '', alt: '' })

export const pageTemplates = {
  home: {
    label: 'Home',
    defaults: () => ({ header: { title: '', description: '', image: image(), headerLinks: emptyLinks() } }),
  },
  CampaignHome: {
    label: 'Campaign Home',
    defaults: () => ({
      header: {
        title: '',
        subTitle: '',
        description: '',
        image: image(),
        video: { link: '' },
        overlayer: { image: image(), position: 'center', width: 50 },
      },
    }),
  },
  generic: {
    label: 'Generic',
    defaults: () => ({
      header: { title: '', description: '', breadcrumb: [] },
      showBreadcrumb: true,
      backgroundColour: 'backgroundLightYellow',
      headerType: 'HeaderThree',
    }),
  },
  genericColour: {
    label: 'Generic With Colour',
    defaults: () => ({
      header: { title: '', description: '', breadcrumb: [] },
      showBreadcrumb: true,
      backgroundColour: 'backgroundLightYellow',
      headerType: 'HeaderThree',
    }),
  },
  genericImage: {
    label: 'Generic With Image',
    defaults: () => ({
      header: { title: '', description: '', image: image(), breadcrumb: [] },
      showBreadcrumb: true,
      backgroundColour: 'backgroundLightYellow',
      headerType: 'HeaderThree',
    }),
  },
  premium: {
    label: 'Premium',
    defaults: () => ({ header: { title: '', subTitle: '', flagText: '', description: '', image: image(), headerLinks: emptyLinks() } }),
  },
  empty: {
    label: 'Empty',
    defaults: () => ({ header: { title: '' } }),
  },
} satisfies Record<string, TemplateDefinition>

export type TemplateKey = keyof typeof pageTemplates
export const templateKeys = Object.keys(pageTemplates) as TemplateKey[]
export const isTemplateKey = (value: string): value is TemplateKey => Object.hasOwn(pageTemplates, value)

/** A new page of a template: its defaults with the title filled in and no contents. */
export function newPage(template: TemplateKey, title: string) {
  const defaults = pageTemplates[template].defaults()
  return { ...defaults, template, pageType: 'page', header: { ...defaults.header, title }, contents: [] }
}
