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
import { Dialog } from 'radix-ui'
import { Fragment, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { blockGroups } from '#blocks/define'
import type { BlockListChromeProps, ContainerId, Path } from '#ui/editing'
import { GripIcon, PlusIcon } from '../icons.tsx'
import { CloseButton } from '../surfaces/CloseButton.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { addableTypes, matching, newBlock } from './blocks.ts'
import { BlockThumbnail } from './BlockThumbnail.tsx'
import { dispatchToEditor, getBridge, useBridgeAttached, useBridgeSelector } from './bridge.ts'
import { isTopLevelList, LazyFrames, LazyFramesContext, measurePlainBlocks } from './lazy-frames.ts'
import { getIn } from '../state/paths.ts'
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
  // Whether the editor is attached, not its state: a key typed into a block does not re-render the list.
  const attached = useBridgeAttached()
  const structureLocked = useBridgeSelector((state) => !!state.language) ?? false
  const items = useMemo(() => Array.from({ length: count }, (_, index) => sortableId([...path, index])), [path, count])
  const end = endId(path)
  // The keyboard's target place, while a block is moved by keyboard (dnd-kit has no pointer then).
  const keyboardPosition = useRef<number | null>(null)
  const hasMoved = useRef(false)
  const [dragged, setDragged] = useState<SortableBlockData | null>(null)
  // The page's own list, just turned editable, as the visitor's markup lays it out (that markup is
  // still there while this first renders): its blocks off screen mount later (lazy-frames.ts).
  // A list inside a block mounts with its block.
  const [lazy] = useState(() => {
    if (!isTopLevelList(path)) return null
    const blocks = getIn(getBridge()?.state.page.page, path)
    const types = Array.isArray(blocks) ? blocks.map((block) => String((block as { componentType?: unknown }).componentType)) : []
    const rects = measurePlainBlocks(types)
    return rects ? new LazyFrames(rects) : null
  })
  useLayoutEffect(() => lazy?.settle(), [lazy])
  useEffect(() => () => lazy?.dispose(), [lazy])

  const gapOf = (over: Over | null): number | null => (over ? (over.id === end ? count : items.indexOf(String(over.id))) : null)

  // The sensors and the collision detection keep their identity from one render to the next and
  // read the list's current state from this ref: new sensor options on every render made dnd-kit
  // hand a new context to every block's frame, so a key typed into one block re-rendered them all.
  const latest = useRef({ items, count, end })
  useLayoutEffect(() => {
    latest.current = { items, count, end }
  }, [items, count, end])
  const rectsOf = (rects: Map<string | number, { top: number; bottom: number }>) => latest.current.items.map((id) => rects.get(id))

  /** One target: the block below the gap nearest the pointer (or the keyboard's place), or the end. */
  const collisionDetection = useCallback<CollisionDetection>(({ active, droppableRects, droppableContainers, pointerCoordinates }) => {
    const { items, count, end } = latest.current
    const from = dataOf(active)?.index ?? 0
    const gap = pointerCoordinates
      ? gapAt(pointerCoordinates.y, rectsOf(droppableRects))
      : gapForPosition(keyboardPosition.current ?? from, from)
    const id = (gap < count ? items[gap] : undefined) ?? end
    const target = droppableContainers.find((entry) => entry.id === id)
    return target ? [{ id, data: { droppableContainer: target, value: gap } }] : []
  }, [])

  /** ArrowUp/ArrowDown: the target place one up or down; the preview goes to that gap. */
  const keyboardCoordinates = useCallback<KeyboardCoordinateGetter>((event, { currentCoordinates, context }) => {
    const direction = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0
    const { active, collisionRect, droppableRects } = context
    if (!direction || !active) return undefined
    event.preventDefault()
    const from = dataOf(active)?.index ?? 0
    const position = Math.min(latest.current.count - 1, Math.max(0, (keyboardPosition.current ?? from) + direction))
    keyboardPosition.current = position
    const y = gapY(gapForPosition(position, from), rectsOf(droppableRects))
    if (y === undefined || !collisionRect) return { ...currentCoordinates }
    return { x: currentCoordinates.x, y: currentCoordinates.y + y - (collisionRect.top + collisionRect.height / 2) }
  }, [])

  // A drag that this list's removal cut short leaves no mark on the page.
  useEffect(() => () => markDragging(false), [])
  const pointerOptions = useMemo(() => ({ activationConstraint: { distance: 4 } }), [])
  const keyboardOptions = useMemo(() => ({ coordinateGetter: keyboardCoordinates }), [keyboardCoordinates])
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions))
  // In a further language the list is the shared structure: no moving or adding here (decision 028).
  if (!attached || structureLocked) return <LazyFramesContext.Provider value={lazy}>{children}</LazyFramesContext.Provider>
  const dispatch = dispatchToEditor

  /** Where the block lands for the current target (its final index). */
  const landing = (active: Active, over: Over | null) => {
    const from = dataOf(active)?.index
    const gap = gapOf(over)
    return from === undefined || gap === null || gap < 0 ? null : { from, to: landingIndex(gap, from) }
  }
  const finish = () => {
    keyboardPosition.current = null
    setDragged(null)
    markDragging(false)
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
          markDragging(true)
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
        <LazyFramesContext.Provider value={lazy}>{children}</LazyFramesContext.Provider>
        <DropEnd id={end} count={count} />
        {createPortal(
          <DragOverlay modifiers={[previewAtPointer]} dropAnimation={null} zIndex={1100}>
            {dragged ? <DragPreview label={dragged.label} /> : null}
          </DragOverlay>,
          document.body,
        )}
      </DndContext>
      <div className="editor-add-row" data-editor-chrome="">
        {/* An empty list (a new page, the Empty template) says how it gets its first block (issue 31). */}
        {count === 0 ? (
          <p className="mb-2 text-sm text-neutral-700" data-empty-list-hint="">
            {t.emptyList}
          </p>
        ) : null}
        <BlockPicker path={path} container={container} index={count} />
      </div>
    </>
  )
}
/**
 * While a block is dragged <html> carries data-editor-dragging: the page's smooth scrolling is off
 * (auto-scroll would crawl) and the "+" gaps hide (styles.ts). An attribute rather than
 * `html:has([data-dragging])`, which made Chromium restyle the whole page on every hover (issue 32).
 */
function markDragging(on: boolean) {
  if (on) document.documentElement.setAttribute('data-editor-dragging', '')
  else document.documentElement.removeAttribute('data-editor-dragging')
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

/** The next card for an arrow key: beside it in reading order, or the nearest one in the row above or below. */
export function cardForArrow(cards: readonly DOMRect[], from: number, key: string): number | null {
  const here = cards[from]
  if (!here) return null
  if (key === 'ArrowRight') return from + 1 < cards.length ? from + 1 : null
  if (key === 'ArrowLeft') return from > 0 ? from - 1 : null
  const down = key === 'ArrowDown'
  if (!down && key !== 'ArrowUp') return null
  const centre = (r: DOMRect) => r.left + r.width / 2
  // The nearest row in that direction, then the card in it nearest across.
  const rows = cards
    .map((rect, index) => ({ rect, index }))
    .filter(({ rect }) => (down ? rect.top >= here.bottom - 1 : rect.bottom <= here.top + 1))
  if (!rows.length) return null
  const rowTop = down ? Math.min(...rows.map(({ rect }) => rect.top)) : Math.max(...rows.map(({ rect }) => rect.top))
  const row = rows.filter(({ rect }) => Math.abs(rect.top - rowTop) < 2)
  row.sort((a, b) => Math.abs(centre(a.rect) - centre(here)) - Math.abs(centre(b.rect) - centre(here)))
  return row[0]?.index ?? null
}

/**
 * The block picker (issues 17 and 31): a dialog over the whole window (roomy: several rows of cards,
 * nothing of the page's header over it) listing the block types the container allows
 * (containers.ts), grouped by purpose, each card with a still thumbnail, the block's plain name and
 * a line on what it is for (never the spec's technical name); searchable; inserting at `index`.
 * By keyboard: Tab or the arrow keys go through the cards (ArrowDown from the search to the first),
 * Enter inserts, Escape closes and gives the focus back to the "+". `variant` 'gap' is the round
 * "+" between blocks.
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
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const dialogId = `${searchId}-dialog`
  const triggerRef = useRef<HTMLButtonElement>(null)
  const cardsRef = useRef<HTMLDivElement>(null)
  const types = addableTypes(container)
  const shown = useMemo(() => (open ? matching(types, query) : types), [open, types, query])
  const searching = query.trim() !== ''
  const add = (componentType: string) => {
    dispatchToEditor({ type: 'insertBlock', listPath: path, index, block: newBlock(componentType) })
    close()
  }
  const cardButtons = () => Array.from(cardsRef.current?.querySelectorAll<HTMLButtonElement>('button[data-component-type]') ?? [])
  const onCardsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = cardButtons()
    const from = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (from < 0) return
    const to = cardForArrow(
      buttons.map((button) => (button.closest('li') ?? button).getBoundingClientRect()),
      from,
      event.key,
    )
    if (to === null) return
    event.preventDefault()
    buttons[to]?.focus()
  }
  const where = whereOf(path)
  // The card is one click target (the button's ::after covers it) while the button's name is just
  // the title it shows; the description describes it.
  const option = (type: (typeof types)[number]) => (
    <li
      key={type.type}
      className="relative flex flex-col gap-2 rounded-md p-2 ring-1 ring-neutral-200 hover:bg-neutral-50 hover:ring-neutral-400 has-[:focus-visible]:bg-neutral-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-red"
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
      <span id={`${searchId}-${type.type}`} className="text-xs leading-snug text-neutral-700">
        {type.description}
      </span>
    </li>
  )
  const list = (entries: typeof types, label: string) => (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-3" aria-label={label}>
      {entries.map(option)}
    </ul>
  )
  const close = () => {
    setOpen(false)
    setQuery('')
  }
  // The "+" is a plain button, and the dialog (Radix's, with its focus trap) exists only while
  // open: a long page has a picker at every gap, and Select Component built them all (issue 32).
  return (
    <>
      <button
        type="button"
        ref={triggerRef}
        className={
          variant === 'gap'
            ? `editor-gap-button inline-flex h-8 w-8 items-center justify-center rounded-full bg-white font-sans text-neutral-900 shadow ring-1 ring-neutral-400 hover:bg-neutral-100 ${chrome.focus}`
            : `inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-sans text-sm font-semibold text-neutral-900 shadow ring-1 ring-neutral-300 hover:bg-neutral-100 ${chrome.focus}`
        }
        aria-label={variant === 'gap' ? t.insertAt(index + 1, where) : t.addComponentTo(where)}
        title={variant === 'gap' ? t.insertAt(index + 1, where) : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
      >
        <PlusIcon />
        {variant === 'gap' ? null : t.addComponent}
      </button>
      {open ? (
        <Dialog.Root open onOpenChange={(next) => (next ? undefined : close())}>
          <Dialog.Portal>
            <Dialog.Overlay className={`fixed inset-0 ${chrome.z} bg-neutral-950/40`} data-editor-chrome="" />
            <Dialog.Content
              id={dialogId}
              className={`fixed inset-4 ${chrome.z} mx-auto flex max-w-[1240px] flex-col rounded-lg ${chrome.panel} outline-none sm:inset-8`}
              data-editor-chrome=""
              data-block-picker=""
              aria-describedby={`${searchId}-where`}
              onOpenAutoFocus={(event) => {
                event.preventDefault()
                document.getElementById(searchId)?.focus()
              }}
              // Closed, the focus goes back to the "+" (Radix gives it to its own trigger, absent here).
              onCloseAutoFocus={(event) => {
                event.preventDefault()
                triggerRef.current?.focus()
              }}
            >
              <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 py-3">
                <div>
                  <Dialog.Title className={chrome.heading}>{t.addComponent}</Dialog.Title>
                  <Dialog.Description id={`${searchId}-where`} className="text-sm text-neutral-600">
                    {t.pickerHelp}
                  </Dialog.Description>
                </div>
                <CloseButton />
              </div>
              <div className="px-5 pt-3">
                <label htmlFor={searchId} className={chrome.label}>
                  {t.searchComponents}
                </label>
                <input
                  id={searchId}
                  type="search"
                  autoComplete="off"
                  className={`mt-1 max-w-md ${chrome.input} ${chrome.focus}`}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  onKeyDown={(e) => {
                    const first = shown[0]
                    if (e.key === 'Enter' && first) {
                      e.preventDefault()
                      add(first.type)
                    } else if (e.key === 'ArrowDown' && first) {
                      e.preventDefault()
                      cardButtons()[0]?.focus()
                    }
                  }}
                />
              </div>
              <div ref={cardsRef} className="mt-3 min-h-0 flex-1 overflow-y-auto px-5 pb-5" onKeyDown={onCardsKeyDown} data-picker-cards="">
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
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </>
  )
}
