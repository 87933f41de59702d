/**
 * The Intl formats of listing texts in a language other than English (format.ts), in one place so
 * that the formats warmed off the main thread before hydration (app/intl/warm-intl.worker.ts) are
 * the page's own. Dates are calendar days and times of day, not instants: formatted in UTC.
 */
export const dateTimeFormats = {
  time: { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' },
  weekday: { timeZone: 'UTC', weekday: 'long' },
  date: { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateTimeFormatKind = keyof typeof dateTimeFormats

/** Prices are Australian dollars; whole amounts without cents. */
export const priceFormatOptions = (whole: boolean): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: whole ? 0 : 2,
})
