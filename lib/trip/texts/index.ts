/**
 * The trip planner's words in the page's language (English where a language has none). All three
 * are in the planner's chunk: a few kilobytes, loaded only with the planner (issue 35 point 6).
 */
import { hasSiteTexts, type LocaleCode } from '#lib/locales'
import type { TripWarning } from '#lib/trip/model'
import { tripTextsDe } from './de.ts'
import { tripTextsEn, type TripTexts } from './en.ts'
import { tripTextsZhHans } from './zh-Hans.ts'

export type { TripTexts } from './en.ts'
export { tripTextsEn } from './en.ts'

const byLocale: Partial<Record<LocaleCode, TripTexts>> = { 'en-AU': tripTextsEn, de: tripTextsDe, 'zh-Hans': tripTextsZhHans }

export function tripTextsOf(locale: LocaleCode): TripTexts {
  return (hasSiteTexts(locale) ? byLocale[locale] : undefined) ?? tripTextsEn
}

/** A day's date as a visitor reads it: '14 March' (with the year when it is not this one's), in the page's language. */
export function tripDate(iso: string, locale: LocaleCode, thisYear = new Date().getUTCFullYear()): string {
  const at = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(at.getTime())) return iso
  const withYear = at.getUTCFullYear() !== thisYear
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(at)
}

/** A day's title with its weekday: 'Saturday 13 March'. */
export function tripDayDate(iso: string, locale: LocaleCode, thisYear = new Date().getUTCFullYear()): string {
  const at = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(at.getTime())) return iso
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(at.getUTCFullYear() !== thisYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(at)
}

/** A warning as a visitor reads it ("Ends 14 March, before this day", "Closed on Mondays"). */
export function warningText(t: TripTexts, warning: TripWarning, locale: LocaleCode): string {
  switch (warning.kind) {
    case 'ends':
      return warning.beforeDay ? t.endsBefore(tripDate(warning.date, locale)) : t.ends(tripDate(warning.date, locale))
    case 'starts':
      return t.starts(tripDate(warning.date, locale))
    case 'notThatDay':
      return t.notThatDay
    case 'closed':
      return warning.weekly ? t.closedOn(warning.weekday) : t.closedThatDay(warning.exception)
  }
}
