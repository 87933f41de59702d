/** The stale-content radar (issue 34 point 6), shared by the server (server/publish/radar.ts) and the dashboard. */
import type { PublishCheck } from './publish-checks.ts'

/** Where a stale link is: a page, a story's chapter, the navigation or the footer. */
export type StaleSource = 'page' | 'chapter' | 'navigation' | 'footer'

export interface StaleListing {
  id: string
  name: string
  slug: string
}

export interface StaleFinding {
  id: string
  source: StaleSource
  pageId: string | null
  /** The page's or chapter's address (without the leading slash); '' for the navigation and footer. */
  slug: string
  title: string
  check: Extract<PublishCheck, 'listing-inactive' | 'listing-unpublished' | 'event-over' | 'link-missing' | 'link-unpublished'>
  /** The block as the editor's path; null for the page header or a site document. */
  block: (string | number)[] | null
  path: string
  href: string
  /** The listing a listing finding points at. */
  target: StaleListing | null
  /** Similar active listings to put in its place. */
  suggestions: StaleListing[]
  /** When the radar first found it. */
  foundAt: string
}

export interface StaleReport {
  findings: StaleFinding[]
  /** All findings of the domain (the list shows the newest few). */
  total: number
  /** When the radar last looked (null: not yet). */
  checkedAt: string | null
}

/** The editor opens a page with this parameter (`?block=contents.2`) to select that block. */
export const BLOCK_PARAM = 'block'

/** A block path as the address carries it, and back. */
export const blockParam = (path: readonly (string | number)[]) => path.join('.')
export function parseBlockParam(value: string | null): (string | number)[] | null {
  if (!value || !/^contents(\.[\w-]+)+$/.test(value)) return null
  return value.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

export const radarTexts = {
  heading: 'Gone stale',
  intro:
    'Published pages that point at a listing no longer active, an event that is over, or a page that is gone. Checked after every sync and publish.',
  empty: 'Nothing stale: every link on the published site leads somewhere live.',
  more: (shown: number, total: number) => `Showing the newest ${shown} of ${total}.`,
  checked: (when: string) => `Last checked ${when}`,
  found: (when: string) => `found ${when}`,
  source: {
    page: 'Page',
    chapter: 'Story chapter',
    navigation: 'Navigation',
    footer: 'Footer',
  } as Record<StaleSource, string>,
  show: 'Open the block',
  openPage: 'Open the page',
  suggestions: 'Similar active listings:',
  untitled: 'Untitled page',
}
