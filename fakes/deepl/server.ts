/**
 * A local stand-in for DeepL's text translation API (the demo's machine translation, and tests),
 * answering only as DeepL's documentation describes it (developers.deepl.com: "Your first API
 * request", "Authentication", "Translating HTML", "Translating large volumes", "Error handling"):
 *
 * - `POST /v2/translate` with a JSON or form-encoded body; anything else is 404 (a GET 405);
 * - `Authorization: DeepL-Auth-Key <key>`, else 403;
 * - `text` one to 50 texts, `target_lang` a supported target (case-insensitive), `source_lang`
 *   optional; else 400 with a `message`; a body over 128 KiB is 413;
 * - `tag_handling: html` keeps the markup and translates the text between tags;
 * - 200 `{ translations: [{ detected_source_language, text }] }`, one per text, in order.
 *
 * It cannot translate: its "translation" is the text with the target's code before it
 * ("[DE] Plan your visit"), so an editor sees at once that it is the fake's suggestion. `requests`
 * keeps what it was sent; `quotaExceeded` makes it answer 456 as DeepL does when the quota is used up.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_DEEPL_KEY = 'fake-deepl-key:fx'

/** The documented target languages (the source languages are these without a variant). */
const TARGETS = [
  'AR',
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN-GB',
  'EN-US',
  'ES',
  'ET',
  'FI',
  'FR',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT-BR',
  'PT-PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TR',
  'UK',
  'ZH',
  'ZH-HANS',
  'ZH-HANT',
]
const SOURCES = new Set(TARGETS.map((code) => code.split('-')[0]!))
const MAX_BYTES = 128 * 1024
const MAX_TEXTS = 50

export interface FakeDeepLRequest {
  text: string[]
  source_lang?: string
  target_lang: string
  tag_handling?: string
  /** The Authorization header as sent. */
  authorization: string
}

/** The fake's "translation": the target's code before the text (before each text between tags, with tag_handling=html). */
export function fakeTranslation(text: string, target: string, html: boolean): string {
  const mark = `[${target}] `
  if (!html) return mark + text
  return text.replace(/(^|>)([^<]*[^<\s][^<]*)/g, (_all, open: string, words: string) => {
    const lead = /^\s*/.exec(words)![0]
    return `${open}${lead}${mark}${words.slice(lead.length)}`
  })
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BYTES) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > MAX_BYTES ? null : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export async function startFakeDeepL(options: { port?: number; apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? FAKE_DEEPL_KEY
  const requests: FakeDeepLRequest[] = []
  const state = { quotaExceeded: false }
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://deepl.local')
      if (url.pathname !== '/v2/translate') return send(404, { message: 'Not found' })
      if (req.method !== 'POST') return send(405, { message: 'Method not allowed' })
      const authorization = req.headers.authorization ?? ''
      if (authorization !== `DeepL-Auth-Key ${apiKey}`) return send(403, { message: 'Authorization failure, check auth_key' })
      const raw = await readBody(req)
      if (!raw) return send(413, { message: 'Request Entity Too Large' })
      let input: Record<string, unknown>
      const type = req.headers['content-type'] ?? ''
      try {
        if (type.startsWith('application/json')) input = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
        else if (type.startsWith('application/x-www-form-urlencoded')) {
          const form = new URLSearchParams(raw.toString('utf8'))
          input = Object.fromEntries([...new Set(form.keys())].map((key) => [key, key === 'text' ? form.getAll(key) : form.get(key)]))
        } else return send(415, { message: 'Unsupported content type' })
      } catch {
        return send(400, { message: 'Invalid request: expected a JSON-encoded body' })
      }
      const text = typeof input.text === 'string' ? [input.text] : input.text
      if (!Array.isArray(text) || text.length === 0 || text.some((t) => typeof t !== 'string'))
        return send(400, { message: "Parameter 'text' not specified." })
      if (text.length > MAX_TEXTS) return send(400, { message: `Too many texts: at most ${MAX_TEXTS} in one request.` })
      const target = typeof input.target_lang === 'string' ? input.target_lang.toUpperCase() : ''
      if (!target) return send(400, { message: "Parameter 'target_lang' not specified." })
      if (!TARGETS.includes(target)) return send(400, { message: "Value for 'target_lang' not supported." })
      const source = typeof input.source_lang === 'string' ? input.source_lang.toUpperCase() : undefined
      if (source !== undefined && !SOURCES.has(source)) return send(400, { message: "Value for 'source_lang' not supported." })
      const tagHandling = typeof input.tag_handling === 'string' ? input.tag_handling : undefined
      if (tagHandling !== undefined && tagHandling !== 'html' && tagHandling !== 'xml')
        return send(400, { message: "Value for 'tag_handling' not supported." })
      requests.push({
        text: text as string[],
        target_lang: target,
        authorization,
        ...(source ? { source_lang: source } : {}),
        ...(tagHandling ? { tag_handling: tagHandling } : {}),
      })
      if (state.quotaExceeded) return send(456, { message: 'Quota exceeded' })
      send(200, {
        translations: (text as string[]).map((t) => ({
          detected_source_language: source ?? 'EN',
          text: fakeTranslation(t, target, tagHandling === 'html'),
        })),
      })
    })().catch(() => send(500, { message: 'Internal error' }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeDeepL = Awaited<ReturnType<typeof startFakeDeepL>>
