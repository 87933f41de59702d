import { Tabs } from 'radix-ui'
import { chrome } from '#ui/editor/classes.ts'
import { siteSettingsTabs } from './site-settings-tabs.ts'
import { editorTexts } from '#lib/editor-texts'

/** The 'Site Settings' modal: the general settings and each area's settings panel, one tab each. */
export default function SiteSettingsPanel() {
  const [first] = siteSettingsTabs
  if (siteSettingsTabs.length === 1 && first) return <first.Component />
  return (
    <Tabs.Root defaultValue={first?.id} className="min-h-[26rem]">
      <Tabs.List aria-label={editorTexts.panels.siteSettings} className="mb-4 flex flex-wrap gap-1 border-b border-neutral-200">
        {siteSettingsTabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id} className={chrome.tab}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {siteSettingsTabs.map((tab) => (
        <Tabs.Content key={tab.id} value={tab.id} className={chrome.focus}>
          <tab.Component />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
