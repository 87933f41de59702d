import type { ComponentType } from 'react'
import { listingTexts, texts } from '#lib/texts'
import GeneralSiteSettings from './GeneralSiteSettings.tsx'
import AtdwPanel from '../../listings/editor/AtdwPanel.tsx'
import ChaptersPanel from './ChaptersPanel.tsx'
import ConciergePanel from './ConciergePanel.tsx'
import { editorTexts } from '#lib/editor-texts'

/**
 * The tabs of the Site Settings modal. Each area adds its settings panel here (spec 01 §2.11
 * Chapters, §2.12 Concierge Form, spec 02 §2.4 ATDW): one line each, the panel in its own file.
 */
export interface SiteSettingsTab {
  id: string
  label: string
  Component: ComponentType
}

export const siteSettingsTabs: SiteSettingsTab[] = [
  { id: 'general', label: editorTexts.siteSettings.tabs.general, Component: GeneralSiteSettings },
  { id: 'atdw', label: listingTexts.atdw.tab, Component: AtdwPanel },
  { id: 'chapters', label: texts.chapters.panelTitle, Component: ChaptersPanel },
  { id: 'concierge', label: texts.concierge.panelTitle, Component: ConciergePanel },
]
