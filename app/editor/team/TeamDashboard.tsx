import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { dashboardTexts } from '#lib/dashboard'
import { teamTexts } from '#lib/team'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'
import { ActivityLogPanel, LatestActivity } from './ActivityLog.tsx'
import { AllPages } from './AllPages.tsx'
import { useCurrentUser } from './current-user.tsx'
import { DashboardOverview } from './DashboardOverview.tsx'
import { EditorsPanel } from './EditorsPanel.tsx'
import { MyAccount } from './MyAccount.tsx'
import { ResultsPanel } from '../results/ResultsPanel.tsx'
import { resultsTexts } from '#lib/results'

type Tab = 'overview' | 'pages' | 'results' | 'latest' | 'editors' | 'activity' | 'account'

const tabLabel = (id: Tab) =>
  id === 'overview'
    ? dashboardTexts.tab
    : id === 'pages'
      ? editorTexts.allPages.tab
      : id === 'results'
        ? resultsTexts.tab
        : teamTexts.tabs[id]

/** The dashboard's content: the overview (issue 17), every page (issue 31), the latest changes (issue 21), the editors (admins), the whole log, my account. */
export function TeamDashboard() {
  const { isAdmin, role } = useCurrentUser()
  const [tab, setTab] = useState<Tab>('overview')
  // The Results are read by publishers and admins (the server checks the same, issue 37).
  const readsResults = role === 'admin' || role === 'publisher'
  const tabs: Tab[] = [
    'overview',
    'pages',
    ...(readsResults ? (['results'] as const) : []),
    'latest',
    ...(isAdmin ? (['editors'] as const) : []),
    'activity',
    'account',
  ]
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)} className="min-h-[26rem]">
      <Tabs.List aria-label={teamTexts.dashboardTabs} className="mb-4 flex flex-wrap gap-1 border-b border-neutral-200">
        {tabs.map((id) => (
          <Tabs.Trigger key={id} value={id} className={chrome.tab}>
            {tabLabel(id)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="overview" className={chrome.focus}>
        <DashboardOverview />
      </Tabs.Content>
      <Tabs.Content value="pages" className={chrome.focus}>
        <AllPages />
      </Tabs.Content>
      {readsResults ? (
        <Tabs.Content value="results" className={chrome.focus}>
          <ResultsPanel />
        </Tabs.Content>
      ) : null}
      <Tabs.Content value="latest" className={chrome.focus}>
        <LatestActivity onShowAll={() => setTab('activity')} />
      </Tabs.Content>
      {isAdmin ? (
        <Tabs.Content value="editors" className={chrome.focus}>
          <EditorsPanel />
        </Tabs.Content>
      ) : null}
      <Tabs.Content value="activity" className={chrome.focus}>
        <ActivityLogPanel />
      </Tabs.Content>
      <Tabs.Content value="account" className={chrome.focus}>
        <MyAccount />
      </Tabs.Content>
    </Tabs.Root>
  )
}
