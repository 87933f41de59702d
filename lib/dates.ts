import { isExists, lightFormat } from 'date-fns'

/**
 * Dates as people type and read them (spec 01 §9, spec 02 §2.2): DD/MM/YYYY, whatever the
 * browser's locale; stored and sent as ISO 'YYYY-MM-DD'. Calendar days, as local dates at
 * midnight. Used by the server, the editor and the visitor's bundle, so it takes only date-fns's
 * smallest functions (isExists, lightFormat: under 1 kB), not its parser.
 */
export const DATE_FORMAT = 'dd/MM/yyyy'
const ISO_FORMAT = 'yyyy-MM-dd'

const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/
const STORED = /^(\d{4})-(\d{2})-(\d{2})/

function dateOf(year: number, month: number, day: number): Date | null {
  return isExists(year, month - 1, day) ? new Date(year, month - 1, day) : null
}

/** A date typed as DD/MM/YYYY (D/M/YYYY too), or null when it is malformed or impossible (31/02/2027). */
export function parseDmy(text: unknown): Date | null {
  if (typeof text !== 'string') return null
  const m = TYPED.exec(text.trim())
  return m ? dateOf(Number(m[3]), Number(m[2]), Number(m[1])) : null
}

/** A date typed as DD/MM/YYYY or stored as ISO ('YYYY-MM-DD', a time after it ignored), or null. */
export function parseDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null
  const m = STORED.exec(text.trim())
  return m ? dateOf(Number(m[1]), Number(m[2]), Number(m[3])) : parseDmy(text)
}

/** DD/MM/YYYY ('' for no date). */
export const formatDmy = (date: Date | null | undefined): string => (date ? lightFormat(date, DATE_FORMAT) : '')

/** YYYY-MM-DD ('' for no date). */
export const formatIso = (date: Date | null | undefined): string => (date ? lightFormat(date, ISO_FORMAT) : '')

/** A DD/MM/YYYY or ISO date as 'YYYY-MM-DD', or null when it is not a real date. */
export const toIsoDate = (text: unknown): string | null => formatIso(parseDate(text)) || null
