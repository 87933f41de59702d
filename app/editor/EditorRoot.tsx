/**
 * The in-page editor. Loaded lazily by app/root.tsx, in the browser only, for signed-in editors and
 * for the sign-in and password-recovery addresses: visitors never download this module or anything
 * it imports.
 */
import { setApiBase } from '#ui/api'
import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams, useLocation } from 'react-router'
import { Toaster } from 'sonner'
import { cannotPublishReason, teamMayPublish } from '#lib/team'
import { texts } from '#lib/texts'
import { setSiteOverride } from '~/site/site-override'
import { messageOf, postApi, reloadWithout } from '#ui/api.ts'
import { EditorMenu } from './menu/EditorMenu.tsx'
import { HistoryButtons } from './menu/HistoryButtons.tsx'
import { normalisePage } from './editing/blocks.ts'
import { PageSaverProvider } from './page/page-saver.tsx'
import { VersionPreviewBar } from './page/VersionPreviewBar.tsx'
import { editorCss, pageOffsetCss } from './editing/styles.ts'
import { usePageEditing, useUndoKeys } from './editing/use-page-editing.ts'
import SelectComponentPanel, { useSelectedComponentTitle } from './panels/SelectComponentPanel.tsx'
import { isPanelItem, panels } from './panels/registry.ts'
import { itemSurface } from './state/items.ts'
import { hasUnsavedChanges, showsTranslationWorkingCopy, showsWorkingCopy } from './state/selectors.ts'
import { translatedSiteDoc } from './site/site-translation.ts'
import type { SiteDocKind, SiteDocs } from './state/types.ts'
import { EditorStoreProvider, useEditorDispatch, useEditorState } from './state/store.tsx'
import { CloseGuardProvider, useCloseGuardScope } from './surfaces/close-guard.tsx'
import { Modal } from './surfaces/Modal.tsx'
import { Sidebar } from './surfaces/Sidebar.tsx'
import { TOAST_DURATION_MS, toastError } from './toast.ts'
import { editorPageOf, routeLanguageOf, useRoutePage } from './use-route-page.ts'
import { languagePage } from './language/language.ts'
import { pageFields } from '#blocks/translatable'
import { useLocale } from '#ui/locale'
import { useUnsavedChangesPrompt } from './use-unsaved-changes.ts'
import { CurrentUserContext } from './team/current-user.tsx'
import { useTeamSession } from './team/use-team-session.ts'
import { DeactivatedDialog } from './team/DeactivatedDialog.tsx'
import { unsavedTexts } from './team/unsaved-texts.ts'
import { lazyPart } from './lazy.ts'
import { BLOCK_PARAM, parseBlockParam } from '#lib/radar'

// Dialogs a first edit does not need, in chunks of their own (lazy.ts).
const LoginDialog = lazyPart(() => import('./auth/LoginDialog.tsx').then((m) => m.LoginDialog))
const RecoveryDialog = lazyPart(() => import('./auth/RecoveryDialog.tsx').then((m) => m.RecoveryDialog))
const DashboardDialog = lazyPart(() => import('./panels/DashboardDialog.tsx').then((m) => m.DashboardDialog))

export interface EditorUser {
  _id: string
  username: string
  email: string
  roles: string[]
}

const COLLAPSED_KEY = 'editor-menu-collapsed'

/** The menu starts as the editor left it; the first time, collapsed on phone-sized screens. */
/**
 * The navigation or footer the page shows instead of the stored one while the editor works on it:
 * the working copy in the default language, or in a further language that copy (or the stored draft
 * the panel loaded) with the language's typed texts over it; undefined when the stored one shows.
 */
function useSiteDocOverride<K extends SiteDocKind>(kind: K, inLanguage: boolean): SiteDocs[K] | undefined {
  const state = useEditorState()
  const doc = state.site[kind]?.doc as SiteDocs[K] | undefined
  const texts = state.siteTranslations[kind]?.texts
  const showsTranslation = inLanguage && showsTranslationWorkingCopy(state, kind)
  const showsDefault = !inLanguage && showsWorkingCopy(state, kind)
  return useMemo(() => {
    if (showsDefault) return doc
    if (showsTranslation && doc && texts) return translatedSiteDoc(kind, doc, texts)
    return undefined
  }, [kind, doc, texts, showsDefault, showsTranslation])
}

function initialCollapsed(): boolean {
  try {
    const stored = window.localStorage.getItem(COLLAPSED_KEY)
    if (stored !== null) return stored === 'true'
  } catch {
    // storage unavailable: fall back to the screen size
  }
  return window.matchMedia('(max-width: 767px)').matches
}

export default function EditorRoot({ user, apiBase }: { user: EditorUser | null; apiBase: string }) {
  setApiBase(apiBase)
  return (
    <EditorStoreProvider initialCollapsed={initialCollapsed()}>
      {/* Spec 01 §8: top-centre, 4 s; sonner pauses the timer while a toast is hovered. Mounted first so
          toasts raised by the siblings' effects below are not missed. */}
      <Toaster position="top-center" duration={TOAST_DURATION_MS} />
      {/* One writer of the page: autosave, Save Page and the panels' saves and publishes (issue 17). */}
      <PageSaverProvider enabled={!!user}>
        <EditorShell user={user} />
      </PageSaverProvider>
    </EditorStoreProvider>
  )
}

function EditorShell({ user }: { user: EditorUser | null }) {
  const state = useEditorState()
  const dispatch = useEditorDispatch()
  const { activeItem, sidebar, collapsed } = state.menu
  const [searchParams, setSearchParams] = useSearchParams()

  // The page the route loaded (its stored draft) becomes the editor's page, with its saved copy.
  // Route data loaded again for the same version (after saving the navigation, say) keeps edits.
  const routePage = useRoutePage()
  const { locale: pageLocale, languages } = useLocale()
  const defaultLocale = languages.default
  useEffect(() => {
    // Stored blocks get their type's defaults and a stable key, so views get complete props.
    const structure = normalisePage(editorPageOf(routePage))
    const loaded = routeLanguageOf(routePage)
    if (!structure || !loaded) {
      dispatch({ type: 'loadPage', page: structure, keepEdits: true })
      return
    }
    // A further language (/de/about): the page in it, its texts edited in place (decision 028).
    const fields = pageFields(structure)
    const page = languagePage(structure, fields, loaded)
    dispatch({ type: 'loadPage', page, keepEdits: true, language: { locale: loaded.locale, defaultLocale, structure, fields } })
  }, [routePage, defaultLocale, dispatch])

  // The route shows the working copy; Select Component makes it editable in place.
  usePageEditing(state, dispatch)
  useUndoKeys(state, dispatch)
  const componentTitle = useSelectedComponentTitle()

  useUnsavedChangesPrompt(hasUnsavedChanges(state))
  const { deactivated, closeDeactivated } = useTeamSession(!!user)
  // Deactivated while editing: what they typed and had not saved, shown to copy.
  const unsaved = deactivated ? (state.page.isDirty ? unsavedTexts(state.page.savedPage, state.page.page) : []) : null
  // Nothing opens over that dialog: a panel chosen just before (its part still downloading when a
  // heartbeat was refused) would have opened on top of it, hiding it and its Close.
  const modalPanelChosen = isPanelItem(activeItem) && itemSurface[activeItem] === 'modal'
  const modalChosen = activeItem === 'dashboard' || modalPanelChosen
  useEffect(() => {
    if (deactivated && modalChosen) dispatch({ type: 'clearActiveItem' })
  }, [deactivated, modalChosen, dispatch])

  // The header and footer on the page show the editor's working copies while they are edited; in a
  // further language, the default language's copy with the texts typed in the language over it.
  const inLanguage = pageLocale !== defaultLocale
  const navOverride = useSiteDocOverride('nav', inLanguage)
  const footerOverride = useSiteDocOverride('footer', inLanguage)
  useEffect(() => {
    setSiteOverride({ nav: navOverride, footer: footerOverride })
  }, [navOverride, footerOverride])
  useEffect(() => () => setSiteOverride({}), [])

  // A modal panel with its own unsaved form asks before it closes.
  const modalGuard = useCloseGuardScope()

  useEffect(() => {
    try {
      window.localStorage.setItem(COLLAPSED_KEY, String(collapsed))
    } catch {
      // not remembered: fine
    }
  }, [collapsed])

  // Spec 01 §2.5: a recovery link (?token=...&email=...) is for signed-out users only.
  const token = searchParams.get('token')
  const email = searchParams.get('email')
  const [recoveryDismissed, setRecoveryDismissed] = useState(false)
  const warned = useRef(false)
  useEffect(() => {
    if (user && token && !warned.current) {
      warned.current = true
      toastError(texts.toasts.alreadyLoggedIn)
    }
  }, [user, token])

  // Opened from the dashboard's radar (`?block=contents.2`): Select Component, with that block
  // selected (its frame scrolls into view and takes the focus), once the page is loaded.
  const blockAsked = parseBlockParam(searchParams.get(BLOCK_PARAM))
  const pageLoaded = !!state.page.page
  useEffect(() => {
    if (!user || !blockAsked || !pageLoaded) return
    dispatch({ type: 'toggleActiveItem', item: 'select' })
    dispatch({ type: 'selectBlock', path: blockAsked })
    setSearchParams(
      (params) => {
        params.delete(BLOCK_PARAM)
        return params
      },
      { replace: true, preventScrollReset: true },
    )
    // blockAsked is a new array each render: its text is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, blockAsked?.join('.'), pageLoaded, dispatch, setSearchParams])

  // The /login page exists to sign in: open the login overlay there straight away.
  const { pathname } = useLocation()
  const openedLogin = useRef(false)
  useEffect(() => {
    if (pathname === '/login' && !user && !token && !openedLogin.current) {
      openedLogin.current = true
      dispatch({ type: 'toggleActiveItem', item: 'login' })
    }
  }, [pathname, user, token, dispatch])

  async function logout() {
    try {
      await postApi('/user/logout')
    } catch (err) {
      toastError(messageOf(err))
      return
    }
    reloadWithout(['login'])
  }

  function recoveryDone() {
    setSearchParams(
      (params) => {
        params.delete('token')
        params.delete('email')
        return params
      },
      { replace: true, preventScrollReset: true },
    )
    setRecoveryDismissed(true)
    if (activeItem !== 'login') dispatch({ type: 'toggleActiveItem', item: 'login' })
  }

  const sidebarPanel =
    sidebar.content === 'component'
      ? { title: componentTitle, Component: SelectComponentPanel }
      : sidebar.content && isPanelItem(sidebar.content)
        ? panels[sidebar.content]
        : null
  // The dashboard and login dialogs are downloaded when first opened, then stay (lazy.ts).
  const [opened, setOpened] = useState({ dashboard: false, login: false })
  if ((activeItem === 'dashboard' && !opened.dashboard) || (activeItem === 'login' && !opened.login))
    setOpened({ dashboard: opened.dashboard || activeItem === 'dashboard', login: opened.login || activeItem === 'login' })
  const modalPanel = !deactivated && modalPanelChosen ? panels[activeItem] : null
  const closeModal = (open: boolean) => {
    if (open) return
    if (!modalGuard.confirmDiscard()) return
    dispatch({ type: 'clearActiveItem' })
  }

  return (
    <CurrentUserContext.Provider value={user}>
      <div data-editor-root="">
        <style>{editorCss}</style>
        <style data-editor-page-offset="">{pageOffsetCss(collapsed)}</style>
        <EditorMenu
          signedIn={!!user}
          onLogout={() => void logout()}
          publishBlocked={user && !teamMayPublish(user.roles) ? cannotPublishReason : undefined}
        />
        {user ? <HistoryButtons /> : null}
        {user ? <VersionPreviewBar /> : null}

        {/* Around each dialog whose panel may still be downloading (lazy.ts): it opens once whole. */}
        <Suspense fallback={null}>
          <Sidebar
            open={sidebar.open && !!sidebarPanel}
            onOpenChange={(open) => {
              if (!open) dispatch({ type: 'closeSidebar' })
            }}
            side={sidebar.side}
            title={sidebarPanel?.title}
          >
            {sidebarPanel ? <sidebarPanel.Component /> : null}
          </Sidebar>
        </Suspense>

        {user ? (
          <>
            <Suspense fallback={null}>
              <Modal open={!!modalPanel} onOpenChange={closeModal} title={modalPanel?.title}>
                <CloseGuardProvider report={modalGuard.report}>{modalPanel ? <modalPanel.Component /> : null}</CloseGuardProvider>
              </Modal>
            </Suspense>
            {opened.dashboard ? (
              <Suspense fallback={null}>
                <DashboardDialog open={activeItem === 'dashboard' && !deactivated} onOpenChange={closeModal} username={user.username} />
              </Suspense>
            ) : null}
          </>
        ) : (
          <>
            {opened.login ? (
              <Suspense fallback={null}>
                <LoginDialog open={activeItem === 'login'} onOpenChange={closeModal} />
              </Suspense>
            ) : null}
            {token && email ? (
              <Suspense fallback={null}>
                <RecoveryDialog
                  open={!recoveryDismissed}
                  onOpenChange={(open) => setRecoveryDismissed(!open)}
                  token={token}
                  email={email}
                  onDone={recoveryDone}
                />
              </Suspense>
            ) : null}
          </>
        )}
        <DeactivatedDialog texts={unsaved} onClose={closeDeactivated} />
      </div>
    </CurrentUserContext.Provider>
  )
}
