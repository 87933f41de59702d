import type { EditingApi } from '#ui/editing'
import { BlockFrame } from './BlockFrame.tsx'
import { BlockListChrome } from './BlockListChrome.tsx'
import { SidebarButton } from '../header/SidebarButton.tsx'
import { Editable } from './Editable.tsx'

/** What the page's views use while Select Component is on (ui/editing.tsx). One stable object. */
export const editingApi: EditingApi = { Editable, BlockFrame, BlockListChrome, SidebarButton }
