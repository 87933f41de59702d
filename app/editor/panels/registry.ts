import type { ComponentType } from 'react'
import { texts } from '#lib/texts'
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

/** The menu items that open a panel, and whether it shows in the sidebar or in a modal (state/items.ts). */
export type PanelItem = Exclude<MenuItemId, 'dashboard' | 'login'>

/** Each menu item's panel: one component per file in this folder, its heading named here. */
export const panels: Record<PanelItem, { title: string; Component: ComponentType }> = {
  select: { title: texts.editor.panels.select, Component: SelectComponentPanel },
  createPage: { title: texts.editor.panels.createPage, Component: CreatePagePanel },
  savePage: { title: texts.editor.panels.savePage, Component: SavePagePanel },
  saveNav: { title: texts.editor.panels.saveNav, Component: SaveNavigationPanel },
  saveFooter: { title: texts.editor.panels.saveFooter, Component: SaveFooterPanel },
  publishPage: { title: texts.editor.panels.publishPage, Component: PublishPagePanel },
  configSettings: { title: texts.editor.panels.configSettings, Component: ConfigSettingsPanel },
  siteSettings: { title: texts.editor.panels.siteSettings, Component: SiteSettingsPanel },
  pageSettings: { title: texts.editor.panels.pageSettings, Component: PageSettingsPanel },
}

export function isPanelItem(item: MenuItemId | null): item is PanelItem {
  return item !== null && item in panels
}
