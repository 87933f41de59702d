import { createContext, useContext, useReducer, type Dispatch, type ReactNode } from 'react'
import { editorReducer, type EditorAction } from './reducer.ts'
import { initialEditorState, type EditorState } from './types.ts'

const StateContext = createContext<EditorState | null>(null)
const DispatchContext = createContext<Dispatch<EditorAction> | null>(null)

export function EditorStoreProvider({ initialCollapsed = false, children }: { initialCollapsed?: boolean; children: ReactNode }) {
  const [state, dispatch] = useReducer(editorReducer, initialCollapsed, initialEditorState)
  return (
    <DispatchContext.Provider value={dispatch}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </DispatchContext.Provider>
  )
}

export function useEditorState(): EditorState {
  const state = useContext(StateContext)
  if (!state) throw new Error('useEditorState is used outside <EditorStoreProvider>')
  return state
}

export function useEditorDispatch(): Dispatch<EditorAction> {
  const dispatch = useContext(DispatchContext)
  if (!dispatch) throw new Error('useEditorDispatch is used outside <EditorStoreProvider>')
  return dispatch
}
