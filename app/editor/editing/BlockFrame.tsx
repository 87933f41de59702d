import { useDraggable, useDroppable } from '@dnd-kit/core'
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { BlockFrameProps } from '#ui/editing'
import { isWithin, samePath } from '../state/paths.ts'
import { labelOf } from './blocks.ts'
import { BlockActions } from './BlockActions.tsx'
import { BlockPicker, sortableId, type SortableBlockData } from './BlockListChrome.tsx'
import { dispatchToEditor, getBridge, useBridgeAttached, useBridgeSelector } from './bridge.ts'
import { GripIcon } from '../icons.tsx'
import { editorTexts } from '#lib/editor-texts'

/**
 * A block on the page in Select Component mode (spec 01 §2.10, §4): hover blue, the active
 * component green (with its actions), red while Remove is hovered. Tab reaches it, Enter selects it.
 * Links inside do not navigate while editing. Its handle (top left) moves it within its list by
 * drag and drop or by keyboard (issue 17); the "+" on its top edge inserts a block before it.
 */
// It re-renders only when its own props or its own selection change (issue 32): it reads the
// editor's state through selectors, and its handlers read the state of the moment.
export const BlockFrame = memo(function BlockFrame({ path, componentType, container, index, count, className, children }: BlockFrameProps) {
  const attached = useBridgeAttached()
  const ref = useRef<HTMLDivElement>(null)
  const [danger, setDanger] = useState(false)
  const selected = useBridgeSelector((state) => samePath(state.selection.block, path)) ?? false
  // The toolbar's state matters only to the selected block: the others do not re-render for it.
  const sidebarOpen = useBridgeSelector((state) => selected && state.menu.sidebar.open) ?? false
  const view = useBridgeSelector((state) => (selected && state.menu.sidebar.content === 'component' ? state.selection.view : null))
  const label = labelOf(componentType)
  const data: SortableBlockData = { label, index }
  // The handle drags the block; the frame is the target for the gap above it (BlockListChrome).
  const id = sortableId(path)
  // In a further language the blocks are the shared structure: not moved, added or removed here (decision 028).
  const structureLocked = useBridgeSelector((state) => !!state.language) ?? false
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
    >
      {structureLocked ? null : (
        <div className="editor-gap" data-editor-chrome="">
          <BlockPicker path={path.slice(0, -1)} container={container} index={index} variant="gap" />
        </div>
      )}
      {structureLocked ? null : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
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
      {/* With the sidebar open the same actions sit at its top; the toolbar would hide beneath it. */}
      {selected && !sidebarOpen ? (
        <div className="editor-frame-toolbar" data-editor-chrome="">
          <span className="editor-frame-label">{label}</span>
          {structureLocked ? null : (
            <BlockActions
              variant="toolbar"
              path={path}
              componentType={componentType}
              index={index}
              count={count}
              dispatch={dispatch}
              view={view}
              onDangerChange={setDanger}
            />
          )}
        </div>
      ) : null}
      {children}
    </div>
  )
})
