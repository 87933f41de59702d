import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type ClientRect,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { Popover } from 'radix-ui'
import { Fragment, useId, useMemo, useRef, useState } from 'react'
import { texts } from '#lib/texts'
import { blockGroups } from '#blocks/define'
import type { BlockListChromeProps, ContainerId, Path } from '#ui/editing'
import { PlusIcon } from '../icons.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { addableTypes, matching, newBlock } from './blocks.ts'
import { BlockThumbnail } from './BlockThumbnail.tsx'
import { useBridge } from './bridge.ts'

const t = texts.editor.blocks

/** The id of a block in its list's drag and drop: its path (ids only need to be unique while a drag lasts). */
export const sortableId = (path: Path) => path.join('.')

/** What a block frame tells its list's drag and drop (useSortable's data). */
export interface SortableBlockData {
  label: string
  index: number
}

const centre = (rect: ClientRect) => rect.top + rect.height / 2

/**
 * ArrowUp/ArrowDown move a picked-up block by one place: its centre goes to the centre of the
 * next block in that direction. (dnd-kit's sortableKeyboardCoordinates lines up edges, which for a
 * tall block next to a short one leaves it over its own place, so nothing would move.)
 */
export const blockKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const direction = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0
  const { active, collisionRect, droppableRects, droppableContainers, over } = context
  if (!direction || !active || !collisionRect) return undefined
  event.preventDefault()
  const ordered = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id)
      return rect ? [{ id: container.id, rect }] : []
    })
    .sort((a, b) => a.rect.top - b.rect.top)
  const at = ordered.findIndex((entry) => entry.id === (over?.id ?? active.id))
  const target = at < 0 ? undefined : ordered[at + direction]
  if (!target) return currentCoordinates
  return { x: currentCoordinates.x, y: currentCoordinates.y + centre(target.rect) - centre(collisionRect) }
}

const whereOf = (path: Path) => (path.length > 1 ? String(path[path.length - 1]) : 'page')

/**
 * A block list in Select Component mode: its blocks, sortable by drag and drop or by keyboard
 * (dnd-kit, issue 17; each list is its own context, so a block moves within its list, nested
 * split sides included), then an 'Add component' control at its end. The "+" on the gap before
 * each block is the frame's (BlockFrame).
 */
export function BlockListChrome({ path, container, count, children }: BlockListChromeProps) {
  const bridge = useBridge()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: blockKeyboardCoordinates }),
  )
  const items = useMemo(() => Array.from({ length: count }, (_, index) => sortableId([...path, index])), [path, count])
  const hasMoved = useRef(false)
  if (!bridge) return <>{children}</>
  const { dispatch } = bridge
  const dataOf = (entry: { data: { current?: Record<string, unknown> } } | null): SortableBlockData | null => {
    const data = entry?.data.current as (SortableBlockData & { sortable?: { index: number } }) | undefined
    return data ? { label: data.label, index: data.sortable?.index ?? data.index } : null
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = dataOf(active)
    const to = dataOf(over)
    if (!from || !to || from.index === to.index) return
    dispatch({ type: 'moveBlock', path: [...path, from.index], to: to.index })
  }
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t.dragHelp },
          announcements: {
            onDragStart: ({ active }) => {
              hasMoved.current = false
              const a = dataOf(active)
              return a ? t.pickedUp(a.label, a.index + 1, count) : undefined
            },
            // dnd-kit reports the block over its own place as soon as it is picked up: still "picked up" until it moves.
            onDragOver: ({ active, over }) => {
              const a = dataOf(active)
              const o = dataOf(over)
              if (!a || !o) return undefined
              if (a.index === o.index && !hasMoved.current) return t.pickedUp(a.label, a.index + 1, count)
              hasMoved.current = true
              return t.movedTo(a.label, o.index + 1, count)
            },
            onDragEnd: ({ active, over }) => {
              const a = dataOf(active)
              const o = dataOf(over) ?? a
              return a && o ? t.droppedAt(a.label, o.index + 1, count) : undefined
            },
            onDragCancel: ({ active }) => {
              const a = dataOf(active)
              return a ? t.dragCancelled(a.label, a.index + 1) : undefined
            },
          },
        }}
      >
        <SortableContext items={items} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
      </DndContext>
      <div className="editor-add-row" data-editor-chrome="">
        <BlockPicker path={path} container={container} index={count} />
      </div>
    </>
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
