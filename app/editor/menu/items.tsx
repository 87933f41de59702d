import type { ComponentType, SVGProps } from 'react'
import { texts } from '#lib/texts'
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
  { id: 'select', label: texts.editor.menu.select, Icon: SelectIcon, groupStart: true },
  { id: 'createPage', label: texts.editor.menu.createPage, Icon: FilePlusIcon },
  { id: 'savePage', label: texts.editor.menu.savePage, Icon: SaveIcon, groupStart: true },
  { id: 'saveNav', label: texts.editor.menu.saveNav, Icon: NavigationIcon },
  { id: 'saveFooter', label: texts.editor.menu.saveFooter, Icon: FooterIcon },
  { id: 'publishPage', label: texts.editor.menu.publishPage, Icon: PublishIcon },
  { id: 'configSettings', label: texts.editor.menu.configSettings, Icon: ConfigIcon, groupStart: true },
  { id: 'siteSettings', label: texts.editor.menu.siteSettings, Icon: GlobeIcon },
  { id: 'pageSettings', label: texts.editor.menu.pageSettings, Icon: PageSettingsIcon },
  { id: 'dashboard', label: texts.editor.menu.dashboard, Icon: DashboardIcon, groupStart: true },
  { id: 'logout', label: texts.editor.menu.logout, Icon: LogoutIcon },
]

/** Spec 01 §2.6: signed out, only Collapse/Expand and Login. */
export const signedOutEntries: readonly MenuEntry[] = [{ id: 'login', label: texts.editor.menu.login, Icon: LoginIcon, groupStart: true }]
