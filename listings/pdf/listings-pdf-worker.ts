/**
 * A PDF worker thread (piscina): lays out and renders one event calendar per task, off the thread
 * that answers requests. Started by listings-pdf-pool.ts (through listings-pdf-worker-tsx.mjs while
 * the server runs from its TypeScript sources).
 *
 * A fresh thread lays out its first calendar at about half speed (the built-in fonts are parsed,
 * the layout code compiled and optimised). The server no longer warms its threads at start: a warm
 * thread holds about 120 MB until it has been idle for PDF_IDLE_SECONDS, a quarter of the server's
 * memory, for a calendar few visitors ask for (decision 042).
 */
import { renderCalendar, type CalendarInput } from './layout.tsx'
import { renderTrip, type TripPdfInput } from './trip-layout.tsx'

/** A calendar or a visitor's trip (issue 35). */
export type PdfTask = { kind: 'render'; input: CalendarInput } | { kind: 'trip'; input: TripPdfInput }

/** The PDF's bytes (copied to the request thread: a few hundred KB, well under a millisecond). */
export default async function run(task: PdfTask): Promise<Uint8Array> {
  if (task.kind === 'trip') return renderTrip(task.input)
  return renderCalendar(task.input)
}
