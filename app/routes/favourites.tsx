/**
 * /favourites: the visitor's list (issue 19 point 3). Their own list lives in this browser, so it
 * is drawn once the page runs; a shared link (?item=/path, once per item) is resolved by the server
 * and shown to anyone, without JavaScript too, with 'Save all to my list'. From here the list is
 * shared as a link and sent with a concierge enquiry (the enquiry page prefills its message).
 */
import { useState } from 'react'
import { data } from 'react-router'
import {
  addFavourites,
  ENQUIRY_PARAM,
  FAVOURITES_PATH,
  removeFavourite,
  SHARE_PARAM,
  shareUrl,
  useFavourites,
  writeFavourites,
  type Favourite,
} from '#ui/favourites/store'
import { HeartIcon } from '#ui/favourites/SaveButton'
import { TRIP_PATH } from '#lib/trip/paths'
import { useHydrated } from '#ui/hooks/use-hydrated'
import { ShareLink } from '#ui/ShareLink'
import { withSiteName } from '~/site/site-title'
import type { Route } from './+types/favourites'
import { enquiryPagePath, resolveShared } from './favourites.server'
import { textsOfMatches, useLocale, useTexts } from '#ui/locale'

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.unavailable) throw data(null, { status: 503 })
  const domainId = context.domain?._id
  const url = new URL(request.url)
  const paths = url.searchParams.getAll(SHARE_PARAM)
  if (!domainId) return { shared: null, enquiryPath: null }
  const [shared, enquiryPath] = await Promise.all([
    paths.length ? resolveShared(context, domainId, paths) : Promise.resolve(null),
    enquiryPagePath(context, domainId),
  ])
  return { shared, enquiryPath }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: withSiteName(
      loaderData?.shared ? textsOfMatches(matches).favourites.sharedTitle : textsOfMatches(matches).favourites.title,
      matches,
    ),
  },
  { name: 'robots', content: 'noindex' },
]

function ItemRow({ item, onRemove }: { item: Favourite; onRemove?: () => void }) {
  const t = useTexts().favourites
  const { href } = useLocale()
  return (
    <li
      className="flex items-center justify-between gap-4 rounded-sm bg-white p-5 shadow-sm ring-1 ring-black/5"
      data-favourite={item.path}
    >
      <div className="min-w-0">
        <p className="eyebrow text-red">{t.kinds[item.kind]}</p>
        <a
          href={href(item.path)}
          className="mt-1 block font-display text-xl leading-snug font-semibold break-words text-red-darkest underline-offset-4 hover:underline"
        >
          {item.title || item.path}
        </a>
      </div>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t.remove(item.title || item.path)}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold text-red ring-1 ring-red/40 hover:bg-red hover:text-white"
        >
          {t.removeShort}
        </button>
      ) : null}
    </li>
  )
}

function SharedList({ items }: { items: Favourite[] }) {
  const t = useTexts().favourites
  const { href } = useLocale()
  const hydrated = useHydrated()
  const mine = useFavourites()
  const [done, setDone] = useState(false)
  const allSaved = items.length > 0 && items.every((item) => mine.some((m) => m.path === item.path))
  return (
    <>
      <h1 className="font-display text-4xl font-semibold text-red-darkest sm:text-5xl">{t.sharedTitle}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft">{items.length ? t.sharedIntro(items.length) : t.sharedEmpty}</p>
      {items.length ? (
        <ul className="mt-8 flex max-w-3xl flex-col gap-4" aria-label={t.sharedTitle}>
          {items.map((item) => (
            <ItemRow key={item.path} item={item} />
          ))}
        </ul>
      ) : null}
      <div className="mt-8 flex flex-wrap items-center gap-4">
        {hydrated && items.length ? (
          <button
            type="button"
            className="button"
            disabled={allSaved}
            onClick={() => {
              addFavourites(items)
              setDone(true)
            }}
          >
            <HeartIcon filled={allSaved} size={18} />
            {t.saveAll}
          </button>
        ) : null}
        <a href={href(FAVOURITES_PATH)} className="font-semibold text-red underline-offset-4 hover:underline">
          {t.viewMine}
        </a>
      </div>
      <p role="status" className="mt-3 font-semibold text-red-darker empty:hidden">
        {done ? t.savedAll : ''}
      </p>
    </>
  )
}

function MyList({ enquiryPath }: { enquiryPath: string | null }) {
  const t = useTexts().favourites
  const { href } = useLocale()
  const hydrated = useHydrated()
  const list = useFavourites()
  const [link, setLink] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const origin = hydrated ? window.location.origin : ''
  return (
    <>
      <h1 className="font-display text-4xl font-semibold text-red-darkest sm:text-5xl">{t.title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t.intro}</p>
      <div role="status" className="mt-8">
        <h2 className="font-display text-2xl font-semibold text-red-darkest">
          {!hydrated ? t.loading : list.length ? t.count(list.length) : t.empty}
        </h2>
      </div>
      {hydrated && list.length ? (
        <>
          <ul className="mt-6 flex max-w-3xl flex-col gap-4" aria-label={t.title}>
            {list.map((item) => (
              <ItemRow key={item.path} item={item} onRemove={() => removeFavourite(item.path)} />
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <a href={href(TRIP_PATH)} className="button" data-plan-trip="">
              {t.planTrip}
            </a>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={link !== null}
              onClick={() => {
                setLink(shareUrl(origin, list))
                setCopied(false)
              }}
            >
              {t.share}
            </button>
            {enquiryPath ? (
              <a href={`${href(enquiryPath)}?${ENQUIRY_PARAM}=1`} className="button button--ghost">
                {t.enquire}
              </a>
            ) : null}
            <button
              type="button"
              className="font-semibold text-red underline-offset-4 hover:underline"
              onClick={() => {
                writeFavourites([])
                setLink(null)
              }}
            >
              {t.clear}
            </button>
          </div>
          {link ? <ShareLink link={link} label={t.shareLabel} copyLabel={t.copy} onCopied={setCopied} /> : null}
          <p role="status" className="mt-2 text-sm font-semibold text-red-darker empty:hidden">
            {copied ? t.copied : ''}
          </p>
          {!enquiryPath ? <p className="mt-4 text-sm text-ink-soft">{t.noEnquiryPage}</p> : null}
        </>
      ) : null}
    </>
  )
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="pb-16 outline-none lg:pb-24">
      <div className="container-site py-12 lg:py-16">
        {loaderData.shared ? <SharedList items={loaderData.shared} /> : <MyList enquiryPath={loaderData.enquiryPath} />}
      </div>
    </main>
  )
}
