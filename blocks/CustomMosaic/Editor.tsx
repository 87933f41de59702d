import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Tabs } from 'radix-ui'
import { useRef } from 'react'
import { TextInput } from '#ui/editor/fields'
import { RangeField } from '#ui/editor/RangeField'
import { chrome } from '#ui/editor/classes'
import { imageUrl } from '#ui/image-url'
import type { BlockEditorProps } from '../define'
import { MOSAIC_GAP_MAX, mobileOrder, mosaicCells, reorder, type MosaicCell } from './cells'
import type { MosaicTile, Props } from './schema'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.mosaic

/** The mosaic link editor (spec 02 §2.9): each tile's link as Text and URL. */
function TileLinks({ items, set }: { items: Props['items']; set: BlockEditorProps<Props>['set'] }) {
  return (
    <div className="flex flex-col gap-4">
      {mosaicCells.map((cell) => (
        <fieldset key={cell} className="flex flex-col gap-2 rounded-md p-3 ring-1 ring-neutral-200">
          <legend className="px-1 text-xs font-semibold text-neutral-700">{t.tile(cell)}</legend>
          <TextInput
            label={t.text}
            value={items[cell].navLink.text}
            onChange={(e) => set(['items', cell, 'navLink'], { ...items[cell].navLink, text: e.target.value })}
          />
          <TextInput
            label={t.url}
            spellCheck={false}
            value={items[cell].navLink.href}
            onChange={(e) => set(['items', cell, 'navLink'], { ...items[cell].navLink, href: e.target.value.trim() })}
          />
        </fieldset>
      ))}
    </div>
  )
}

/**
 * One tile of the phone order. The list item moves; the button inside it is what is dragged or
 * picked up by keyboard (so the list holds only list items), named by what it shows.
 */
function SortableTile({ cell, tile, position }: { cell: MosaicCell; tile: MosaicTile; position: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: cell })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10' : undefined}
    >
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className={`flex cursor-grab touch-none items-center gap-3 rounded-md bg-white p-2 ring-1 ${isDragging ? 'shadow-lg ring-red' : 'ring-neutral-300'} ${chrome.focus} focus-visible:ring-offset-0`}
      >
        <span className="w-6 text-center text-xs font-semibold text-neutral-600 tabular-nums">{position + 1}.</span>
        {tile.image.imageId ? (
          <img
            src={imageUrl(tile.image.imageId, { w: 64, h: 48 })}
            width={64}
            height={48}
            alt=""
            className="h-12 w-16 rounded object-cover"
          />
        ) : (
          <span className="h-12 w-16 rounded bg-neutral-100" aria-hidden="true" />
        )}
        <span className="text-sm text-neutral-900">
          {tile.title || cell} <span className="text-xs text-neutral-600">({cell})</span>
        </span>
      </div>
    </li>
  )
}

/** The 'mobile' tab: the tiles' phone order, by drag and drop or by keyboard (dnd-kit). */
function MobileOrder({ items, set }: { items: Props['items']; set: BlockEditorProps<Props>['set'] }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const order = mobileOrder(items)
  const hasMoved = useRef(false)
  const positionOf = (id: UniqueIdentifier) => order.indexOf(id as MosaicCell) + 1
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const orders = reorder(items, order.indexOf(active.id as MosaicCell), order.indexOf(over.id as MosaicCell))
    set('items', Object.fromEntries(mosaicCells.map((cell) => [cell, { ...items[cell], order: orders[cell] }])))
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-neutral-600">{t.mobileHelp}</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => {
              hasMoved.current = false
              return t.pickedUp(String(active.id), positionOf(active.id))
            },
            // dnd-kit reports the tile over its own place as soon as it is picked up: still "picked up" until it moves.
            onDragOver: ({ active, over }) => {
              if (!over) return undefined
              if (over.id === active.id && !hasMoved.current) return t.pickedUp(String(active.id), positionOf(active.id))
              hasMoved.current = true
              return t.moved(String(active.id), positionOf(over.id))
            },
            onDragEnd: ({ active, over }) => t.dropped(String(active.id), positionOf(over?.id ?? active.id)),
            onDragCancel: ({ active }) => t.cancelled(String(active.id), positionOf(active.id)),
          },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-2">
            {order.map((cell, position) => (
              <SortableTile key={cell} cell={cell} tile={items[cell]} position={position} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  )
}

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return (
    <Tabs.Root defaultValue="tiles">
      <Tabs.List aria-label="Mosaic" className="mb-4 flex gap-1 border-b border-neutral-200">
        <Tabs.Trigger value="tiles" className={chrome.tab}>
          {t.tiles}
        </Tabs.Trigger>
        <Tabs.Trigger value="gap" className={chrome.tab}>
          {t.gap}
        </Tabs.Trigger>
        <Tabs.Trigger value="mobile" className={chrome.tab}>
          {t.mobile}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="tiles" className="outline-none">
        <TileLinks items={b.items} set={set} />
      </Tabs.Content>
      <Tabs.Content value="gap" className="outline-none">
        <RangeField
          label={t.gapLabel}
          value={b.gap}
          min={0}
          max={MOSAIC_GAP_MAX}
          onChange={(v) => set('gap', v)}
          describe={(v) => `${v} px`}
        />
      </Tabs.Content>
      <Tabs.Content value="mobile" className="outline-none">
        <MobileOrder items={b.items} set={set} />
      </Tabs.Content>
    </Tabs.Root>
  )
}
