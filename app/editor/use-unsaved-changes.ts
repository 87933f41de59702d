import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { editorTexts } from '#lib/editor-texts'

/**
 * Spec 01 §4: while the page has unsaved changes, leaving it asks first. In-app navigation to
 * another page asks with the spec's text; closing or reloading the tab gets the browser's own prompt
 * (browsers no longer show a page's text there).
 */
export function useUnsavedChangesPrompt(isDirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(editorTexts.unsavedChanges)) blocker.proceed()
    else blocker.reset()
  }, [blocker])

  useEffect(() => {
    if (!isDirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = editorTexts.unsavedChanges
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [isDirty])
}
