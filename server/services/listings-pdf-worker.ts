/**
 * A PDF worker thread (piscina): lays out and renders one event calendar per task, off the thread
 * that answers requests. Started by listings-pdf-pool.ts (through listings-pdf-worker-tsx.mjs while
 * the server runs from its TypeScript sources).
 *
 * A 'warm' task renders a small sample calendar: the first layout in a fresh thread is about twice
 * as slow as the next (the built-in fonts are parsed, the layout code compiled), and the server
 * warms its threads at start so the first visitor does not pay for that.
 */
import { renderCalendar, type CalendarEntry, type CalendarInput } from './listings-pdf-layout.tsx'

export type PdfTask = { kind: 'render'; input: CalendarInput } | { kind: 'warm' }

function sample(): CalendarInput {
  const entries: CalendarEntry[] = Array.from({ length: 40 }, (_, i) => ({
    id: `warm-${i}`,
    month: i < 20 ? 'January 2000' : 'February 2000',
    name: `Sample event ${i}`,
    dates: '1 Jan 2000 – 2 Jan 2000 · 10:00am – 4:00pm',
    place: '1 Murray Street, Tanunda',
    description: 'Long tables under the gums, local wine and music. '.repeat(5),
    picture: null,
  }))
  return { title: 'Event Calendar', siteName: '', meta: '40 listings', truncated: null, entries }
}

/** The PDF's bytes (copied to the request thread: a few hundred KB, well under a millisecond). */
export default async function run(task: PdfTask): Promise<Uint8Array> {
  if (task.kind === 'warm') {
    await renderCalendar(sample())
    return new Uint8Array(0)
  }
  return renderCalendar(task.input)
}
