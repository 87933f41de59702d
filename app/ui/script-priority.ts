import { DEFERRED_MODULE_TYPE } from './hydration-loader'

/**
 * The server's half of hydration after the first screen (app/ui/hydration-loader.ts): React
 * Router's `<link rel="modulepreload">` tags are taken out of the page, and its module script
 * becomes a data block (`type="text/x-deferred-module"`) that names them in `data-modules`, for
 * the loader to start when the priority pictures are in.
 *
 * React streams the page, so this works chunk by chunk: a tag split between two chunks is held
 * back until it is whole ('<' and '>' are single bytes in UTF-8, never part of another character,
 * so chunks are cut on bytes without decoding them). Only the few chunks that hold one of the two
 * tags are decoded and rewritten; once the module script is rewritten the rest passes untouched.
 * A plain reader loop rather than a TransformStream: every `pipeThrough` costs several promises
 * per chunk, a measurable share of a render; and what React has ready is passed on in one chunk.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g
const MODULE_SCRIPT = '<script type="module" async="">'
const LT = 0x3c
const MAX_CHUNK = 64 * 1024
/** Raced against a read: a read of what is already queued settles first, one that must wait does not. */
const NOT_YET = Symbol('not yet')
const NOTHING_YET = Promise.resolve(NOT_YET)
const GT = 0x3e

export function deferredModuleScripts(source: ReadableStream<Uint8Array>, onEnd?: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  const modules: string[] = []
  let held: Buffer = Buffer.alloc(0)
  let rewritten = false
  let ended = false
  const end = () => {
    if (!ended) onEnd?.()
    ended = true
  }

  const rewrite = (text: string) =>
    text
      .replace(MODULE_PRELOAD, (_tag, href: string) => {
        modules.push(href)
        return ''
      })
      .replace(MODULE_SCRIPT, () => {
        rewritten = true
        return `<script type="${DEFERRED_MODULE_TYPE}" data-modules="${modules.join(' ')}">`
      })

  /**
   * The bytes of `segment` with its tags rewritten. The text before its first tag and after its
   * last passes as it is: it holds no tag, and may begin or end inside a character.
   */
  const rewriteSegment = (segment: Buffer): Buffer => {
    if (segment.indexOf('<link rel="modulepreload"') === -1 && segment.indexOf(MODULE_SCRIPT) === -1) return segment
    const firstTag = segment.indexOf(LT)
    const lastTag = segment.lastIndexOf(GT) + 1
    return Buffer.concat([
      segment.subarray(0, firstTag),
      Buffer.from(rewrite(segment.toString('utf8', firstTag, lastTag))),
      segment.subarray(lastTag),
    ])
  }

  const push = (chunk: Uint8Array): Buffer | null => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    const all = held.length ? Buffer.concat([held, bytes]) : bytes
    if (rewritten) {
      held = Buffer.alloc(0)
      return all
    }
    // Hold back an unfinished tag (a '<' with no '>' after it).
    const open = all.lastIndexOf(LT)
    const cut = open > all.lastIndexOf(GT) ? open : all.length
    held = Buffer.from(all.subarray(cut))
    return cut > 0 ? rewriteSegment(all.subarray(0, cut)) : null
  }

  // A read that had to wait, carried over to the next pull.
  let waiting: Promise<ReadableStreamReadResult<Uint8Array>> | null = null
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // What React has written so far goes on as one chunk: the server writes each chunk to the
      // socket on its own, and a page comes from React in 2 KB pieces.
      const parts: Buffer[] = []
      let size = 0
      try {
        while (size < MAX_CHUNK) {
          const read = waiting ?? reader.read()
          waiting = null
          const result = parts.length ? await Promise.race([read, NOTHING_YET]) : await read
          if (result === NOT_YET) {
            waiting = read
            break
          }
          if (result.done) {
            if (held.length) parts.push(rewriteSegment(held))
            if (parts.length) controller.enqueue(Buffer.concat(parts))
            controller.close()
            end()
            return
          }
          const out = push(result.value)
          if (out) {
            parts.push(out)
            size += out.length
          }
        }
      } catch (error) {
        end()
        throw error
      }
      controller.enqueue(parts.length === 1 ? parts[0]! : Buffer.concat(parts))
    },
    cancel(reason) {
      end()
      return reader.cancel(reason)
    },
  })
}
