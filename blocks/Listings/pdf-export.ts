/**
 * Export to PDF from the grid (spec 02 §2.2, §9): the event calendar for the grid's filters,
 * downloaded under the spec's file name. Failures are only logged (spec 02 §8).
 */

/** Spec 02 §9: how long a calendar may take. */
const PDF_TIMEOUT_MS = 300_000

/** How long to wait before asking again after a 429: its Retry-After in seconds, kept within 1-30 (2 when absent or unreadable). */
export function retryAfterSeconds(header: string | null): number {
  return Math.min(30, Math.max(1, Number(header) || 2))
}

const wait = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })

/**
 * Fetches the calendar at `url` and saves it as `fileName`. While the server is laying out other
 * calendars (429) it asks again when Retry-After says, within the PDF timeout; the caller's
 * 'generating' modal stays open meanwhile.
 */
export async function downloadCalendar(url: string, fileName: string): Promise<void> {
  const signal = AbortSignal.timeout(PDF_TIMEOUT_MS)
  let response = await fetch(url, { signal })
  while (response.status === 429) {
    await wait(retryAfterSeconds(response.headers.get('retry-after')), signal)
    response = await fetch(url, { signal })
  }
  if (!response.ok) throw new Error(`listingsPdf/generatePdf answered ${response.status}`)
  const href = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}
