import type { ComponentType } from 'react'
import type { MenuItemId } from '../state/types.ts'
import { lazyPart } from '../lazy.ts'
import SelectComponentPanel from './SelectComponentPanel.tsx'
import { editorTexts } from '#lib/editor-texts'

// Each panel but the component's is a chunk of its own, downloaded when first opened (lazy.ts).
const CreatePagePanel = lazyPart(() => import('./CreatePagePanel.tsx').then((m) => m.default))
const SavePagePanel = lazyPart(() => import('./SavePagePanel.tsx').then((m) => m.default))
const SaveNavigationPanel = lazyPart(() => import('./SaveNavigationPanel.tsx').then((m) => m.default))
const SaveFooterPanel = lazyPart(() => import('./SaveFooterPanel.tsx').then((m) => m.default))
const PublishPagePanel = lazyPart(() => import('./PublishPagePanel.tsx').then((m) => m.default))
const ConfigSettingsPanel = lazyPart(() => import('./ConfigSettingsPanel.tsx').then((m) => m.default))
const SiteSettingsPanel = lazyPart(() => import('./SiteSettingsPanel.tsx').then((m) => m.default))
const PageSettingsPanel = lazyPart(() => import('./PageSettingsPanel.tsx').then((m) => m.default))

/** The menu items that open a panel, and whether it shows in the sidebar or in a modal (state/items.ts). */
export type PanelItem = Exclude<MenuItemId, 'dashboard' | 'login'>

/** Each menu item's panel: one component per file in this folder, its heading named here. */
export const panels: Record<PanelItem, { title: string; Component: ComponentType }> = {
  select: { title: editorTexts.panels.select, Component: SelectComponentPanel },
  createPage: { title: editorTexts.panels.createPage, Component: CreatePagePanel },
  savePage: { title: editorTexts.panels.savePage, Component: SavePagePanel },
  saveNav: { title: editorTexts.panels.saveNav, Component: SaveNavigationPanel },
  saveFooter: { title: editorTexts.panels.saveFooter, Component: SaveFooterPanel },
  publishPage: { title: editorTexts.panels.publishPage, Component: PublishPagePanel },
  configSettings: { title: editorTexts.panels.configSettings, Component: ConfigSettingsPanel },
  siteSettings: { title: editorTexts.panels.siteSettings, Component: SiteSettingsPanel },
  pageSettings: { title: editorTexts.panels.pageSettings, Component: PageSettingsPanel },
}

export function isPanelItem(item: MenuItemId | null): item is PanelItem {
  return item !== null && item in panels
}
