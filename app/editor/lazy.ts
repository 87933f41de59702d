import { lazy, type ComponentType } from 'react'
import { reloadAfterChunkError } from '~/document/chunk-reload'

/**
 * A part of the editor in a chunk of its own, downloaded the first time it shows (issue 32: what a
 * first edit needs stays small; panels, dialogs and their form libraries come when opened). Render
 * it inside a <Suspense> around the dialog that holds it, so the dialog opens whole, its focus on
 * its first field. A failed download reloads the page (at most once a minute, spec 01 §4).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component's props
export function lazyPart<P extends Record<string, any>>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        reloadAfterChunkError()
        throw error
      },
    ),
  )
}
