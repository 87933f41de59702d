/** The enquiry form's values as typed, and as the shared schema (lib/concierge.ts) reads them. */
import type { EnquiryField } from '#lib/concierge'
import { formatIso, parseDate } from '#lib/dates'

export type ListField = 'roomTypes' | 'accomTypes' | 'whereToStay' | 'activities' | 'bookingsToHelp'
export type TextField = Exclude<EnquiryField, ListField>

export interface Values extends Record<TextField, string>, Record<ListField, string[]> {
  /** The honeypot: hidden from people, filled in by robots. */
  website: string
}

export const initialValues = (): Values => ({
  firstName: '',
  surname: '',
  email: '',
  phone: '',
  preferredContact: '',
  monthToVisit: '',
  checkInDate: '',
  duration: '',
  numOfPeople: '',
  numOfChildren: '',
  celebration: '',
  roomTypes: [],
  accomTypes: [],
  whereToStay: [],
  budgetPerNight: '',
  specialNeeds: '',
  activities: [],
  bookingsToHelp: [],
  comments: '',
  website: '',
})

const numberOf = (value: string): number | string | undefined => {
  if (value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n : value
}

/** The form's values as the shared schema reads them (numbers as numbers, empty as absent). */
export function toData(v: Values): Record<string, unknown> {
  return {
    firstName: v.firstName,
    surname: v.surname,
    email: v.email,
    phone: v.phone,
    preferredContact: v.preferredContact || undefined,
    monthToVisit: v.monthToVisit || undefined,
    // DD/MM/YYYY as typed (or an unambiguous ISO date) -> ISO; anything else goes as typed, and the schema names the format.
    checkInDate: v.checkInDate.trim() ? formatIso(parseDate(v.checkInDate)) || v.checkInDate.trim() : undefined,
    duration: v.duration,
    numOfPeople: numberOf(v.numOfPeople),
    numOfChildren: numberOf(v.numOfChildren),
    celebration: v.celebration,
    roomTypes: v.roomTypes,
    accomTypes: v.accomTypes,
    whereToStay: v.whereToStay,
    budgetPerNight: numberOf(v.budgetPerNight),
    specialNeeds: v.specialNeeds,
    activities: v.activities,
    bookingsToHelp: v.bookingsToHelp,
    comments: v.comments,
  }
}

/** lib/concierge.ts's limit on the message (a long list is cut there). */
export const COMMENTS_MAX = 5000
