/**
 * An enquiry sent from the visitor's list (/favourites, issue 19) or trip (/trip, issue 35): its
 * message starts with the list's items or the trip's days and stops, unless the visitor already
 * wrote one. Answers how many listed items, or the trip's notice, to tell the visitor so.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import type { LocaleCode } from '#lib/locales'
import { TRIP_ENQUIRY_PARAM } from '#lib/trip/paths'
import { ENQUIRY_PARAM, enquiryLines, readFavourites } from '#ui/favourites/store'
import { useTexts } from '#ui/locale'
import { COMMENTS_MAX, type Values } from './values'

export function usePrefilledMessage(editing: boolean, locale: LocaleCode, setValues: Dispatch<SetStateAction<Values>>) {
  const { favourites: favouriteTexts } = useTexts()
  const [fromList, setFromList] = useState(0)
  useEffect(() => {
    if (editing || new URLSearchParams(window.location.search).get(ENQUIRY_PARAM) !== '1') return
    const list = readFavourites()
    if (!list.length) return
    const message = favouriteTexts.enquiryMessage(enquiryLines(window.location.origin, list)).slice(0, COMMENTS_MAX)
    setValues((current) => (current.comments ? current : { ...current, comments: message }))
    // The browser's list, read once after hydration (the server does not know it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFromList(list.length)
  }, [editing, favouriteTexts, setValues])
  // Sent from the visitor's trip (/trip, issue 35): the message starts with its days and stops. The
  // trip's code is loaded only then.
  const [fromTrip, setFromTrip] = useState('')
  useEffect(() => {
    if (editing || new URLSearchParams(window.location.search).get(TRIP_ENQUIRY_PARAM) !== '1') return
    let live = true
    void import('#ui/trip/enquiry').then(({ tripEnquiry }) => {
      const trip = live ? tripEnquiry(window.location.origin, locale) : null
      if (!trip) return
      setValues((current) => (current.comments ? current : { ...current, comments: trip.message.slice(0, COMMENTS_MAX) }))
      setFromTrip(trip.notice)
    })
    return () => {
      live = false
    }
  }, [editing, locale, setValues])
  return { fromList, fromTrip }
}
