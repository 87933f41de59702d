import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
  type Over,
} from '@dnd-kit/core'
import { Popover } from 'radix-ui'
import { Fragment, useId, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { blockGroups } from '#blocks/define'
import type { BlockListChromeProps, ContainerId, Path } from '#ui/editing'
import { GripIcon, PlusIcon } from '../icons.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { addableTypes, matching, newBlock } from './blocks.ts'
import { BlockThumbnail } from './BlockThumbnail.tsx'
import { useBridge } from './bridge.ts'
import { gapAt, gapForPosition, gapY, landingIndex } from './drop-gap.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks

/** The id of a block in its list's drag and drop: its path (ids only need to be unique while a drag lasts). */
export const sortableId = (path: Path) => path.join('.')
/** The gap below a list's last block, a drop target of its own (the top of the list's "Add component" row). */
const endId = (listPath: Path) => `${sortableId(listPath)}:end`

/** What a block frame tells its list's drag and drop (useDraggable's and useDroppable's data). */
export interface SortableBlockData {
  label: string
  index: number
}

const whereOf = (path: Path) => (path.length > 1 ? String(path[path.length - 1]) : 'page')

const dataOf = (entry: Active | Over | null): SortableBlockData | null => (entry?.data.current as SortableBlockData | undefined) ?? null

/**
 * The compact preview follows the pointer (its left edge just right of it, centred on it), not the
 * place where the block's top-left corner was: a full-width block under the pointer hid where it
 * would land. (This is @dnd-kit/modifiers' snapCenterToCursor moved to the left edge; a keyboard
 * drag has no pointer and is left as it is.)
 */
const previewAtPointer: Modifier = ({ activatorEvent, activeNodeRect, draggingNodeRect, transform }) => {
  if (!activatorEvent || !activeNodeRect || !draggingNodeRect || !('clientX' in activatorEvent)) return transform
  const pointer = activatorEvent as PointerEvent
  return {
    ...transform,
    x: transform.x + pointer.clientX - activeNodeRect.left + 12,
    y: transform.y + pointer.clientY - activeNodeRect.top - draggingNodeRect.height / 2,
  }
}

/**
 * A block list in Select Component mode: its blocks, movable by drag and drop or by keyboard
 * (dnd-kit; each list is its own context, so a block moves within its list, nested split sides
 * included), then an 'Add component' control at its end. The "+" on the gap before each block is
 * the frame's (BlockFrame).
 *
 * While a block is dragged (issue 31 point 3) the page does not move under the pointer: the block
 * stays in place, dimmed, a compact preview (its name) follows the pointer, and a line shows the gap
 * it will land in, the gap nearest the pointer (drop-gap.ts). Near the window's edges the page
 * scrolls (dnd-kit's auto-scroll; the site's smooth scrolling is off meanwhile, styles.ts, or each
 * step would restart the animation and the page would crawl). By keyboard the handle is a tab stop: Space lifts the block,
 * the arrow keys move the line one place at a time, Space or Enter drops, Escape cancels, and each
 * step is announced.
 */
export function BlockListChrome({ path, container, count, children }: BlockListChromeProps) {
  const bridge = useBridge()
  const items = useMemo(() => Array.from({ length: count }, (_, index) => sortableId([...path, index])), [path, count])
  const end = endId(path)
  // The keyboard's target place, while a block is moved by keyboard (dnd-kit has no pointer then).
  const keyboardPosition = useRef<number | null>(null)
  const hasMoved = useRef(false)
  const [dragged, setDragged] = useState<SortableBlockData | null>(null)

  const gapOf = (over: Over | null): number | null => (over ? (over.id === end ? count : items.indexOf(String(over.id))) : null)
  const rectsOf = (rects: Map<string | number, { top: number; bottom: number }>) => items.map((id) => rects.get(id))

  /** One target: the block below the gap nearest the pointer (or the keyboard's place), or the end. */
  const collisionDetection: CollisionDetection = ({ active, droppableRects, droppableContainers, pointerCoordinates }) => {
    const from = dataOf(active)?.index ?? 0
    const gap = pointerCoordinates
      ? gapAt(pointerCoordinates.y, rectsOf(droppableRects))
      : gapForPosition(keyboardPosition.current ?? from, from)
    const id = (gap < count ? items[gap] : undefined) ?? end
    const target = droppableContainers.find((entry) => entry.id === id)
    return target ? [{ id, data: { droppableContainer: target, value: gap } }] : []
  }

  /** ArrowUp/ArrowDown: the target place one up or down; the preview goes to that gap. */
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
    const direction = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0
    const { active, collisionRect, droppableRects } = context
    if (!direction || !active) return undefined
    event.preventDefault()
    const from = dataOf(active)?.index ?? 0
    const position = Math.min(count - 1, Math.max(0, (keyboardPosition.current ?? from) + direction))
    keyboardPosition.current = position
    const y = gapY(gapForPosition(position, from), rectsOf(droppableRects))
    if (y === undefined || !collisionRect) return { ...currentCoordinates }
    return { x: currentCoordinates.x, y: currentCoordinates.y + y - (collisionRect.top + collisionRect.height / 2) }
  }

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  )
  if (!bridge) return <>{children}</>
  const { dispatch } = bridge

  /** Where the block lands for the current target (its final index). */
  const landing = (active: Active, over: Over | null) => {
    const from = dataOf(active)?.index
    const gap = gapOf(over)
    return from === undefined || gap === null || gap < 0 ? null : { from, to: landingIndex(gap, from) }
  }
  const finish = () => {
    keyboardPosition.current = null
    setDragged(null)
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const move = landing(active, over)
    finish()
    if (move && move.from !== move.to) dispatch({ type: 'moveBlock', path: [...path, move.from], to: move.to })
  }
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={({ active }) => {
          keyboardPosition.current = null
          setDragged(dataOf(active))
        }}
        onDragEnd={onDragEnd}
        onDragCancel={finish}
        autoScroll={{ threshold: { x: 0, y: 0.15 }, acceleration: 12 }}
        accessibility={{
          screenReaderInstructions: { draggable: t.dragHelp },
          announcements: {
            onDragStart: ({ active }) => {
              hasMoved.current = false
              const a = dataOf(active)
              return a ? t.pickedUp(a.label, a.index + 1, count) : undefined
            },
            onDragOver: ({ active, over }) => {
              const a = dataOf(active)
              const move = landing(active, over)
              if (!a || !move) return undefined
              if (move.to === move.from && !hasMoved.current) return t.pickedUp(a.label, a.index + 1, count)
              hasMoved.current = true
              return t.movedTo(a.label, move.to + 1, count)
            },
            onDragEnd: ({ active, over }) => {
              const a = dataOf(active)
              const move = landing(active, over)
              return a ? t.droppedAt(a.label, (move?.to ?? a.index) + 1, count) : undefined
            },
            onDragCancel: ({ active }) => {
              const a = dataOf(active)
              return a ? t.dragCancelled(a.label, a.index + 1) : undefined
            },
          },
        }}
      >
        {children}
        <DropEnd id={end} count={count} />
        {createPortal(
          <DragOverlay modifiers={[previewAtPointer]} dropAnimation={null} zIndex={1100}>
            {dragged ? <DragPreview label={dragged.label} /> : null}
          </DragOverlay>,
          document.body,
        )}
      </DndContext>
      <div className="editor-add-row" data-editor-chrome="">
        <BlockPicker path={path} container={container} index={count} />
      </div>
    </>
  )
}
/** The gap below the last block: a drop target, with the insertion line while it is the target. */
function DropEnd({ id, count }: { id: string; count: number }) {
  const { setNodeRef, isOver } = useDroppable({ id, data: { label: '', index: count } satisfies SortableBlockData })
  return (
    <div ref={setNodeRef} className="editor-drop-end" data-editor-chrome="" data-drop-target={isOver || undefined} aria-hidden="true" />
  )
}

/** What follows the pointer while a block is dragged: its name beside a grip, not the whole block. */
function DragPreview({ label }: { label: string }) {
  return (
    <div className="editor-drag-preview" data-drag-preview="">
      <GripIcon />
      <span>{label}</span>
    </div>
  )
}

/**
 * The block picker (issue 17): the block types the container allows (containers.ts), grouped by
 * purpose, each with a thumbnail of its defaults, a plain title, a line on what it is for and the
 * spec's name; searchable; inserting at `index`. `variant` 'gap' is the round "+" between blocks.
 */
export function BlockPicker({
  path,
  container,
  index,
  variant = 'row',
}: {
  path: Path
  container: ContainerId
  index: number
  variant?: 'row' | 'gap'
}) {
  const bridge = useBridge()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const types = useMemo(() => addableTypes(container), [container])
  const shown = useMemo(() => matching(types, query), [types, query])
  const searching = query.trim() !== ''
  const add = (componentType: string) => {
    bridge?.dispatch({ type: 'insertBlock', listPath: path, index, block: newBlock(componentType) })
    setOpen(false)
    setQuery('')
  }
  const where = whereOf(path)
  // The card is one click target (the button's ::after covers it) while the button's name is just
  // the title it shows; the description and the spec's name describe it.
  const option = (type: (typeof types)[number]) => (
    <li
      key={type.type}
      className="relative flex flex-col gap-2 rounded-md p-2 ring-1 ring-neutral-200 hover:bg-neutral-50 hover:ring-neutral-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-red"
    >
      <BlockThumbnail type={type.type} />
      <button
        type="button"
        data-component-type={type.type}
        className="text-left text-sm font-semibold text-neutral-900 outline-none after:absolute after:inset-0 after:rounded-md after:content-['']"
        aria-describedby={`${searchId}-${type.type}`}
        onClick={() => add(type.type)}
      >
        {type.title}
      </button>
      <span id={`${searchId}-${type.type}`} className="flex flex-col gap-1">
        <span className="text-xs leading-snug text-neutral-700">{type.description}</span>
        <span className="text-xs text-neutral-600">{t.specName(type.label)}</span>
      </span>
    </li>
  )
  const list = (entries: typeof types, label: string) => (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-3" aria-label={label}>
      {entries.map(option)}
    </ul>
  )
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setQuery('')
      }}
    >
      <Popover.Trigger
        className={
          variant === 'gap'
            ? `editor-gap-button inline-flex h-8 w-8 items-center justify-center rounded-full bg-white font-sans text-neutral-900 shadow ring-1 ring-neutral-400 hover:bg-neutral-100 ${chrome.focus}`
            : `inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-sans text-sm font-semibold text-neutral-900 shadow ring-1 ring-neutral-300 hover:bg-neutral-100 ${chrome.focus}`
        }
        aria-label={variant === 'gap' ? t.insertAt(index + 1, where) : t.addComponentTo(where)}
        title={variant === 'gap' ? t.insertAt(index + 1, where) : undefined}
      >
        <PlusIcon />
        {variant === 'gap' ? null : t.addComponent}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          collisionPadding={16}
          className={`${chrome.z} ${chrome.panel} flex max-h-[min(640px,var(--radix-popover-content-available-height))] w-[min(780px,calc(100vw-32px))] flex-col rounded-md p-4`}
          data-editor-chrome=""
          aria-label={t.addComponent}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            document.getElementById(searchId)?.focus()
          }}
        >
          <label htmlFor={searchId} className={chrome.label}>
            {t.searchComponents}
          </label>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            className={`mt-1 ${chrome.input} ${chrome.focus}`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              const first = shown[0]
              if (e.key === 'Enter' && first) {
                e.preventDefault()
                add(first.type)
              }
            }}
          />
          <div className="mt-3 min-h-0 flex-1 overflow-y-auto pr-1">
            {searching
              ? list(shown, t.addComponent)
              : blockGroups.map((group) => {
                  const entries = types.filter((type) => type.group === group)
                  if (!entries.length) return null
                  const headingId = `${searchId}-group-${group}`
                  return (
                    <Fragment key={group}>
                      <h3
                        id={headingId}
                        data-group={group}
                        className="mt-4 mb-2 text-xs font-semibold tracking-wide text-neutral-700 uppercase first:mt-0"
                      >
                        {t.groups[group]}
                      </h3>
                      {list(entries, t.groups[group])}
                    </Fragment>
                  )
                })}
            {shown.length === 0 ? <p className="mt-2 text-sm text-neutral-600">{t.noComponents}</p> : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
