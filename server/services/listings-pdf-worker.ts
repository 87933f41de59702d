/**
 * A PDF worker thread (piscina): lays out and renders one event calendar per task, off the thread
 * that answers requests. Loaded by listings-pdf-pool.ts.
 *
 * With `workerData.warm` the thread first renders a small sample calendar: the first layout in a
 * fresh thread is about twice as slow as the next (the built-in fonts are parsed, the layout code
 * compiled), and the server starts its workers warm so the first visitor does not wait for that.
 */
import { move, workerData } from 'piscina'
import { renderCalendar, type CalendarEntry, type CalendarInput } from './listings-pdf-layout.tsx'

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

if ((workerData as { warm?: boolean } | undefined)?.warm) await renderCalendar(sample())

export default async function render(input: CalendarInput): Promise<Uint8Array> {
  let bytes = await renderCalendar(input)
  // Transferred to the request thread, not copied: the whole ArrayBuffer moves, so it must be
  // the PDF's own (a small Buffer may share Node's pool).
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = bytes.slice()
  return move(bytes) as Uint8Array
}
