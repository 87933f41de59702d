import { useTexts } from '#ui/locale'
import { BookingGadget } from '#ui/booking/Gadget'
import { Editable } from '#ui/editing'
import type { Props } from './schema'

export function View({ title, text }: Props) {
  const t = useTexts().booking
  return (
    <section className="container-site flex flex-col gap-4 py-4" data-gift-card="">
      <Editable kind="content" path="title" as="h2" value={title} optional placeholder="Title" className="heading-section" />
      <Editable kind="content" path="text" as="p" value={text} optional placeholder="Text" className="lead max-w-3xl" />
      <div className="mt-4 rounded-sm border border-ink/10 bg-soft-pink p-4 sm:p-6">
        <BookingGadget name="giftVouchers" label={title || t.giftCards} failureText={t.giftCardError} />
      </div>
    </section>
  )
}
