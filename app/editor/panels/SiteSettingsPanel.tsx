import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { chrome } from '#ui/editor/classes.ts'
import { CloseGuardProvider, useCloseGuardScope } from '../surfaces/close-guard.tsx'
import { siteSettingsTabs } from './site-settings-tabs.ts'
import { editorTexts } from '#lib/editor-texts'

/**
 * The 'Site Settings' modal: the general settings and each area's settings panel, one tab each.
 * Another tab replaces the open one's form, so a form with unsaved changes asks first.
 */
export default function SiteSettingsPanel() {
  const [first] = siteSettingsTabs
  const [openTab, setOpenTab] = useState(first?.id)
  const guard = useCloseGuardScope()
  if (siteSettingsTabs.length === 1 && first) return <first.Component />
  return (
    <Tabs.Root
      value={openTab}
      onValueChange={(next) => {
        if (guard.confirmDiscard()) setOpenTab(next)
      }}
      className="min-h-[26rem]"
    >
      <Tabs.List aria-label={editorTexts.panels.siteSettings} className="mb-4 flex flex-wrap gap-1 border-b border-neutral-200">
        {siteSettingsTabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id} className={chrome.tab}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <CloseGuardProvider report={guard.report}>
        {siteSettingsTabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className={chrome.focus}>
            <tab.Component />
          </Tabs.Content>
        ))}
      </CloseGuardProvider>
    </Tabs.Root>
  )
}
