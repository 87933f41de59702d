/**
 * The visitor's trip (issue 35 point 1): their saved list arranged into days, each stop with a
 * note. Pure functions over plain data, shared by the planner in the browser, the share link the
 * server reads, and the PDF. A trip names its stops by their address on the site ('/listing/x');
 * what a stop is (title, position, event dates, opening times) comes from the site
 * (`TripStopInfo`), never from the trip itself, so a forged share link cannot put words on a page.
 */
import { z } from 'zod/mini'
import { haversineKm } from '#lib/geo'
import type { OpeningTime } from '#lib/listings'
import { TRIP_ENQUIRY_PARAM, TRIP_PATH, TRIP_SHARE_PARAM } from './paths.ts'

/** The most days a trip holds (a fortnight: a long holiday; a share link stays short). */
export const MAX_DAYS = 14
/** The most stops over all days (the visitor's list holds at most 50 items too). */
export const MAX_STOPS = 50
/** The longest note on a stop. */
export const NOTE_MAX = 300
/** The longest share link payload the server reads (characters of base64url). */
export const MAX_SHARE_CHARS = 12_000

export interface TripDay {
  /** 'YYYY-MM-DD', or '' for an undated day ("Day 2"). */
  date: string
  /** The stops' addresses on this site, in visiting order. */
  stops: string[]
}

export interface Trip {
  days: TripDay[]
  /** A note per stop, by its address (kept when the stop moves, or goes back to the list). */
  notes: Record<string, string>
}

/** Where a stop sits: a day (its index) or the visitor's list, not yet planned. */
export type TripPlace = { day: number; index: number } | { day: 'list'; index: number }

/** A path on this site: starts with one '/', no scheme, no host, no control characters, bounded. */
export function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\?#]{0,300}$/.test(value)
}

/** A real calendar day 'YYYY-MM-DD' (not 30 February). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const at = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value
}

export const emptyTrip = (): Trip => ({ days: [{ date: '', stops: [] }], notes: {} })

/** A first trip from the visitor's list: one undated day holding every saved item, in the list's order. */
export function tripFromList(paths: readonly string[]): Trip {
  return { days: [{ date: '', stops: unique(paths.filter(isSitePath)).slice(0, MAX_STOPS) }], notes: {} }
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)]
}

/** Every stop placed in a day, in order. */
export const plannedStops = (trip: Trip): string[] => trip.days.flatMap((day) => day.stops)

/** The saved items not placed in any day yet (in the list's order). */
export function unplanned(trip: Trip, list: readonly string[]): string[] {
  const placed = new Set(plannedStops(trip))
  return list.filter((path) => !placed.has(path))
}

/** Where a stop is now, or null. */
export function placeOf(trip: Trip, path: string, list: readonly string[]): TripPlace | null {
  for (const [day, { stops }] of trip.days.entries()) {
    const index = stops.indexOf(path)
    if (index >= 0) return { day, index }
  }
  const index = unplanned(trip, list).indexOf(path)
  return index >= 0 ? { day: 'list', index } : null
}

/**
 * Moves a stop to a place: a day (at `index`, clamped) or back to the list ('list': out of every
 * day; its note stays for when it comes back). A stop not on the trip or the list is ignored.
 */
export function moveStop(trip: Trip, path: string, to: TripPlace, list: readonly string[] = []): Trip {
  const from = placeOf(trip, path, list)
  if (!from) return trip
  // Already there: nothing changes (a repeated drop, a move to its own place).
  if (from.day === to.day && (to.day === 'list' || from.index === Math.min(to.index, trip.days[to.day]!.stops.length - 1))) return trip
  const days = trip.days.map((day) => ({ ...day, stops: day.stops.filter((p) => p !== path) }))
  if (to.day !== 'list') {
    const target = days[to.day]
    if (!target) return trip
    if (from.day === 'list' && plannedStops(trip).length >= MAX_STOPS) return trip
    const index = Math.max(0, Math.min(to.index, target.stops.length))
    target.stops.splice(index, 0, path)
  }
  return { ...trip, days }
}

/** Moves a stop one place up or down within its day, or into the previous/next day at its end when it is at an edge. */
export function moveBy(trip: Trip, path: string, delta: -1 | 1): Trip {
  const from = placeOf(trip, path, [])
  if (!from || from.day === 'list') return trip
  const stops = trip.days[from.day]!.stops
  const index = from.index + delta
  if (index >= 0 && index < stops.length) return moveStop(trip, path, { day: from.day, index })
  const day = from.day + delta
  if (day < 0 || day >= trip.days.length) return trip
  // Into the neighbouring day, next to where it came from: the end of the day before, the start of the day after.
  return moveStop(trip, path, { day, index: delta < 0 ? trip.days[day]!.stops.length : 0 })
}

export function addDay(trip: Trip): Trip {
  if (trip.days.length >= MAX_DAYS) return trip
  const last = trip.days.at(-1)
  // A dated trip continues with the next date; an undated one with the next "Day n".
  const date = last?.date ? nextDate(last.date) : ''
  return { ...trip, days: [...trip.days, { date, stops: [] }] }
}

/** Removes a day; its stops go back to the list (the last day cannot be removed). */
export function removeDay(trip: Trip, day: number): Trip {
  if (trip.days.length <= 1 || !trip.days[day]) return trip
  return { ...trip, days: trip.days.filter((_, i) => i !== day) }
}

export function setDate(trip: Trip, day: number, date: string): Trip {
  if (!trip.days[day] || (date !== '' && !isIsoDate(date))) return trip
  return { ...trip, days: trip.days.map((d, i) => (i === day ? { ...d, date } : d)) }
}

export function setNote(trip: Trip, path: string, note: string): Trip {
  const notes = { ...trip.notes }
  const text = note.slice(0, NOTE_MAX)
  if (text.trim()) notes[path] = text
  else delete notes[path]
  return { ...trip, notes }
}

function nextDate(iso: string): string {
  const at = new Date(`${iso}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + 1)
  return at.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------
// What the site says about a stop, and what follows for the trip.

export interface TripStopInfo {
  path: string
  kind: 'listing' | 'page'
  title: string
  /** Its position, when it has one (listings from the provider do). */
  lat: number | null
  lng: number | null
  address: string
  /** An event's dates: its first and last day, and every day it runs when the provider lists them. */
  event: { start: string; end: string; days: string[] } | null
  /** The provider's opening times as stored, passed as they are to whatever reads them (see `TripChecks.closedOn`). */
  openingTime: OpeningTime | null
}

/** A day's label: its date when it has one, else "Day n" (the caller's words). */
export function dayTitle(trip: Trip, day: number, words: { day: (n: number) => string; date: (iso: string) => string }): string {
  const date = trip.days[day]?.date
  return date ? words.date(date) : words.day(day + 1)
}

export type TripWarning =
  /** An event that is over by that day (or, on an undated day, its last day). */
  | { kind: 'ends'; date: string; beforeDay: boolean }
  /** An event that starts after that day. */
  | { kind: 'starts'; date: string }
  /** An event within its dates that does not run on that day. */
  | { kind: 'notThatDay' }
  /**
   * Closed that day (from the listing's opening times): every week on that weekday ("closed on
   * Mondays"), or that day only (an exception such as a public holiday, named when the provider does).
   */
  | { kind: 'closed'; weekday: number; weekly: boolean; exception: string }

export interface TripChecks {
  /**
   * Whether the place is closed on a day ('YYYY-MM-DD'), from its opening times: how (every week on
   * that weekday, or that day only, with the exception's name), or undefined when open or when the
   * times do not say. The opening-hours reader is the listings feature's (issue 35 point 3), passed in.
   */
  closedOn?: (openingTime: unknown, isoDate: string) => { weekly: boolean; exception: string } | undefined
}

/** Warnings for a stop on a day (date '' for an undated day). */
export function stopWarnings(info: TripStopInfo | undefined, date: string, checks: TripChecks = {}): TripWarning[] {
  if (!info) return []
  const out: TripWarning[] = []
  const event = info.event
  if (event) {
    if (!date) {
      if (event.end) out.push({ kind: 'ends', date: event.end, beforeDay: false })
    } else if (event.end && date > event.end) out.push({ kind: 'ends', date: event.end, beforeDay: true })
    else if (event.start && date < event.start) out.push({ kind: 'starts', date: event.start })
    else if (event.days.length && !event.days.includes(date)) out.push({ kind: 'notThatDay' })
  }
  const closed = date && info.openingTime ? checks.closedOn?.(info.openingTime, date) : undefined
  if (closed) out.push({ kind: 'closed', weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), ...closed })
  return out
}

// ---------------------------------------------------------------------------------------------
// Distances: a straight-line estimate, or a routing provider's answer.

/** Roads wind: the straight line times this is a fair estimate of the road distance in the region. */
export const ROAD_FACTOR = 1.3
/** Average driving speed for the estimate, km/h (country roads and town streets). */
export const AVERAGE_KMH = 60

export interface Leg {
  km: number
  minutes: number
}

export { haversineKm }

/** The estimate between two places: the straight line times ROAD_FACTOR, at AVERAGE_KMH. */
export function estimateLeg(a: { lat: number; lng: number }, b: { lat: number; lng: number }): Leg {
  const km = haversineKm(a, b) * ROAD_FACTOR
  return { km: Math.round(km * 10) / 10, minutes: Math.max(1, Math.round((km / AVERAGE_KMH) * 60)) }
}

/** A day's located stops, in order (stops without a position are skipped: the leg runs past them). */
export function locatedStops(stops: readonly string[], info: (path: string) => TripStopInfo | undefined): TripStopInfo[] {
  return stops.map(info).filter((s): s is TripStopInfo & { lat: number; lng: number } => s?.lat != null && s.lng != null)
}

// ---------------------------------------------------------------------------------------------
// The share link: the trip itself, compact and validated (decision 033).

const payloadSchema = z.tuple([
  z.literal(1),
  z
    .array(
      z.tuple([
        z.string().check(z.maxLength(10)),
        z.array(
          z.union([
            z.string().check(z.maxLength(301)),
            z.tuple([z.string().check(z.maxLength(301)), z.string().check(z.maxLength(NOTE_MAX))]),
          ]),
        ),
      ]),
    )
    .check(z.minLength(1), z.maxLength(MAX_DAYS)),
])

function toBase64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return null
  }
}

/** The trip as a share link's parameter: days with their dates, stops and notes (no titles: the site gives those). */
export function encodeTrip(trip: Trip): string {
  const days = trip.days.map((day) => [day.date, day.stops.map((path) => (trip.notes[path] ? [path, trip.notes[path]] : path))])
  return toBase64Url(JSON.stringify([1, days]))
}

/**
 * A share link's trip, or null when it is not one: too long, not base64url JSON of the expected
 * shape, a date that is no date, a stop that is not a path on this site, too many days or stops.
 * A stop named twice keeps its first place.
 */
export function decodeTrip(encoded: string): Trip | null {
  if (!encoded || encoded.length > MAX_SHARE_CHARS) return null
  const json = fromBase64Url(encoded)
  if (json === null) return null
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return null
  }
  const parsed = payloadSchema.safeParse(value)
  if (!parsed.success) return null
  const seen = new Set<string>()
  const trip: Trip = { days: [], notes: {} }
  for (const [date, stops] of parsed.data[1]) {
    if (date !== '' && !isIsoDate(date)) return null
    const day: TripDay = { date, stops: [] }
    for (const stop of stops) {
      const [path, note] = typeof stop === 'string' ? [stop, ''] : stop
      if (!isSitePath(path)) return null
      if (seen.has(path)) continue
      seen.add(path)
      day.stops.push(path)
      if (note.trim()) trip.notes[path] = note
    }
    trip.days.push(day)
  }
  return seen.size > MAX_STOPS ? null : trip
}

/** A stored trip (localStorage), checked like a share link; anything else is no trip. */
export function parseStoredTrip(raw: string | null): Trip | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as { v?: unknown; share?: unknown }
    return value?.v === 1 && typeof value.share === 'string' ? decodeTrip(value.share) : null
  } catch {
    return null
  }
}

export const storedTrip = (trip: Trip): string => JSON.stringify({ v: 1, share: encodeTrip(trip) })

export { TRIP_ENQUIRY_PARAM, TRIP_PATH, TRIP_SHARE_PARAM }

export const shareUrl = (origin: string, trip: Trip): string => `${origin}${TRIP_PATH}?${TRIP_SHARE_PARAM}=${encodeTrip(trip)}`

/**
 * The trip as plain text lines (the enquiry's message, the visitor centre's mail): a line per day,
 * then one per stop with its address and note.
 */
export function tripLines(
  trip: Trip,
  origin: string,
  titleOf: (path: string) => string,
  words: { day: (n: number) => string; date: (iso: string) => string; note: string },
): string[] {
  const lines: string[] = []
  trip.days.forEach((day, i) => {
    lines.push(`${dayTitle(trip, i, words)}:`)
    for (const path of day.stops) {
      lines.push(`- ${titleOf(path) || path}: ${origin}${path}`)
      const note = trip.notes[path]
      if (note) lines.push(`  ${words.note}: ${note.replace(/\s+/g, ' ')}`)
    }
  })
  return lines
}
