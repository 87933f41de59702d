import type { MenuItemId } from './types.ts'

/**
 * Where each menu item shows its panel. Sidebar panels sit beside the page (the page stays usable);
 * modal panels and dialogs take the focus until closed; 'page' is a mode of the page itself.
 */
export const itemSurface: Record<MenuItemId, 'sidebar' | 'modal' | 'page'> = {
  // Select Component is a mode of the page itself: the selected component's panel opens on demand.
  select: 'page',
  createPage: 'modal',
  savePage: 'sidebar',
  saveNav: 'sidebar',
  saveFooter: 'sidebar',
  publishPage: 'sidebar',
  configSettings: 'modal',
  siteSettings: 'modal',
  pageSettings: 'modal',
  dashboard: 'modal',
  login: 'modal',
}

/** Items that act on the loaded page: disabled when there is none (spec 01 §2.6). */
export const needsPage: ReadonlySet<MenuItemId> = new Set<MenuItemId>(['savePage', 'publishPage', 'pageSettings'])
