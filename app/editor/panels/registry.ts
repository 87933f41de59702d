import type { ComponentType } from 'react'
import type { MenuItemId } from '../state/types.ts'
import ConfigSettingsPanel from './ConfigSettingsPanel.tsx'
import CreatePagePanel from './CreatePagePanel.tsx'
import PageSettingsPanel from './PageSettingsPanel.tsx'
import PublishPagePanel from './PublishPagePanel.tsx'
import SaveFooterPanel from './SaveFooterPanel.tsx'
import SaveNavigationPanel from './SaveNavigationPanel.tsx'
import SavePagePanel from './SavePagePanel.tsx'
import SelectComponentPanel from './SelectComponentPanel.tsx'
import SiteSettingsPanel from './SiteSettingsPanel.tsx'
import { editorTexts } from '#lib/editor-texts'

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
