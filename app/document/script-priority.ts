import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { DEFERRED_MODULE_TYPE } from './hydration-loader'

/**
 * The server's half of hydration after the first screen (app/document/hydration-loader.ts): React
 * Router's `<link rel="modulepreload">` tags are taken out of the page, and its module script
 * becomes a data block (`type="text/x-deferred-module"`) that names them in `data-modules`, for
 * the loader to start when the priority pictures are in. A stream transform, since React streams
 * the page; a tag split between two chunks is held back until it is whole.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g
/** React Router's route modules script; its nonce (when the answer has one) is kept. */
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/

export function deferredModuleScripts(): Transform {
  let held = ''
  const modules: string[] = []
  // A chunk may end inside a multi-byte character: the decoder keeps its first bytes for the next.
  const decoder = new StringDecoder('utf8')
  const rewrite = (text: string) =>
    text
      .replace(MODULE_PRELOAD, (_tag, href: string) => {
        modules.push(href)
        return ''
      })
      .replace(
        MODULE_SCRIPT,
        (_tag, nonce: string | undefined) => `<script${nonce ?? ''} type="${DEFERRED_MODULE_TYPE}" data-modules="${modules.join(' ')}">`,
      )
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = held + (typeof chunk === 'string' ? chunk : decoder.write(chunk))
      // Hold back an unfinished tag (a '<' with no '>' after it).
      const open = text.lastIndexOf('<')
      const cut = open > text.lastIndexOf('>') ? open : text.length
      held = text.slice(cut)
      callback(null, rewrite(text.slice(0, cut)))
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()))
    },
  })
}
