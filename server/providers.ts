/**
 * Which outside services are real, stood in for by the demo's fakes, or off. The fakes run only
 * in the demo (server/config.ts decides: DEMO, else no DATABASE_URL and no provider setting), and
 * are imported only then, so a real deployment neither starts nor loads anything under fakes/.
 * An unconfigured provider outside the demo is off: its blocks show the spec's failure states.
 */
import type http from 'node:http'
import type { Config } from './config.ts'

export type ProviderMode = 'real' | 'demo' | 'off'

export interface ProviderModes {
  /** The tourism provider (ATDW Atlas API) and its daily sync. */
  atdw: ProviderMode
  /** The booking provider (BookEasy): gadgets, cart, operator information. */
  bookeasy: ProviderMode
  /** E-mail: real with SMTP_URL; otherwise kept in the outbox (readable at /dev/outbox in the demo's development mode). */
  mail: ProviderMode
  /** Media storage: S3 or the local folder, both real. */
  storage: ProviderMode
  /** The CDN in front, purged by tag (CDN_PURGE: varnish, fastly or cloudflare); off when unset, the demo included. */
  cdn: ProviderMode
  /** The trip planner's routing service (OSRM_URL, issue 35); off when unset, the demo included (straight-line estimates). */
  routing: ProviderMode
  /** Machine translation (DEEPL_API_KEY, issue 33): editors' translation suggestions; the demo's is the local fake. */
  translation: ProviderMode
}

export function providerModes(
  config: Pick<Config, 'demo' | 'atdw' | 'bookeasy' | 'mail'> & Partial<Pick<Config, 'cdn' | 'routing' | 'translation'>>,
): ProviderModes {
  const fallback: ProviderMode = config.demo ? 'demo' : 'off'
  const bookeasyConfigured = Boolean(
    config.bookeasy.apiUrl || config.bookeasy.gadgetScriptUrl || config.bookeasy.key || config.bookeasy.apiKey,
  )
  return {
    atdw: config.atdw.apiUrl ? 'real' : fallback,
    bookeasy: bookeasyConfigured ? 'real' : fallback,
    mail: config.mail.smtpUrl ? 'real' : fallback,
    storage: 'real',
    cdn: config.cdn ? 'real' : 'off',
    routing: config.routing ? 'real' : 'off',
    translation: config.translation ? 'real' : fallback,
  }
}

export interface DemoProviders {
  /** Serves the fakes' public files (provider pictures, the stand-in gadget script) on the site's port. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean
  /** Products in the fake tourism catalogue, when it runs. */
  atdwProducts: number | undefined
  close(): Promise<void>
}

/**
 * Starts the fakes for the providers the demo has no real settings for, on loopback ports, and
 * points the configuration at them. Answers undefined outside the demo.
 */
export async function startDemoProviders(config: Config, modes: ProviderModes): Promise<DemoProviders | undefined> {
  if (!config.demo) return undefined
  const handlers: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean)[] = []
  const closers: (() => Promise<void>)[] = []
  let atdwProducts: number | undefined
  if (modes.atdw === 'demo') {
    const { startDemoAtdw } = await import('./demo/listings.ts')
    const atdw = await startDemoAtdw()
    config.atdw = { ...config.atdw, apiUrl: atdw.apiUrl, apiKey: config.atdw.apiKey || 'demo' }
    atdwProducts = atdw.products
    handlers.push(atdw.handle)
    closers.push(atdw.close)
  }
  if (modes.bookeasy === 'demo') {
    const { startDemoBookEasy } = await import('./demo/bookeasy.ts')
    const bookeasy = await startDemoBookEasy()
    config.bookeasy = { ...config.bookeasy, apiUrl: bookeasy.apiUrl, gadgetScriptUrl: bookeasy.gadgetScriptUrl }
    handlers.push(bookeasy.handle)
    closers.push(bookeasy.close)
  }
  if (modes.translation === 'demo') {
    // The demo's machine translation: the local fake of DeepL's API (its suggestions say they are the fake's).
    const { startDemoDeepL } = await import('./demo/deepl.ts')
    const deepl = await startDemoDeepL()
    config.translation = { provider: 'deepl', apiKey: deepl.apiKey, apiUrl: deepl.apiUrl }
    closers.push(deepl.close)
  }
  return {
    handle: (req, res) => handlers.some((handle) => handle(req, res)),
    atdwProducts,
    close: async () => {
      await Promise.all(closers.map((close) => close()))
    },
  }
}
