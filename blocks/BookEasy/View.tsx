import { clsx } from 'clsx'
import { formatIso, parseDmy } from '#lib/dates'
import { useTexts } from '#ui/locale'
import { BookingGadget } from '#ui/booking/Gadget'
import { gadgetType } from '#lib/gadget-types'
import { swatch } from '#lib/palette'
import { Editable } from '#ui/editing'
import type { Props } from './schema'

export function View({ title, productID, type, defaultDate, backgroundColour }: Props) {
  const t = useTexts().booking
  const colour = swatch(backgroundColour, 'softPink')
  const kind = gadgetType(type)
  // DD/MM/YYYY -> YYYY-MM-DD (the loader hands the gadget a Date).
  const date = formatIso(parseDmy(defaultDate))
  const common = {
    type: kind.name,
    typeId: kind.id,
    bookingURL: '/booking',
    ignoreSearchCookie: true,
    ...(date ? { defaultDate: date } : {}),
  }
  return (
    <section className={clsx(colour.className)} data-bookeasy="">
      <div className="container-site flex flex-col gap-6 py-12 lg:py-16">
        <Editable
          kind="content"
          path="title"
          as="h2"
          value={title}
          optional
          placeholder="Title"
          className="font-display text-3xl font-semibold lg:text-4xl"
        />
        <div className="rounded-sm bg-white p-4 text-ink sm:p-6">
          {productID ? (
            // Spec 02 §4: the details gadget starts 2 seconds after it is displayed.
            <BookingGadget name="details" label={title || t.details} delayMs={2000} options={{ ...common, productID }} />
          ) : (
            <BookingGadget name="region" label={title || t.search} options={common} />
          )}
        </div>
      </div>
    </section>
  )
}
