/**
 * The in-page editor. Loaded lazily by app/root.tsx, in the browser only, for signed-in editors and
 * for the sign-in and password-recovery addresses: visitors never download this module or anything
 * it imports.
 */
import { setApiBase } from '#ui/api'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams, useLocation } from 'react-router'
import { Toaster } from 'sonner'
import { cannotPublishReason, teamMayPublish } from '#lib/team'
import { texts } from '#lib/texts'
import { setSiteOverride } from '~/site/site-override'
import { messageOf, postApi, reloadWithout } from '#ui/api.ts'
import { LoginDialog } from './auth/LoginDialog.tsx'
import { RecoveryDialog } from './auth/RecoveryDialog.tsx'
import { EditorMenu } from './menu/EditorMenu.tsx'
import { HistoryButtons } from './menu/HistoryButtons.tsx'
import { normalisePage } from './editing/blocks.ts'
import { PageSaverProvider } from './page/page-saver.tsx'
import { VersionPreviewBar } from './page/VersionPreviewBar.tsx'
import { editorCss, pageOffsetCss } from './editing/styles.ts'
import { usePageEditing, useUndoKeys } from './editing/use-page-editing.ts'
import { DashboardDialog } from './panels/DashboardDialog.tsx'
import SelectComponentPanel, { useSelectedComponentTitle } from './panels/SelectComponentPanel.tsx'
import { isPanelItem, panels } from './panels/registry.ts'
import { itemSurface } from './state/items.ts'
import { hasUnsavedChanges, showsWorkingCopy } from './state/selectors.ts'
import { EditorStoreProvider, useEditorDispatch, useEditorState } from './state/store.tsx'
import { CloseGuardContext } from './surfaces/close-guard.tsx'
import { Modal } from './surfaces/Modal.tsx'
import { Sidebar } from './surfaces/Sidebar.tsx'
import { TOAST_DURATION_MS, toastError } from './toast.ts'
import { editorPageOf, useRoutePage } from './use-route-page.ts'
import { useUnsavedChangesPrompt } from './use-unsaved-changes.ts'
import { CurrentUserContext } from './team/current-user.tsx'
import { useTeamSession } from './team/use-team-session.ts'
import { editorTexts } from '#lib/editor-texts'

export interface EditorUser {
  _id: string
  username: string
  email: string
  roles: string[]
}

const COLLAPSED_KEY = 'editor-menu-collapsed'

/** The menu starts as the editor left it; the first time, collapsed on phone-sized screens. */
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
  useEffect(() => {
    // Stored blocks get their type's defaults and a stable key, so views get complete props.
    dispatch({ type: 'loadPage', page: normalisePage(editorPageOf(routePage)), keepEdits: true })
  }, [routePage, dispatch])

  // The route shows the working copy; Select Component makes it editable in place.
  usePageEditing(state, dispatch)
  useUndoKeys(state, dispatch)
  const componentTitle = useSelectedComponentTitle()

  useUnsavedChangesPrompt(hasUnsavedChanges(state))
  useTeamSession(!!user)

  // The header and footer on the page show the editor's working copies while they are edited.
  const navOverride = showsWorkingCopy(state, 'nav') ? state.site.nav?.doc : undefined
  const footerOverride = showsWorkingCopy(state, 'footer') ? state.site.footer?.doc : undefined
  useEffect(() => {
    setSiteOverride({ nav: navOverride, footer: footerOverride })
  }, [navOverride, footerOverride])
  useEffect(() => () => setSiteOverride({}), [])

  // A modal panel with its own unsaved form asks before it closes.
  const modalDirty = useRef(false)
  const reportModalDirty = useCallback((dirty: boolean) => {
    modalDirty.current = dirty
  }, [])

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
  const modalPanel = isPanelItem(activeItem) && itemSurface[activeItem] === 'modal' ? panels[activeItem] : null
  const closeModal = (open: boolean) => {
    if (open) return
    if (modalDirty.current && !window.confirm(editorTexts.unsavedChanges)) return
    modalDirty.current = false
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

        {user ? (
          <>
            <Modal open={!!modalPanel} onOpenChange={closeModal} title={modalPanel?.title}>
              <CloseGuardContext.Provider value={reportModalDirty}>
                {modalPanel ? <modalPanel.Component /> : null}
              </CloseGuardContext.Provider>
            </Modal>
            <DashboardDialog open={activeItem === 'dashboard'} onOpenChange={closeModal} username={user.username} />
          </>
        ) : (
          <>
            <LoginDialog open={activeItem === 'login'} onOpenChange={closeModal} />
            {token && email ? (
              <RecoveryDialog
                open={!recoveryDismissed}
                onOpenChange={(open) => setRecoveryDismissed(!open)}
                token={token}
                email={email}
                onDone={recoveryDone}
              />
            ) : null}
          </>
        )}
      </div>
    </CurrentUserContext.Provider>
  )
}
