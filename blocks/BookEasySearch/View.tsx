import { clsx } from 'clsx'
import { useTexts } from '#ui/locale'
import { BookingGadget } from '#ui/booking/Gadget'
import { gadgetType } from '#lib/gadget-types'
import { swatch } from '#lib/palette'
import { Editable } from '#ui/editing'
import type { Props } from './schema'

export function View({ title, type, backgroundColour }: Props) {
  const t = useTexts().booking
  const colour = swatch(backgroundColour, 'redDarkest')
  const kind = gadgetType(type)
  return (
    <section className={clsx(colour.className)} data-bookeasy-search="">
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
          <BookingGadget
            name="search"
            label={title || t.search}
            options={{ type: kind.name, typeId: kind.id, bookingURL: '/booking', ignoreSearchCookie: true }}
          />
        </div>
      </div>
    </section>
  )
}
