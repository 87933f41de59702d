import { useContext } from 'react'
import { BlockPathContext, type EditableProps, type Path } from '#ui/editing'
import { getIn, samePath } from '../state/paths.ts'
import type { FieldRef } from '../state/types.ts'
import { useBridge } from './bridge.ts'

/** What an editable element needs from the editor: its current value, whether it is active, and how to change it. */
export function useField(props: EditableProps & { absolutePath: Path }) {
  const bridge = useBridge()
  const blockPath = useContext(BlockPathContext)
  const { absolutePath } = props
  const state = bridge?.state
  const active = !!state && samePath(state.selection.field?.path, absolutePath)
  const stored = state ? getIn(state.page.page, absolutePath) : undefined
  const field: FieldRef = {
    path: absolutePath,
    kind: props.kind,
    label: props.label,
    options: props.options,
    newItem: props.newItem,
    max: props.max,
    cropSizes: props.cropSizes,
  }
  return {
    bridge,
    blockPath,
    active,
    /** The stored value (the view's `value` prop when the editor holds none, e.g. outside the page). */
    value: stored === undefined ? props.value : stored,
    field,
    select(openSidebar: boolean) {
      bridge?.dispatch({ type: 'selectField', block: blockPath, field, openSidebar })
    },
    set(value: unknown, group?: string) {
      bridge?.dispatch({ type: 'setValue', path: absolutePath, value, ...(group ? { group, at: Date.now() } : {}) })
    },
  }
}

export const groupOf = (path: Path) => `field:${path.join('.')}`
