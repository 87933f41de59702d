import { Readable, pipeline } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import Negotiator from 'negotiator'

/** Text worth compressing (images, fonts and PDFs are compressed already). */
const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i

const OFFERED = ['br', 'gzip', 'identity']
/** negotiator 1.x takes the server's order for equal weights; its types (0.6) do not list the option yet. */
type Encodings = (available: string[], options: { preferred: string[] }) => string[]
/** The few Accept-Encoding values browsers send, each negotiated once (this runs for every cached page). */
const negotiated = new Map<string, 'br' | 'gzip' | null>()

/**
 * What a client takes, by its Accept-Encoding weights (negotiator: `br;q=0` refuses brotli, `*`
 * counts): brotli first, then gzip, for equal weights; null for neither.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  let encoding = negotiated.get(acceptEncoding)
  if (encoding === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } })
    const [best] = (negotiator.encodings.bind(negotiator) as Encodings)(OFFERED, { preferred: OFFERED })
    encoding = best === 'br' || best === 'gzip' ? best : null
    if (negotiated.size >= 256) negotiated.clear()
    negotiated.set(acceptEncoding, encoding)
  }
  return encoding
}

/**
 * Compresses every text response that is not compressed yet (pages rendered for editors, pages
 * the cache does not keep, API answers), brotli preferred. Streamed as it is rendered: each chunk
 * is flushed, so a streamed page's first bytes are not held back to compress better.
 * Visitor pages from the cache and the built assets arrive compressed already and pass through.
 */
export function compressResponses({ minBytes = 1024 } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 304 || res.headers.has('content-encoding')) return
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return
    const length = res.headers.get('content-length')
    if (length !== null && Number(length) < minBytes) return
    const encoding = preferredEncoding(c.req.header('accept-encoding'))
    const headers = new Headers(res.headers)
    headers.append('vary', 'Accept-Encoding')
    if (!encoding) {
      c.res = undefined
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers })
      return
    }
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
          })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH })
    // An error of the source (a render failing mid-stream) ends the compressed stream too.
    const compressed = pipeline(Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), compressor, () => {})
    headers.delete('content-length')
    headers.set('content-encoding', encoding)
    // Hono copies the old response's headers onto a new one; clear it first so they are not merged back.
    c.res = undefined
    c.res = new Response(Readable.toWeb(compressed) as ReadableStream<Uint8Array>, {
      status: res.status,
      statusText: res.statusText,
      headers,
    })
  }
}
