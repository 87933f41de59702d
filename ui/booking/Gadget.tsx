/**
 * One of the booking provider's gadgets (spec 02 §4): 'loading' until the provider's script has
 * rendered it, then 'shown'; when the script cannot load or errors, the failure message in red
 * beneath the widget. The script and its island load only on pages that hold a gadget.
 */
import { clsx } from 'clsx'
import { useEffect, useId, useState } from 'react'
import { useTexts } from '../locale'
import { useApiBase } from '../hooks/use-api-base'
import { useBookingSettings, type GadgetName } from './settings'

type Status = 'loading' | 'shown' | 'failed'

/** A gadget that never reports back is a failure too. */
const GIVE_UP_MS = 25_000

export interface BookingGadgetProps {
  name: GadgetName
  /** The gadget's own options (productID, type, bookingURL...); vcID, live, key and maps key are added. */
  options?: Record<string, unknown>
  /** Start the gadget this long after it is displayed (the details gadget: 2000). */
  delayMs?: number
  /** The text beneath the widget on failure (the gift card gadget: 'Gift Card Error'). */
  failureText?: string
  /** Accessible name of the widget's region. */
  label: string
  className?: string
}

export function BookingGadget({ name, options, delayMs = 0, failureText: failure, label, className }: BookingGadgetProps) {
  const t = useTexts().booking
  const failureText = failure ?? t.failure
  const settings = useBookingSettings()
  const apiBase = useApiBase()
  const target = `booking-gadget-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const optionsKey = JSON.stringify(options ?? {})
  const scriptUrl = settings?.scriptUrl ?? ''
  // The status belongs to one gadget configuration; a new configuration starts 'loading' again.
  const runKey = [
    scriptUrl,
    settings?.vcId,
    settings?.key,
    settings?.live,
    settings?.mapsKey,
    apiBase,
    name,
    optionsKey,
    delayMs,
    target,
  ].join('|')
  const [reported, setReported] = useState<{ runKey: string; status: Status } | null>(null)
  const status: Status = !settings || !scriptUrl ? 'failed' : reported?.runKey === runKey ? reported.status : 'loading'
  // A failed save of what this gadget put in the cart ('No token provided, please try again!'),
  // shown beneath it. On /booking the cart panel shows these instead.
  const [cartError, setCartError] = useState<string | null>(null)
  const showsCartErrors = name === 'details' || name === 'region' || name === 'search'

  useEffect(() => {
    if (!showsCartErrors) return
    const onError = (event: Event) => setCartError(String((event as CustomEvent<string>).detail))
    const onChange = () => setCartError(null)
    document.addEventListener('booking-cart:error', onError)
    document.addEventListener('booking-cart:saved', onChange)
    return () => {
      document.removeEventListener('booking-cart:error', onError)
      document.removeEventListener('booking-cart:saved', onChange)
    }
  }, [showsCartErrors])

  useEffect(() => {
    if (!settings || !scriptUrl) return
    const setStatus = (next: Status) => setReported({ runKey, status: next })
    const controller = new AbortController()
    let settled = false
    const settle = (next: Status) => {
      if (controller.signal.aborted || (settled && next !== 'failed')) return
      settled = true
      setStatus(next)
    }
    const giveUp = window.setTimeout(() => settle('failed'), GIVE_UP_MS + delayMs)
    let onError: ((event: ErrorEvent) => void) | null = null
    import('./gadget-loader')
      .then(({ mountGadget, isGadgetScriptError }) => {
        // The provider's script failing later (after loading) is a failure too.
        onError = (event) => {
          if (isGadgetScriptError(event, scriptUrl)) settle('failed')
        }
        window.addEventListener('error', onError)
        return mountGadget({
          settings,
          apiBase,
          name,
          selector: `#${target}`,
          options: JSON.parse(optionsKey) as Record<string, unknown>,
          delayMs,
          signal: controller.signal,
        })
      })
      .then(
        (result) => {
          if (result === 'shown') settle('shown')
        },
        (error: unknown) => {
          console.warn(`booking gadget '${name}' failed:`, error)
          settle('failed')
        },
      )
      .finally(() => window.clearTimeout(giveUp))
    return () => {
      controller.abort()
      window.clearTimeout(giveUp)
      if (onError) window.removeEventListener('error', onError)
    }
    // settings is read for its fields, which the keys below cover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey])

  return (
    <section
      aria-label={label}
      aria-busy={status === 'loading'}
      data-booking-gadget={name}
      data-state={status}
      className={clsx('flex flex-col gap-4', className)}
    >
      {/* The provider renders its widget here; React never touches its inside. */}
      <div id={target} className={status === 'failed' ? 'hidden' : undefined} />
      {status === 'loading' ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <span
            aria-hidden="true"
            className="inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
          {t.loading}
        </p>
      ) : null}
      {status === 'loading' ? (
        <noscript>
          <p className="font-semibold text-red">{failureText}</p>
        </noscript>
      ) : null}
      {status === 'failed' ? (
        <p role="alert" className="rounded-sm border border-red/40 bg-white px-4 py-3 font-semibold text-red">
          {failureText}
        </p>
      ) : null}
      {cartError && status === 'shown' ? (
        <p role="alert" className="rounded-sm border border-red/40 bg-white px-4 py-3 font-semibold text-red" data-cart-error="">
          {cartError}
        </p>
      ) : null}
    </section>
  )
}
