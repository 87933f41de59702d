import { Tooltip } from 'radix-ui'
import { useCallback, useEffect, useId, useRef, type ReactElement } from 'react'
import { CollapseIcon, ExpandIcon } from '../icons.tsx'
import { usePageSaver } from '../page/page-saver.tsx'
import { usePageSchedules } from '../page/schedules.ts'
import { formatScheduleTime, scheduleTexts } from '#lib/schedule'
import { useRevalidator } from 'react-router'
import { useEditedPageRef } from '../use-route-page.ts'
import { needsPage } from '../state/items.ts'
import { hasUnpublishedChanges } from '../state/page-utils.ts'
import { useEditorDispatch, useEditorState } from '../state/store.tsx'
import { focusFirstField, PAGE_SHORTCUT, PAGE_SHORTCUT_CODE } from './go-to-page.ts'
import { chrome } from '#ui/editor/classes.ts'
import { editorEntries, signedOutEntries, type MenuEntry } from './items.tsx'
import { editorTexts } from '#lib/editor-texts'
import { LanguageSwitch } from '../language/LanguageSwitch.tsx'
import { useDefaultLanguageName } from '../language/LanguageFieldEditor.tsx'

export interface EditorMenuProps {
  signedIn: boolean
  onLogout: () => void
  /** Why Publish Page is disabled for this editor's role (issue 21), if it is. */
  publishBlocked?: string
}

/** The key that brings the focus to the menu's Save Page (code, so Option+M on a Mac works too). */
export const MENU_SHORTCUT = 'Alt+M'
const MENU_SHORTCUT_CODE = 'KeyM'

const itemClass = `relative flex w-full items-center gap-3 rounded-md px-2.5 py-2 text-left text-[13px] font-medium leading-5 text-neutral-700 transition-colors hover:bg-neutral-100 hover:text-neutral-950 disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-red/10 aria-pressed:text-red ${chrome.focus} focus-visible:ring-offset-0`

/**
 * Spec 01 §2.6: the editor menu, fixed on the left beside the page (the page moves aside by its
 * width, EditorRoot's pageOffsetCss, so it never covers content), collapsible to icons. Plain buttons: Tab reaches each one, Enter and Space choose it.
 */
export function EditorMenu({ signedIn, onLogout, publishBlocked }: EditorMenuProps) {
  const { menu, page, language } = useEditorState()
  const inLanguage = !!language
  const defaultName = useDefaultLanguageName()
  const languageNoteId = useId()
  /** Menu items of the default language only, with why (decision 028). */
  const languageNotes: Partial<Record<string, string>> = {
    pageSettings: editorTexts.language.pageSettings(defaultName),
  }
  const dispatch = useEditorDispatch()
  const saver = usePageSaver()
  const { collapsed, activeItem } = menu
  const hasPage = page.page !== null
  const unpublished = hasUnpublishedChanges(page.page)
  const noticeId = useId()
  const scheduleId = useId()
  // The page's next scheduled publish or unpublish, shown on Publish Page (issue 17 point 6); once it
  // has run, the page's data is loaded again so the menu says what visitors now see.
  const { revalidate } = useRevalidator()
  const edited = useEditedPageRef(page.page?._id)
  const schedules = usePageSchedules(edited?.collection ?? 'pages', signedIn ? (edited?.pageId ?? null) : null, {
    watch: true,
    onRan: revalidate,
    locale: language?.locale ?? null,
  })
  const nextSchedule = schedules.pending[0]
  const scheduleNote = nextSchedule ? scheduleTexts.menuNote(nextSchedule.action, formatScheduleTime(nextSchedule.dueAt)) : null
  const blockedId = useId()
  const entries = signedIn ? editorEntries : signedOutEntries
  const collapseLabel = collapsed ? editorTexts.menu.expand : editorTexts.menu.collapse
  const CollapseGlyph = collapsed ? ExpandIcon : CollapseIcon

  // Alt+M from anywhere on the page (a block's text included) puts the focus on Save Page, then Tab
  // reaches Publish Page: a few keys from any block to saving and publishing (issue 31).
  const navRef = useRef<HTMLElement>(null)
  // Alt+P the other way: to the page's first field, Select Component turned on if it was off.
  const goToPage = useCallback(() => {
    if (hasPage && activeItem !== 'select') dispatch({ type: 'toggleActiveItem', item: 'select' })
    void focusFirstField()
  }, [hasPage, activeItem, dispatch])
  useEffect(() => {
    if (!signedIn) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      if (event.code === PAGE_SHORTCUT_CODE) {
        event.preventDefault()
        goToPage()
        return
      }
      if (event.code !== MENU_SHORTCUT_CODE) return
      const items = Array.from(navRef.current?.querySelectorAll<HTMLButtonElement>('button[data-menu-item]:not(:disabled)') ?? [])
      const target = items.find((item) => item.dataset.menuItem === 'savePage') ?? items[0]
      if (!target) return
      event.preventDefault()
      target.focus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [signedIn, goToPage])

  function choose(entry: MenuEntry) {
    if (entry.id === 'logout') return onLogout()
    // Save Page saves at once (issue 17); its panel opens beside the page with the page's status.
    if (entry.id === 'savePage' && activeItem !== 'savePage') void saver.saveNow()
    dispatch({ type: 'toggleActiveItem', item: entry.id })
  }

  return (
    <Tooltip.Provider delayDuration={150}>
      <nav
        ref={navRef}
        aria-label={editorTexts.menu.label}
        // Centred in the space above Undo and Redo (HistoryButtons, 6.25rem at the bottom, above the
        // consent banner while it shows), so the two never overlap on a short window.
        data-editor-menu=""
        data-collapsed={collapsed ? 'true' : 'false'}
        className={`fixed top-[calc((100svh-var(--consent-banner-height,0px)-6.25rem)/2)] left-2 ${chrome.z} max-h-[calc(100svh-var(--consent-banner-height,0px)-7.25rem)] -translate-y-1/2 overflow-y-auto rounded-lg ${chrome.panel} ${collapsed ? 'w-12' : 'w-56'}`}
      >
        <ul className="flex flex-col gap-0.5 p-1">
          <li>
            <WithTooltip show={collapsed} label={collapseLabel}>
              <button
                type="button"
                className={itemClass}
                aria-expanded={!collapsed}
                aria-label={collapsed ? collapseLabel : undefined}
                onClick={() => dispatch({ type: 'setCollapsed' })}
              >
                <CollapseGlyph className="shrink-0" />
                {collapsed ? null : <span>{collapseLabel}</span>}
              </button>
            </WithTooltip>
          </li>
          {entries.map((entry) => {
            const active = entry.id !== 'logout' && activeItem === entry.id
            const blocked = entry.id === 'publishPage' && !!publishBlocked
            // Page Settings (address, template, SEO) are the default language's (decision 028); the
            // navigation and footer panels translate their texts there (SiteDocTranslation).
            const languageNote = inLanguage ? languageNotes[entry.id] : undefined
            const structureOnly = !!languageNote
            const disabled = (entry.id !== 'logout' && needsPage.has(entry.id) && !hasPage) || blocked || structureOnly
            const notice = entry.id === 'publishPage' && hasPage && unpublished && !blocked
            const scheduled = entry.id === 'publishPage' && hasPage && scheduleNote ? scheduleNote : null
            const hint = editorTexts.menu.hints[entry.id]
            const hintId = hint ? `${noticeId}-hint-${entry.id}` : null
            const describedBy = [
              notice ? noticeId : blocked ? blockedId : null,
              scheduled ? scheduleId : null,
              hintId,
              structureOnly ? `${languageNoteId}-${entry.id}` : null,
            ]
              .filter(Boolean)
              .join(' ')
            return (
              <li key={entry.id} className={entry.groupStart ? 'mt-0.5 border-t border-neutral-200 pt-0.5' : undefined}>
                {/* Where the spec's name does not say what the item opens, its tooltip does (issue 31). */}
                <WithTooltip
                  show={(collapsed || !!hint) && !disabled}
                  label={collapsed && hint ? `${entry.label}: ${hint}` : (hint ?? entry.label)}
                >
                  <button
                    type="button"
                    className={itemClass}
                    data-menu-item={entry.id}
                    aria-pressed={entry.id === 'logout' ? undefined : active}
                    aria-keyshortcuts={entry.id === 'savePage' ? MENU_SHORTCUT : entry.id === 'select' ? PAGE_SHORTCUT : undefined}
                    aria-label={collapsed ? entry.label : undefined}
                    aria-describedby={describedBy || undefined}
                    title={blocked ? publishBlocked : languageNote}
                    disabled={disabled}
                    onClick={() => choose(entry)}
                  >
                    <span className="relative shrink-0">
                      <entry.Icon />
                      {notice ? (
                        <span
                          data-publish-notification=""
                          className="absolute -top-1 -right-1 size-2.5 rounded-full bg-red-lighter ring-2 ring-white"
                        />
                      ) : null}
                      {scheduled ? (
                        <span
                          data-publish-scheduled=""
                          aria-hidden="true"
                          className="absolute -right-1 -bottom-1 flex size-3 items-center justify-center rounded-full bg-neutral-800 ring-2 ring-white"
                        >
                          <span className="block h-1 w-[3px] translate-x-[0.5px] -translate-y-[0.5px] border-b border-l border-white" />
                        </span>
                      ) : null}
                    </span>
                    {collapsed ? null : <span className="truncate">{entry.label}</span>}
                  </button>
                </WithTooltip>
                {hintId ? (
                  <span id={hintId} hidden>
                    {hint}
                  </span>
                ) : null}
                {scheduled && !collapsed ? (
                  <p
                    id={scheduleId}
                    data-publish-schedule-note=""
                    className="-mt-1 pb-1 pl-[2.6rem] text-[11px] leading-4 text-neutral-700"
                  >
                    {scheduled}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
        {signedIn && hasPage ? <LanguageSwitch collapsed={collapsed} /> : null}
        {inLanguage && signedIn
          ? Object.entries(languageNotes).map(([id, note]) => (
              <span key={id} id={`${languageNoteId}-${id}`} hidden>
                {note}
              </span>
            ))
          : null}
        {publishBlocked && signedIn && !collapsed ? (
          <p id={blockedId} data-publish-blocked="" className="mx-2 mb-2 text-xs text-neutral-600">
            {publishBlocked}
          </p>
        ) : publishBlocked && signedIn ? (
          <span id={blockedId} hidden>
            {publishBlocked}
          </span>
        ) : null}
        {scheduleNote && hasPage && signedIn && collapsed ? (
          <span id={scheduleId} hidden>
            {scheduleNote}
          </span>
        ) : null}
        {unpublished && hasPage && signedIn ? (
          <span id={noticeId} hidden>
            {editorTexts.menu.unpublishedChanges}
          </span>
        ) : null}
      </nav>
    </Tooltip.Provider>
  )
}

/**
 * A tooltip with the item's name beside a collapsed (icon-only) menu item. Always rendered (only
 * kept closed when not wanted), so collapsing does not remount the button and lose its focus.
 */
function WithTooltip({ show, label, children }: { show: boolean; label: string; children: ReactElement }) {
  return (
    <Tooltip.Root {...(show ? {} : { open: false })}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={10}
          className={`${chrome.z} rounded-md bg-neutral-900 px-2 py-1 text-xs font-medium text-white shadow-md`}
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
