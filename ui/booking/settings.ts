/**
 * What the browser needs of the booking provider (all public: no secrets), passed by the default
 * layout's loader from the BOOKEASY_* configuration, and the gadget type codes.
 */
import { useRouteLoaderData } from 'react-router'

export interface BookingSettings {
  /** The provider's gadget script ('' when not configured: the gadgets show their failure state). */
  scriptUrl: string
  /** Visitor centre id (the gadgets' vcID). */
  vcId: number
  key: string
  live: boolean
  mapsKey: string
}

/** The provider's gadgets this site uses (spec 02 §7), plus 'book', its checkout on /booking. */
export type GadgetName = 'details' | 'giftVouchers' | 'search' | 'region' | 'book'

export { DEFAULT_GADGET_TYPE, gadgetType, gadgetTypes } from '#lib/gadget-types'

/** The booking settings from the default layout (null outside it). */
export function useBookingSettings(): BookingSettings | null {
  const data = useRouteLoaderData('layouts/default') as { booking?: BookingSettings } | undefined
  return data?.booking ?? null
}
