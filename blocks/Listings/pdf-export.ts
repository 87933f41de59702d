/**
 * Export to PDF from the grid (spec 02 §2.2, §9): the event calendar for the grid's filters,
 * downloaded under the spec's file name. Failures are only logged (spec 02 §8).
 */
import { askUntilReady, saveAs } from '#ui/download.ts'

/** Spec 02 §9: how long a calendar may take. */
const PDF_TIMEOUT_MS = 300_000

/**
 * Fetches the calendar at `url` and saves it as `fileName`. While the server is laying out other
 * calendars (429) it asks again when Retry-After says, within the PDF timeout; the caller's
 * 'generating' modal stays open meanwhile.
 */
export async function downloadCalendar(url: string, fileName: string): Promise<void> {
  const signal = AbortSignal.timeout(PDF_TIMEOUT_MS)
  const response = await askUntilReady(() => fetch(url, { signal }), signal)
  if (!response.ok) throw new Error(`listingsPdf/generatePdf answered ${response.status}`)
  await saveAs(response, fileName)
}
