/**
 * Files the server lays out on request (the event calendar's PDF, a trip's PDF): asked for again
 * while the server is busy (429, after its Retry-After), then saved under their file name.
 */

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

/** Calls `ask` until it is not answered 429, waiting as each 429's Retry-After says, until `signal` aborts. */
export async function askUntilReady(ask: () => Promise<Response>, signal: AbortSignal): Promise<Response> {
  let response = await ask()
  while (response.status === 429) {
    await wait(retryAfterSeconds(response.headers.get('retry-after')), signal)
    response = await ask()
  }
  return response
}

/** The file name the server gave (Content-Disposition, RFC 6266's UTF-8 form first), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? ''
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  return utf8 ? decodeURIComponent(utf8) : fallback
}

/** Saves an answer's body as a download named `fileName`. */
export async function saveAs(response: Response, fileName: string): Promise<void> {
  const href = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}
