import { useDraggable, useDroppable, type DraggableAttributes, type DraggableSyntheticListeners } from '@dnd-kit/core'
import { memo, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { BlockFrameProps, ContainerId, Path } from '#ui/editing'
import type { SelectionView } from '../state/types.ts'
import { isWithin, samePath } from '../state/paths.ts'
import { labelOf } from './blocks.ts'
import { BlockActions } from './BlockActions.tsx'
import { BlockPicker, sortableId, type SortableBlockData } from './BlockListChrome.tsx'
import { dispatchToEditor, getBridge, useBridgeSelectors } from './bridge.ts'
import { LazyFramesContext } from './lazy-frames.ts'
import { GripIcon } from '../icons.tsx'
import { editorTexts } from '#lib/editor-texts'

/** What a frame reads from the editor's state. */
type FrameState = readonly [
  attached: boolean,
  selected: boolean,
  sidebarOpen: boolean,
  view: SelectionView | null,
  structureLocked: boolean,
  /** The selection is this block or inside it (a waiting frame then mounts). */
  holdsSelection: boolean,
]
/** While no editor is attached. */
const detached: FrameState = [false, false, false, null, false, false]

/**
 * A block on the page in Select Component mode (spec 01 §2.10, §4): hover blue, the active
 * component green (with its actions), red while Remove is hovered. Tab reaches it, Enter selects it.
 * Links inside do not navigate while editing. Its handle (top left) moves it within its list by
 * drag and drop or by keyboard (issue 17); the "+" on its top edge inserts a block before it.
 */
// It re-renders only when its own props or its own selection change (issue 32): it reads the
// editor's state through selectors, and its handlers read the state of the moment.
export const BlockFrame = memo(function BlockFrame({ path, componentType, container, index, count, className, children }: BlockFrameProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [danger, setDanger] = useState(false)
  // On a long page a block off screen at Select Component is at first its frame alone, holding
  // its height, and mounts later (lazy-frames.ts); null once it is (or always was) mounted.
  const lazy = useContext(LazyFramesContext)
  const [waitingHeight, setWaitingHeight] = useState(() => lazy?.pendingHeight(index) ?? null)
  // In a further language the blocks are the shared structure: not moved, added or removed here
  // (decision 028). The toolbar's state matters only to the selected block: the others do not
  // re-render for it. One subscription for all of it (a long page has a frame per block).
  const [attached, selected, sidebarOpen, view, structureLocked, holdsSelection] = useBridgeSelectors((state): FrameState => {
    const selected = samePath(state.selection.block, path)
    return [
      true,
      selected,
      selected && state.menu.sidebar.open,
      selected && state.menu.sidebar.content === 'component' ? state.selection.view : null,
      !!state.language,
      waitingHeight !== null && !!state.selection.block && isWithin(state.selection.block, path),
    ]
  }, detached)
  // Selected (a click, a command, a publish check's "Show"): mounted now, and for good.
  if (waitingHeight !== null && holdsSelection) setWaitingHeight(null)
  const waiting = waitingHeight !== null
  const label = labelOf(componentType)
  const data: SortableBlockData = { label, index }
  // The handle drags the block; the frame is the target for the gap above it (BlockListChrome).
  const id = sortableId(path)
  const {
    attributes,
    listeners,
    setNodeRef: setDragRef,
    setActivatorNodeRef,
    isDragging,
  } = useDraggable({
    id,
    data,
    disabled: !attached || structureLocked,
  })
  const { setNodeRef, isOver } = useDroppable({ id, data, disabled: !attached || structureLocked })
  const frameRef = useCallback(
    (node: HTMLDivElement | null) => {
      ref.current = node
      setNodeRef(node)
      setDragRef(node)
    },
    [setNodeRef, setDragRef],
  )

  useLayoutEffect(() => {
    const el = ref.current
    if (!waiting || !lazy || !el) return
    return lazy.wait(el, index, () => setWaitingHeight(null))
    // The place it had when the list was measured orders the waiting frames: not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, lazy, attached])

  // A block that becomes selected by a command (added, duplicated, moved by keyboard) gets the focus.
  useEffect(() => {
    const el = ref.current
    if (!selected || !el) return
    if (!el.contains(document.activeElement)) {
      el.focus({ preventScroll: true })
      el.scrollIntoView({ block: 'nearest', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
    }
  }, [selected, index])

  if (!attached) return <div className={className}>{children}</div>
  const dispatch = dispatchToEditor

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const selection = getBridge()?.state.selection
    const target = event.target as Element
    if (target.closest('[data-editor-frame]') !== event.currentTarget) return
    if (target.closest('[data-editor-chrome]')) return
    // A click on one of this block's editable elements selected it already (with that element); a
    // picture's or link's editor opened by this very click (it prevented the default) is not undone
    // by selecting the block over it, so one click opens it.
    const editable = target.closest('[data-editable]')
    if (editable && event.defaultPrevented && editable.closest('[data-editor-frame]') === event.currentTarget) return
    if (editable && selection?.block && isWithin(selection.block, path)) return
    if (!selected || selection?.field) dispatch({ type: 'selectBlock', path })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      dispatch({ type: 'selectBlock', path })
    } else if (event.key === 'Escape' && selected) {
      event.preventDefault()
      dispatch({ type: 'selectBlock', path: null })
    }
  }

  return (
    <div
      ref={frameRef}
      className={className}
      data-dragging={isDragging || undefined}
      data-drop-target={isOver || undefined}
      data-block={componentType}
      data-block-path={path.join('.')}
      data-editor-frame=""
      data-selected={selected || undefined}
      data-danger={danger || undefined}
      data-editor-pending={waiting ? '' : undefined}
      aria-busy={waiting || undefined}
      style={waiting ? { height: waitingHeight } : undefined}
      tabIndex={0}
      role="group"
      aria-label={editorTexts.blocks.component(label)}
      aria-current={selected || undefined}
      onClickCapture={(event) => {
        // Editing, not browsing: links inside the block do not navigate.
        const target = event.target as Element
        if (target.closest('a[href]') && !target.closest('[data-editor-chrome]')) event.preventDefault()
      }}
      onClick={onClick}
      onKeyDown={onKeyDown}
      // Reached by the keyboard: mounted, so the next Tab goes into it.
      onFocus={waiting ? () => setWaitingHeight(null) : undefined}
    >
      {waiting ? null : (
        <FrameChrome
          path={path}
          componentType={componentType}
          container={container}
          index={index}
          count={count}
          label={label}
          structureLocked={structureLocked}
          toolbar={selected && !sidebarOpen}
          view={view}
          setHandleRef={setActivatorNodeRef}
          handleAttributes={attributes}
          handleListeners={listeners}
          onDangerChange={setDanger}
        />
      )}
      {waiting ? null : children}
    </div>
  )
})

interface FrameChromeProps {
  path: Path
  componentType: string
  container: ContainerId
  index: number
  count: number
  label: string
  structureLocked: boolean
  /** The selected block's toolbar shows (not with the sidebar open: the same actions sit at its top). */
  toolbar: boolean
  view: SelectionView | null
  setHandleRef: (node: HTMLElement | null) => void
  handleAttributes: DraggableAttributes
  handleListeners: DraggableSyntheticListeners
  onDangerChange: (danger: boolean) => void
}

/**
 * A frame's own controls: the "+" on its top edge, its drag handle and, while selected, its toolbar.
 * Memoised apart from the frame (issue 32): dnd-kit hands every draggable a new context when a drag
 * starts, crosses a gap or ends, which re-renders every frame of the list; the controls keep their
 * props then (the handle's attributes and listeners are dnd-kit's memoised ones), so a drop on a
 * page of 150 blocks no longer renders 150 block pickers.
 */
const FrameChrome = memo(function FrameChrome({
  path,
  componentType,
  container,
  index,
  count,
  label,
  structureLocked,
  toolbar,
  view,
  setHandleRef,
  handleAttributes,
  handleListeners,
  onDangerChange,
}: FrameChromeProps) {
  return (
    <>
      {structureLocked ? null : (
        <div className="editor-gap" data-editor-chrome="">
          <BlockPicker path={path.slice(0, -1)} container={container} index={index} variant="gap" />
        </div>
      )}
      {structureLocked ? null : (
        <button
          type="button"
          ref={setHandleRef}
          {...handleAttributes}
          {...handleListeners}
          // A tab stop on every block (issue 31): the keyboard's way to move a block.
          tabIndex={0}
          className="editor-drag-handle"
          data-editor-chrome=""
          aria-label={editorTexts.blocks.drag(label)}
          title={editorTexts.blocks.drag(label)}
        >
          <GripIcon />
        </button>
      )}
      {toolbar ? (
        <div className="editor-frame-toolbar" data-editor-chrome="">
          <span className="editor-frame-label">{label}</span>
          {structureLocked ? null : (
            <BlockActions
              variant="toolbar"
              path={path}
              componentType={componentType}
              index={index}
              count={count}
              dispatch={dispatchToEditor}
              view={view}
              onDangerChange={onDangerChange}
            />
          )}
        </div>
      ) : null}
    </>
  )
})
