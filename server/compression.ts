import { Readable, pipeline } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

/** Text worth compressing (images, fonts and PDFs are compressed already). */
const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i

/** What a client takes: brotli first, then gzip. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  if (/\bbr\b/.test(acceptEncoding)) return 'br'
  return /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null
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
