/**
 * The visitor's trip (issue 35 point 1), kept in this browser's localStorage beside their list
 * (ui/favourites/store.ts): nothing is sent to the server until the visitor shares it, makes its
 * PDF or sends it with an enquiry. Stored as the share link's payload, so a stored trip is checked
 * exactly as a link is (lib/trip/model.ts). Every tab sees the same trip.
 */
import { parseStoredTrip, storedTrip, type Trip } from '#lib/trip/model'
import { useBrowserStore } from '../hooks/use-hydrated'

export const TRIP_KEY = 'trip:v1'
const CHANGE = 'trip-change'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage refused (privacy settings): there is no trip and saving does nothing.
    return null
  }
}

let cachedRaw: string | null | undefined
let cachedTrip: Trip | null = null

/** The stored trip, or null when there is none (the planner then starts one from the list). */
export function readTrip(): Trip | null {
  const raw = storage()?.getItem(TRIP_KEY) ?? null
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedTrip = parseStoredTrip(raw)
  }
  return cachedTrip
}

export function writeTrip(trip: Trip): void {
  const store = storage()
  if (!store) return
  store.setItem(TRIP_KEY, storedTrip(trip))
  window.dispatchEvent(new Event(CHANGE))
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGE, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The stored trip, kept current; null on the server, while hydrating, and when there is none. */
export function useStoredTrip(): Trip | null {
  return useBrowserStore(subscribe, readTrip, () => null)
}
