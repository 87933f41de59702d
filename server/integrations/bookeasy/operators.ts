/**
 * The booking provider's operator information (BookEasy web API, BEHAVIOUR-NOTES "Listings"):
 *
 *   GET be/getOperatorsInformation?q={visitor centre id}&operators=1001,1002
 *       (with the Content API's `apiKey` header when BOOKEASY_API_KEY is set)
 *     -> [{ OperatorID, PackageID, TradingName | Operators, SearchType, Facilities, Cancellation,
 *           TermsAndConditions, ... }]   (also accepted: { Operators: [...] } or { Data: [...] })
 *
 * Tolerant like the provider: ids as numbers or strings, facilities as strings or { Name } objects,
 * "" or null for empty. Answers the spec's booking provider data (spec 02 §3.1) per operator id.
 * Failures throw BookEasyUnavailableError (the caller decides whether to swallow it). The address
 * and header follow docs/decisions/010-the-booking-provider-contract.md.
 */
import { bookEasyInfoSchema, type BookEasyInfo } from '#lib/listings'
import { BookEasyUnavailableError, providerHeaders, providerUrl } from './cart.ts'

export interface BookEasyOperatorsClientOptions {
  /** Base address of the provider's web API (BOOKEASY_API_URL). */
  apiUrl: string
  /** `q`: the visitor centre id (BOOKEASY_VC_ID, 153 by default). */
  vcId: number
  /** The Content API's key (BOOKEASY_API_KEY), sent as the `apiKey` header; unset sends none. */
  apiKey?: string | undefined
  /** Per-call time limit in ms (default 15 s). */
  timeoutMs?: number
  /** Operator ids per call (default 50). */
  batchSize?: number
  fetch?: typeof fetch
}

/** Where the provider's own gadgets ask for operator information (its `be/` method group). */
export const OPERATORS_PATH = 'be/getOperatorsInformation'

type Rec = Record<string, unknown>
const text = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : ''

function facilities(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\n]/) : []
  const names = items
    .map((f) => (f && typeof f === 'object' ? text((f as Rec).Name ?? (f as Rec).Description ?? (f as Rec).name) : text(f)))
    .filter(Boolean)
  return [...new Set(names)]
}

/** One operator record as the site stores it (spec 02 §3.1 'Booking provider data'). */
export function toBookEasyInfo(record: Rec): BookEasyInfo | null {
  const id = text(record.OperatorID ?? record.OperatorId ?? record.operatorId)
  if (!id) return null
  return bookEasyInfoSchema.parse({
    OperatorID: id,
    PackageID: text(record.PackageID ?? record.PackageId),
    Operators: text(record.Operators ?? record.TradingName ?? record.OperatorName ?? record.Name),
    SearchType: text(record.SearchType),
    Facilities: facilities(record.Facilities),
    Cancellation: text(record.Cancellation ?? record.CancellationPolicy),
    TermsAndConditions: text(record.TermsAndConditions),
  })
}

export function createBookEasyOperatorsClient(options: BookEasyOperatorsClientOptions) {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 15_000
  const batchSize = Math.max(1, options.batchSize ?? 50)

  async function batch(ids: string[]): Promise<BookEasyInfo[]> {
    const address = providerUrl(options.apiUrl, OPERATORS_PATH, { operators: ids.join(',') }, options.vcId)
    let res: Response
    try {
      res = await doFetch(address, { headers: providerHeaders(options.apiKey), signal: AbortSignal.timeout(timeoutMs) })
    } catch (err) {
      throw new BookEasyUnavailableError(`The booking provider could not be reached (${(err as Error).message})`)
    }
    const body = await res.text()
    if (!res.ok) throw new BookEasyUnavailableError(`The booking provider answered ${res.status}`, res.status)
    let parsed: unknown
    try {
      parsed = body.trim() ? JSON.parse(body) : []
    } catch {
      throw new BookEasyUnavailableError('The booking provider answered something that is not JSON', res.status)
    }
    const list = Array.isArray(parsed)
      ? parsed
      : parsed && typeof parsed === 'object'
        ? ((parsed as Rec).Operators ?? (parsed as Rec).Data ?? [])
        : []
    if (!Array.isArray(list)) throw new BookEasyUnavailableError('The booking provider answered in an unexpected shape')
    return list
      .filter((r): r is Rec => Boolean(r) && typeof r === 'object')
      .map(toBookEasyInfo)
      .filter((r): r is BookEasyInfo => r !== null)
  }

  return {
    /** Operator information by operator id; ids the provider does not know are absent. */
    async getOperatorsInformation(operatorIds: string[]): Promise<Map<string, BookEasyInfo>> {
      const ids = [...new Set(operatorIds.map((id) => id.trim()).filter(Boolean))]
      const found = new Map<string, BookEasyInfo>()
      for (let i = 0; i < ids.length; i += batchSize) {
        for (const info of await batch(ids.slice(i, i + batchSize))) found.set(info.OperatorID, info)
      }
      return found
    },
  }
}

export type BookEasyOperatorsClient = ReturnType<typeof createBookEasyOperatorsClient>
