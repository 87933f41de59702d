/**
 * Machine translation through DeepL's API (issue 33 point 6), as its documentation describes it
 * (developers.deepl.com: "Your first API request", "Translating HTML", "Translating large volumes",
 * "Error handling"):
 *
 *   POST {host}/v2/translate
 *   Authorization: DeepL-Auth-Key <key>
 *   Content-Type: application/json
 *   { "text": ["Hello, world!"], "source_lang": "EN", "target_lang": "DE", "tag_handling": "html" }
 *
 * answers `{ "translations": [{ "detected_source_language": "EN", "text": "Hallo, Welt!" }] }`, one
 * translation per text in order. The host is https://api.deepl.com for a Pro key and
 * https://api-free.deepl.com for a Free key (a key ending in ":fx"). A request takes at most 50 texts
 * and 128 KiB; errors are HTTP statuses: 400 bad request, 403 key refused, 413 too large, 429 too
 * many requests, 456 quota exceeded, 5xx DeepL's own trouble. Off by default (DEEPL_API_KEY unset).
 */
import type { LocaleCode } from '#lib/locales'

export interface DeepLConfig {
  apiKey: string
  /** The API's host; by default the Free or Pro host, as the key says. */
  apiUrl?: string | undefined
}

/** The documented limits of one /v2/translate request. */
export const DEEPL_MAX_TEXTS = 50
export const DEEPL_MAX_BYTES = 128 * 1024
const TIMEOUT_MS = 20_000

/** DeepL's target language for each of the site's languages (Australian English has none: British is nearest). */
export const DEEPL_TARGET: Readonly<Record<LocaleCode, string>> = {
  'en-AU': 'EN-GB',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  pt: 'PT-PT',
  id: 'ID',
  ja: 'JA',
  ko: 'KO',
  'zh-Hans': 'ZH-HANS',
  'zh-Hant': 'ZH-HANT',
}

/** A source language is named without its variant (EN, ZH). */
export const deeplSource = (locale: LocaleCode) => DEEPL_TARGET[locale].split('-')[0]!

/** The documented host for a key: Free keys end in ":fx". */
export const deeplHost = (apiKey: string) => (apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')

export class MachineTranslationFailed extends Error {
  constructor(
    message: string,
    /** The HTTP status DeepL answered (0: it did not answer). */
    readonly status: number,
  ) {
    super(message)
    this.name = 'MachineTranslationFailed'
  }
}

/** What an editor reads when DeepL refuses, by its documented statuses. */
function failureMessage(status: number, detail: string): string {
  const why =
    status === 403
      ? 'the key was refused (check DEEPL_API_KEY)'
      : status === 456
        ? "the account's translation quota is used up"
        : status === 429
          ? 'too many requests just now; try again in a minute'
          : status === 413
            ? 'the texts were too long for one request'
            : status >= 500
              ? 'the service is having trouble; try again later'
              : `it answered ${status}`
  return `Machine translation failed: ${why}${detail ? ` (${detail})` : ''}`
}

export interface TextToTranslate {
  text: string
  /** Rich text: sent with tag_handling=html, so its tags come back in place. */
  html: boolean
}

export function createDeepLClient(config: DeepLConfig, fetchImpl: typeof fetch = fetch) {
  const host = (config.apiUrl || deeplHost(config.apiKey)).replace(/\/+$/, '')

  async function request(texts: string[], source: LocaleCode, target: LocaleCode, html: boolean): Promise<string[]> {
    const body = JSON.stringify({
      text: texts,
      source_lang: deeplSource(source),
      target_lang: DEEPL_TARGET[target],
      ...(html ? { tag_handling: 'html' } : {}),
    })
    let res: Response
    try {
      res = await fetchImpl(`${host}/v2/translate`, {
        method: 'POST',
        headers: { authorization: `DeepL-Auth-Key ${config.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (err) {
      throw new MachineTranslationFailed(`Machine translation failed: the service did not answer (${(err as Error).message})`, 0)
    }
    const answer = (await res.json().catch(() => null)) as { translations?: { text?: unknown }[]; message?: unknown } | null
    if (!res.ok)
      throw new MachineTranslationFailed(failureMessage(res.status, typeof answer?.message === 'string' ? answer.message : ''), res.status)
    const out = answer?.translations?.map((t) => t.text)
    if (!out || out.length !== texts.length || out.some((t) => typeof t !== 'string'))
      throw new MachineTranslationFailed('Machine translation failed: the answer did not hold one translation per text', res.status)
    return out as string[]
  }

  /**
   * Translates texts from `source` into `target`, in order: plain and rich texts in separate
   * requests (tag handling is per request), each at most 50 texts and well under 128 KiB.
   */
  async function translate(texts: readonly TextToTranslate[], source: LocaleCode, target: LocaleCode): Promise<string[]> {
    const out: string[] = new Array<string>(texts.length)
    for (const html of [false, true]) {
      const indexes = texts.flatMap((t, i) => (t.html === html ? [i] : []))
      let batch: number[] = []
      let bytes = 0
      const flush = async () => {
        if (!batch.length) return
        const answers = await request(
          batch.map((i) => texts[i]!.text),
          source,
          target,
          html,
        )
        batch.forEach((i, n) => (out[i] = answers[n]!))
        batch = []
        bytes = 0
      }
      for (const i of indexes) {
        // JSON escapes can double a text's size; half the limit leaves room for them and the rest of the body.
        const size = Buffer.byteLength(texts[i]!.text) * 2
        if (batch.length && (batch.length >= DEEPL_MAX_TEXTS || bytes + size > DEEPL_MAX_BYTES / 2)) await flush()
        batch.push(i)
        bytes += size
      }
      await flush()
    }
    return out
  }

  return { translate, host }
}

export type DeepLClient = ReturnType<typeof createDeepLClient>
