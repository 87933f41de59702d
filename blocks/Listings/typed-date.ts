import { formatIso, parseDmy } from '#lib/dates'

export interface TypedDate {
  /** The text to keep showing as typed, or null to show the applied value. */
  draft: string | null
  /** Why the date was refused (the other date rules it out), or null. */
  refused: string | null
  /** The ISO date (or '' for an emptied box) to apply now, or null to apply nothing. */
  apply: string | null
}

/**
 * What a date box does with the text a visitor typed (spec 02 §2.2): an emptied box clears the
 * date, a complete valid date that `refuse` allows is applied, anything else stays as typed.
 */
export function readTypedDate(text: string, current: string, refuse: (iso: string) => string | null): TypedDate {
  const iso = formatIso(parseDmy(text))
  const refused = iso ? refuse(iso) : null
  if (!text.trim()) return { draft: null, refused, apply: current ? '' : null }
  if (iso && !refused) return { draft: null, refused, apply: iso !== current ? iso : null }
  return { draft: text, refused, apply: null }
}
