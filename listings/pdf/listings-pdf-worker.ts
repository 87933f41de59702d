/**
 * A PDF worker thread (piscina): lays out and renders one event calendar per task, off the thread
 * that answers requests. Started by listings-pdf-pool.ts (through listings-pdf-worker-tsx.mjs while
 * the server runs from its TypeScript sources).
 *
 * A 'warm' task renders a sample calendar three times: in a fresh thread the first layout takes
 * about three times as long as the fourth, the second twice as long (the built-in fonts are
 * parsed, the layout code compiled and optimised), and the server warms its threads at start so
 * the first visitor does not pay for that (some 5 s of one core, in the worker).
 */
import { renderCalendar, type CalendarEntry, type CalendarInput } from './layout.tsx'
import { renderTrip, type TripPdfInput } from './trip-layout.tsx'

/** A calendar, a visitor's trip (issue 35), or the warm-up. */
export type PdfTask = { kind: 'render'; input: CalendarInput } | { kind: 'trip'; input: TripPdfInput } | { kind: 'warm' }

function sample(): CalendarInput {
  const entries: CalendarEntry[] = Array.from({ length: 100 }, (_, i) => ({
    id: `warm-${i}`,
    month: `${['January', 'February', 'March', 'April'][Math.floor(i / 25)]} 2000`,
    name: `Sample event ${i}`,
    dates: '1 Jan 2000 – 2 Jan 2000 · 10:00am – 4:00pm',
    place: '1 Murray Street, Tanunda',
    description: 'Long tables under the gums, local wine and music. '.repeat(5),
    picture: null,
  }))
  return { title: 'Event Calendar', siteName: '', meta: '100 listings', truncated: null, entries }
}

/** The PDF's bytes (copied to the request thread: a few hundred KB, well under a millisecond). */
export default async function run(task: PdfTask): Promise<Uint8Array> {
  if (task.kind === 'warm') {
    for (let i = 0; i < 3; i++) await renderCalendar(sample())
    return new Uint8Array(0)
  }
  if (task.kind === 'trip') return renderTrip(task.input)
  return renderCalendar(task.input)
}
