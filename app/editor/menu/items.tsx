import type { ComponentType, SVGProps } from 'react'
import {
  ConfigIcon,
  DashboardIcon,
  FilePlusIcon,
  FooterIcon,
  GlobeIcon,
  LoginIcon,
  LogoutIcon,
  NavigationIcon,
  PageSettingsIcon,
  PublishIcon,
  SaveIcon,
  SelectIcon,
} from '../icons.tsx'
import type { MenuItemId } from '../state/types.ts'
import { editorTexts } from '#lib/editor-texts'

export interface MenuEntry {
  /** A menu item that becomes the active one, or a plain command. */
  id: MenuItemId | 'logout'
  label: string
  Icon: ComponentType<SVGProps<SVGSVGElement>>
  /** Starts a new group (a thin rule above it). */
  groupStart?: boolean
}

/** Spec 01 §2.6: the signed-in menu, in this order, after Collapse Menu. */
export const editorEntries: readonly MenuEntry[] = [
  { id: 'select', label: editorTexts.menu.select, Icon: SelectIcon, groupStart: true },
  { id: 'createPage', label: editorTexts.menu.createPage, Icon: FilePlusIcon },
  { id: 'savePage', label: editorTexts.menu.savePage, Icon: SaveIcon, groupStart: true },
  { id: 'saveNav', label: editorTexts.menu.saveNav, Icon: NavigationIcon },
  { id: 'saveFooter', label: editorTexts.menu.saveFooter, Icon: FooterIcon },
  { id: 'publishPage', label: editorTexts.menu.publishPage, Icon: PublishIcon },
  { id: 'configSettings', label: editorTexts.menu.configSettings, Icon: ConfigIcon, groupStart: true },
  { id: 'siteSettings', label: editorTexts.menu.siteSettings, Icon: GlobeIcon },
  { id: 'pageSettings', label: editorTexts.menu.pageSettings, Icon: PageSettingsIcon },
  { id: 'dashboard', label: editorTexts.menu.dashboard, Icon: DashboardIcon, groupStart: true },
  { id: 'logout', label: editorTexts.menu.logout, Icon: LogoutIcon },
]

/** Spec 01 §2.6: signed out, only Collapse/Expand and Login. */
export const signedOutEntries: readonly MenuEntry[] = [{ id: 'login', label: editorTexts.menu.login, Icon: LoginIcon, groupStart: true }]
