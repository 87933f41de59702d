import { format, isValid, parse } from 'date-fns'

/** Spec 01 §9: dates are typed as DD/MM/YYYY. */
export const DATE_FORMAT = 'dd/MM/yyyy'

/** The date a DD/MM/YYYY text (or an ISO date) stands for, or null. */
export function parseDate(text: unknown): Date | null {
  if (typeof text !== 'string' || !text.trim()) return null
  const value = text.trim()
  const typed = parse(value, DATE_FORMAT, new Date(2000, 0, 1))
  if (isValid(typed) && format(typed, DATE_FORMAT) === value.padStart(10, '0')) return typed
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const iso = new Date(value)
    return isValid(iso) ? iso : null
  }
  return null
}

export const formatDate = (date: Date) => format(date, DATE_FORMAT)
