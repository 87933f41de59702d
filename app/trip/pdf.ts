/**
 * The trip's PDF (issue 35 point 1): laid out by the server's PDF worker threads (POST
 * /api/trip/pdf) and saved under its file name. While the server is busy (429) it asks again
 * when Retry-After says, within a minute.
 */
import { askUntilReady, fileNameOf, saveAs } from '#ui/download.ts'

const TIMEOUT_MS = 60_000

export async function downloadTripPdf(apiBase: string, trip: string, lang: string, fallbackName: string): Promise<void> {
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  const response = await askUntilReady(
    () =>
      fetch(`${apiBase}/trip/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ trip, lang }),
        signal,
      }),
    signal,
  )
  if (!response.ok) throw new Error(`trip/pdf answered ${response.status}`)
  await saveAs(response, fileNameOf(response, fallbackName))
}
