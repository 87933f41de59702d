/**
 * The trip planner (issue 35 point 1): the visitor's saved list arranged into days. Stops move by
 * drag and drop (@dnd-kit, as the editor's blocks; its keyboard sensor too: Space, arrows, Space)
 * and by their own buttons (up, down, to another day), each move announced; a note per stop; per
 * day a map of its stops in order, the way between them and the day's driving, and warnings from
 * event dates and opening times ("closed on Mondays", read by the listings feature: ./opening-hours.ts). The
 * trip stays in this browser (ui/trip/store.ts); it is shared as a link, printed, made a PDF by
 * the server's PDF workers, or sent with an enquiry.
 */
import { measure } from '#ui/measure'
import {
  closestCenter,
  DndContext,
  getFirstCollision,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { clsx } from 'clsx'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { LocaleCode } from '#lib/locales'
import {
  addDay,
  dayTitle,
  encodeTrip,
  moveBy,
  moveStop,
  NOTE_MAX,
  placeOf,
  removeDay,
  setDate,
  setNote,
  shareUrl,
  TRIP_ENQUIRY_PARAM,
  tripFromList,
  unplanned,
  type Trip,
  type TripPlace,
  type TripStopInfo,
} from '#lib/trip/model'
import { tripTextsOf, type TripTexts } from '#lib/trip/texts/index'
import { FAVOURITES_PATH, useFavourites } from '#ui/favourites/store'
import { useApiBase } from '#ui/hooks/use-api-base'
import { ShareLink } from '#ui/ShareLink'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { useLocale } from '#ui/locale'
import { readTrip, useStoredTrip, writeTrip } from '#ui/trip/store'
import { DayOverview, dayWords, NextLeg, Warnings } from './parts'
import { downloadTripPdf } from './pdf'
import { useDayLegs, useStopInfo } from './use-trip-data'

const LIST_ID = 'list'
const dayId = (day: number) => `day:${day}`

interface Ctx {
  t: TripTexts
  locale: LocaleCode
  trip: Trip
  list: string[]
  info: Map<string, TripStopInfo>
  titleOf: (path: string) => string
  dayLabel: (day: number) => string
  move: (path: string, to: TripPlace, control: string) => void
  step: (path: string, delta: -1 | 1, control: string) => void
  note: (path: string, text: string) => void
}

export function Planner({ enquiryPath, routing }: { enquiryPath: string | null; routing: boolean }) {
  const { locale, href } = useLocale()
  const t = tripTextsOf(locale)
  const hydrated = useHydrated()
  const apiBase = useApiBase()
  const favourites = useFavourites()
  const stored = useStoredTrip()
  const list = useMemo(() => favourites.map((f) => f.path), [favourites])
  // The first visit: the list becomes a trip of one day.
  const trip = stored ?? (hydrated && list.length ? tripFromList(list) : null)
  useEffect(() => {
    if (hydrated && !stored && list.length) writeTrip(tripFromList(list))
  }, [hydrated, stored, list])

  const allPaths = useMemo(() => [...new Set([...(trip?.days.flatMap((d) => d.stops) ?? []), ...list])], [trip, list])
  const info = useStopInfo(apiBase, hydrated ? allPaths : [], locale)
  const [announcement, setAnnouncement] = useState('')
  const focusAfter = useRef<{ path: string; control: string } | null>(null)
  // Focus follows the moved stop (to another list its item is a new element), before the page paints.
  useLayoutEffect(() => {
    const target = focusAfter.current
    if (!target) return
    focusAfter.current = null
    const item = document.querySelector(`[data-stop="${CSS_escape(target.path)}"]`)
    const control =
      item?.querySelector<HTMLElement>(`[data-control="${target.control}"]:not(:disabled)`) ??
      item?.querySelector<HTMLElement>('[data-control="handle"]')
    control?.focus()
  })

  if (!hydrated) return <Heading t={t} status={t.loading} />
  if (!trip) {
    return (
      <>
        <Heading t={t} status={t.emptyList} />
        <a href={href(FAVOURITES_PATH)} className="mt-6 inline-block font-semibold text-red underline-offset-4 hover:underline">
          {t.backToList}
        </a>
      </>
    )
  }

  const words = dayWords(t, locale)
  const dayLabel = (day: number) => (day < 0 ? t.toList : dayTitle(trip, day, words))
  const titleOf = (path: string) => info.get(path)?.title || favourites.find((f) => f.path === path)?.title || path

  function announceMove(next: Trip, path: string) {
    const place = placeOf(next, path, list)
    if (!place) return
    if (place.day === 'list') setAnnouncement(t.movedToList(titleOf(path)))
    else setAnnouncement(t.moved(titleOf(path), dayLabel(place.day), place.index + 1, next.days[place.day]!.stops.length))
  }
  const ctx: Ctx = {
    t,
    locale,
    trip,
    list,
    info,
    titleOf,
    dayLabel,
    // Each change starts from the stored trip, never from a render's copy: a handler kept by the
    // drag and drop (or a second tab) must not write an older trip back.
    move: (path, to, control) => {
      const now = readTrip() ?? trip
      const next = moveStop(now, path, to, list)
      if (next === now) return
      writeTrip(next)
      announceMove(next, path)
      focusAfter.current = { path, control }
    },
    step: (path, delta, control) => {
      const now = readTrip() ?? trip
      const next = moveBy(now, path, delta)
      if (next === now) return
      writeTrip(next)
      announceMove(next, path)
      focusAfter.current = { path, control }
    },
    note: (path, text) => writeTrip(setNote(readTrip() ?? trip, path, text)),
  }
  const rest = unplanned(trip, list)

  return (
    <>
      <Heading t={t} />
      <p role="status" aria-live="polite" className="sr-only" data-trip-announcement="">
        {announcement}
      </p>
      <Toolbar trip={trip} t={t} locale={locale} enquiryPath={enquiryPath} apiBase={apiBase} />
      <Board ctx={ctx}>
        {trip.days.map((day, i) => (
          <DaySection
            key={i}
            ctx={ctx}
            day={i}
            apiBase={apiBase}
            routing={routing}
            onRemove={
              trip.days.length > 1
                ? () => {
                    const title = dayLabel(i)
                    writeTrip(removeDay(trip, i))
                    setAnnouncement(t.dayRemoved(title))
                  }
                : undefined
            }
          />
        ))}
        <div className="print:hidden">
          <button
            type="button"
            className="button button--ghost"
            data-add-day=""
            onClick={() => {
              const next = addDay(trip)
              if (next === trip) return
              writeTrip(next)
              setAnnouncement(t.dayAdded(dayTitle(next, next.days.length - 1, words)))
            }}
          >
            {t.addDay}
          </button>
        </div>
        <section
          aria-labelledby="trip-list-title"
          className="rounded-sm bg-white p-5 shadow-sm ring-1 ring-black/5 print:hidden"
          data-unplanned=""
        >
          <h2 id="trip-list-title" className="font-display text-2xl font-semibold text-red-darkest">
            {t.listTitle}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{rest.length ? t.listIntro : t.listEmpty}</p>
          <StopList ctx={ctx} container={LIST_ID} stops={rest} label={t.listTitle} />
        </section>
      </Board>
      <p className="mt-8 max-w-3xl text-sm text-ink-soft" data-distance-note="">
        {routing ? t.routed : t.estimate}
      </p>
      {!enquiryPath ? <p className="mt-2 text-sm text-ink-soft print:hidden">{t.noEnquiryPage}</p> : null}
    </>
  )
}

/** CSS.escape where the browser has it (it does: this runs after hydration). */
function CSS_escape(value: string): string {
  return typeof window !== 'undefined' && window.CSS?.escape ? window.CSS.escape(value) : value.replace(/"/g, '\\"')
}

function Heading({ t, status }: { t: TripTexts; status?: string }) {
  return (
    <>
      <h1 className="font-display text-4xl font-semibold text-red-darkest sm:text-5xl">{t.title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft print:hidden">{t.intro}</p>
      {status ? (
        <p role="status" className="mt-8 font-display text-2xl font-semibold text-red-darkest">
          {status}
        </p>
      ) : null}
    </>
  )
}

function Toolbar({
  trip,
  t,
  locale,
  enquiryPath,
  apiBase,
}: {
  trip: Trip
  t: TripTexts
  locale: LocaleCode
  enquiryPath: string | null
  apiBase: string
}) {
  const { href } = useLocale()
  const [link, setLink] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  return (
    <div className="mt-8 print:hidden" data-trip-actions="">
      <div role="group" aria-label={t.actions} className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="button"
          aria-expanded={link !== null}
          onClick={() => {
            setLink(shareUrl(window.location.origin, trip))
            // A trip shared (issue 37): counted, never what is in it.
            measure({ k: 'trip-share' })
            setStatus('')
          }}
        >
          {t.share}
        </button>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {t.print}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-trip-pdf=""
          onClick={() => {
            setStatus(t.pdfBusy)
            downloadTripPdf(apiBase, encodeTrip(trip), locale, t.pdfFileName(''))
              .then(() => setStatus(''))
              .catch(() => setStatus(t.pdfFailed))
          }}
        >
          {t.pdf}
        </button>
        {enquiryPath ? (
          <a href={`${href(enquiryPath)}?${TRIP_ENQUIRY_PARAM}=1`} className="button button--ghost" data-trip-enquire="">
            {t.enquire}
          </a>
        ) : null}
      </div>
      {link ? (
        <ShareLink link={link} label={t.shareLabel} copyLabel={t.copy} onCopied={(copied) => setStatus(copied ? t.copied : '')} />
      ) : null}
      <p role="status" className="mt-2 text-sm font-semibold text-red-darker empty:hidden">
        {status}
      </p>
    </div>
  )
}

/** The drag and drop around every day and the list: a stop dropped on another lands in its place; on a container, at its end. */
function Board({ ctx, children }: { ctx: Ctx; children: React.ReactNode }) {
  const { t, trip, list } = ctx
  const moved = useRef(false)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const containerOf = (id: UniqueIdentifier): TripPlace | null => {
    const key = String(id)
    if (key === LIST_ID) return { day: 'list', index: 0 }
    if (key.startsWith('day:')) {
      const day = Number(key.slice(4))
      return { day, index: trip.days[day]?.stops.length ?? 0 }
    }
    return placeOf(trip, key, list)
  }
  /** Where a drop on `id` lands: the day (or the list) and the position there. */
  const where = (id: UniqueIdentifier) => {
    const place = containerOf(id)
    return place ? { label: ctx.dayLabel(place.day === 'list' ? -1 : place.day), position: place.index + 1 } : null
  }
  /**
   * What a dragged stop is over: the stop or day its box overlaps most; a day with stops gives its
   * stop nearest the dragged one, so a drop lands between stops rather than at the day's end.
   */
  const collisionDetection: CollisionDetection = (args) => {
    // The dragged stop's own box (by mouse it follows the pointer; by keyboard there is no pointer).
    const hits = rectIntersection(args)
    const first = getFirstCollision(hits, 'id')
    if (first === null) return closestCenter(args)
    const key = String(first)
    const stops = key === LIST_ID ? [] : key.startsWith('day:') ? (trip.days[Number(key.slice(4))]?.stops ?? []) : null
    if (!stops?.length) return [{ id: first }]
    const inDay = args.droppableContainers.filter((c) => stops.includes(String(c.id)))
    return closestCenter({ ...args, droppableContainers: inDay })
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.id) return
    const to = containerOf(over.id)
    if (to) ctx.move(String(active.id), to, 'handle')
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Stops move by buttons between drags: where each one is is measured afresh, never kept from the last drag.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t.dragHelp },
        announcements: {
          onDragStart: ({ active }) => {
            moved.current = false
            return t.dragStart(ctx.titleOf(String(active.id)))
          },
          onDragOver: ({ active, over }) => {
            // Over its own place before any move: the pickup stays what is announced.
            if (over?.id === active.id && !moved.current) return t.dragStart(ctx.titleOf(String(active.id)))
            moved.current = true
            const place = over ? where(over.id) : null
            return place ? t.dragOver(ctx.titleOf(String(active.id)), place.label, place.position) : undefined
          },
          // The move itself is announced by the planner's own live region.
          onDragEnd: () => undefined,
          onDragCancel: ({ active }) => t.dragCancel(ctx.titleOf(String(active.id))),
        },
      }}
    >
      <div className="mt-10 flex flex-col gap-10">{children}</div>
    </DndContext>
  )
}

function DaySection({
  ctx,
  day,
  apiBase,
  routing,
  onRemove,
}: {
  ctx: Ctx
  day: number
  apiBase: string
  routing: boolean
  onRemove: (() => void) | undefined
}) {
  const { t, trip, info } = ctx
  const { date, stops } = trip.days[day]!
  const id = useId()
  const title = ctx.dayLabel(day)
  const { located, legs } = useDayLegs(apiBase, routing, stops, info)
  const numberOf = (path: string) => stops.indexOf(path) + 1
  const legAfter = new Map(located.slice(0, -1).map((s, i) => [s.path, { leg: legs[i], to: located[i + 1]!.path }]))
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="break-inside-avoid-page rounded-sm bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
      data-day={day}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-title`} className="font-display text-2xl font-semibold text-red-darkest sm:text-3xl">
          {t.dayHeading(title, stops.length)}
        </h2>
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
            {t.dayDate}
            <input
              type="date"
              value={date}
              aria-describedby={`${id}-date-hint`}
              data-day-date=""
              onChange={(event) => writeTrip(setDate(readTrip() ?? trip, day, event.currentTarget.value))}
              className="min-h-11 rounded-md border border-ink/25 bg-white px-3 text-base font-normal"
            />
            <span id={`${id}-date-hint`} className="sr-only">
              {t.dayDateHint}
            </span>
          </label>
          {onRemove ? (
            <button
              type="button"
              onClick={onRemove}
              aria-label={t.removeDay(title)}
              className="min-h-11 rounded-full px-4 text-sm font-semibold text-red ring-1 ring-red/40 hover:bg-red hover:text-white"
            >
              {t.removeDayShort}
            </button>
          ) : null}
        </div>
      </div>
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] print:grid-cols-[minmax(0,1fr)_14rem]">
        <StopList
          ctx={ctx}
          container={dayId(day)}
          stops={stops}
          label={t.stops(title)}
          date={date}
          after={(path) => {
            const next = legAfter.get(path)
            return next ? <NextLeg leg={next.leg} from={ctx.titleOf(path)} to={ctx.titleOf(next.to)} t={t} /> : null
          }}
        />
        <DayOverview title={title} located={located} legs={legs} numberOf={numberOf} t={t} />
      </div>
    </section>
  )
}

function StopList({
  ctx,
  container,
  stops,
  label,
  date = '',
  after,
}: {
  ctx: Ctx
  container: string
  stops: readonly string[]
  label: string
  date?: string
  after?: (path: string) => React.ReactNode
}) {
  const { setNodeRef, isOver } = useDroppable({ id: container })
  const inDay = container !== LIST_ID
  return (
    <SortableContext id={container} items={stops as string[]} strategy={verticalListSortingStrategy}>
      <ol
        ref={setNodeRef}
        aria-label={label}
        className={clsx('mt-1 flex min-h-16 flex-col gap-3 rounded-sm', isOver && 'outline-2 outline-offset-4 outline-red/40')}
        data-stops={container}
      >
        {stops.map((path, index) => (
          <StopItem key={path} ctx={ctx} path={path} index={index} count={stops.length} inDay={inDay} date={date} after={after?.(path)} />
        ))}
        {!stops.length && inDay ? (
          <li className="rounded-sm border-2 border-dashed border-ink/20 p-4 text-sm text-ink-soft">{ctx.t.emptyDay}</li>
        ) : null}
      </ol>
    </SortableContext>
  )
}

function StopItem({
  ctx,
  path,
  index,
  count,
  inDay,
  date,
  after,
}: {
  ctx: Ctx
  path: string
  index: number
  count: number
  inDay: boolean
  date: string
  after: React.ReactNode
}) {
  const { t, trip, info, locale } = ctx
  // No animation after a move: the stop is where it says at once (a keyboard user's next key acts on what they see).
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: path,
    animateLayoutChanges: () => false,
  })
  const title = ctx.titleOf(path)
  const place = placeOf(trip, path, ctx.list)
  const day = place && place.day !== 'list' ? place.day : -1
  const first = day === 0 && index === 0
  const last = day === trip.days.length - 1 && index === count - 1
  const stop = info.get(path)
  const id = useId()
  const note = trip.notes[path] ?? ''
  const { href } = useLocale()
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={clsx('break-inside-avoid rounded-sm border border-ink/10 bg-cream/40 p-4', isDragging && 'relative z-10 shadow-lg')}
      data-stop={path}
    >
      <div className="flex items-start gap-3">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t.dragHandle(title)}
          data-control="handle"
          className="flex min-h-11 min-w-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-full text-ink-soft ring-1 ring-ink/20 hover:bg-white active:cursor-grabbing print:hidden"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
        {inDay ? (
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-red text-sm font-bold text-white"
          >
            {index + 1}
          </span>
        ) : null}
        <div className="min-w-0 flex-1">
          <a
            href={href(path)}
            className="font-display text-xl leading-snug font-semibold break-words text-red-darkest underline-offset-4 hover:underline"
            data-stop-title=""
          >
            {title}
          </a>
          {stop?.address ? <p className="text-sm text-ink-soft">{stop.address}</p> : null}
          {inDay ? <Warnings info={stop} date={date} t={t} locale={locale} /> : null}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 print:hidden">
        {inDay ? (
          <>
            <button
              type="button"
              aria-label={t.moveUp(title)}
              data-control="up"
              disabled={first}
              onClick={() => ctx.step(path, -1, 'up')}
              className="min-h-11 min-w-11 rounded-full px-3 text-sm font-semibold text-red ring-1 ring-red/40 hover:bg-red hover:text-white disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-red"
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              aria-label={t.moveDown(title)}
              data-control="down"
              disabled={last}
              onClick={() => ctx.step(path, 1, 'down')}
              className="min-h-11 min-w-11 rounded-full px-3 text-sm font-semibold text-red ring-1 ring-red/40 hover:bg-red hover:text-white disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-red"
            >
              <span aria-hidden="true">↓</span>
            </button>
          </>
        ) : null}
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <span aria-hidden="true">{t.moveToDayShort}</span>
          <select
            aria-label={t.moveToDay(title)}
            data-control="day"
            value=""
            onChange={(event) => {
              const value = event.currentTarget.value
              if (value === LIST_ID) ctx.move(path, { day: 'list', index: 0 }, 'day')
              else if (value) ctx.move(path, { day: Number(value), index: Number.MAX_SAFE_INTEGER }, 'day')
            }}
            className="min-h-11 rounded-md border border-ink/25 bg-white px-2 text-sm font-normal"
          >
            <option value="">{t.chooseDay}</option>
            {trip.days.map((_, i) =>
              i === day ? null : (
                <option key={i} value={String(i)}>
                  {ctx.dayLabel(i)}
                </option>
              ),
            )}
            {inDay ? <option value={LIST_ID}>{t.toList}</option> : null}
          </select>
        </label>
      </div>
      {inDay ? (
        <div className="mt-3">
          <label htmlFor={`${id}-note`} className="text-sm font-semibold text-ink print:hidden">
            {t.note}
          </label>
          <textarea
            id={`${id}-note`}
            aria-label={t.noteLabel(title)}
            defaultValue={note}
            maxLength={NOTE_MAX}
            rows={2}
            placeholder={t.notePlaceholder}
            data-note=""
            onChange={(event) => ctx.note(path, event.currentTarget.value)}
            className="mt-1 block w-full rounded-md border border-ink/25 bg-white px-3 py-2 text-base print:hidden"
          />
          {note ? (
            <p className="hidden text-sm text-ink print:block" data-note-print="">
              {t.note}: {note}
            </p>
          ) : null}
        </div>
      ) : null}
      {after}
    </li>
  )
}
