import { Editable, useEditing } from '#ui/editing'
import { useLocale, useTexts } from '#ui/locale'
import type { DealsBlockData } from './data'
import type { Props } from './schema'

/**
 * The deals block (issue 35 point 5): current deals of a category's listings, each linking to its
 * listing. Plain markup. An editor's working copy has no server data: it says where deals appear.
 */
export function View({ title, initialData }: Props & { initialData?: DealsBlockData }) {
  const editing = useEditing()
  const t = useTexts().listings.page
  const { href } = useLocale()
  const deals = initialData?.deals ?? []
  if (!editing && !deals.length) return null
  return (
    <section className="container-site" aria-label={title || t.deals} data-deals-block>
      <Editable kind="content" path="title" as="h2" value={title} optional placeholder={t.deals} className="heading-section" />
      {deals.length ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {deals.map((deal) => (
            <li key={deal.dealId} className="flex flex-col rounded-sm bg-soft-pink p-5 ring-1 ring-black/5" data-deal={deal.dealId}>
              <h3 className="font-display text-xl font-semibold text-red-darkest">{deal.name}</h3>
              <p className="mt-1 text-sm font-semibold">
                <a href={href(`/${deal.listing.slug}`)} className="underline underline-offset-4">
                  {deal.listing.name}
                </a>
              </p>
              {deal.price ? <p className="mt-2 font-semibold text-red-darker">{deal.price}</p> : null}
              <p className="mt-2">{deal.description}</p>
              <p className="mt-auto pt-3 text-sm text-ink-soft">{t.dealEnds(deal.ends)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-ink-soft">{t.noDeals}</p>
      )}
    </section>
  )
}
