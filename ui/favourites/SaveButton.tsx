/**
 * The heart that saves a listing or a page to the visitor's list (issue 19 point 3): a toggle
 * button (aria-pressed) named after what it saves. It needs JavaScript, so it appears only once
 * the page is hydrated (absolutely placed on cards: nothing moves when it appears).
 */
import { clsx } from 'clsx'
import { useHydrated } from '../hooks/use-hydrated'
import { FAVOURITES_PATH, toggleFavourite, useFavourites, type Favourite } from './store'
import { useLocale, useTexts } from '#ui/locale'

export function HeartIcon({ filled, size = 20, className }: { filled: boolean; size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  )
}

/** A round heart on a card's picture (the card's name is in its label). */
export function SaveButton({ item, className }: { item: Favourite; className?: string }) {
  const t = useTexts().favourites
  const hydrated = useHydrated()
  const list = useFavourites()
  if (!hydrated) return null
  const saved = list.some((entry) => entry.path === item.path)
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t.saveLabel(item.title)}
      data-save={item.path}
      onClick={() => toggleFavourite(item)}
      className={clsx(
        'inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-red shadow-md ring-1 ring-black/10 transition-transform hover:scale-105',
        className,
      )}
    >
      <HeartIcon filled={saved} />
    </button>
  )
}

/** A labelled save button for the top of a listing or content page, with the way to the list. */
export function SaveBar({ item, className }: { item: Favourite; className?: string }) {
  const t = useTexts().favourites
  const { href } = useLocale()
  const hydrated = useHydrated()
  const list = useFavourites()
  const saved = hydrated && list.some((entry) => entry.path === item.path)
  // Before the scripts run (the list lives in this browser) the button holds its place, unseen, so
  // that nothing below it moves when it appears.
  if (!hydrated)
    return (
      <div className={clsx('invisible flex flex-wrap items-center gap-3', className)} aria-hidden="true">
        <span className="button button--ghost">
          <HeartIcon filled={false} size={18} />
          {t.savePage}
        </span>
      </div>
    )
  return (
    <div className={clsx('flex flex-wrap items-center gap-3', className)} data-save-bar="">
      <button
        type="button"
        aria-pressed={saved}
        data-save={item.path}
        onClick={() => toggleFavourite(item)}
        className="button button--ghost"
      >
        <HeartIcon filled={saved} size={18} />
        {saved ? t.savedPage : t.savePage}
      </button>
      {list.length ? (
        <a href={href(FAVOURITES_PATH)} className="font-semibold text-red underline-offset-4 hover:underline">
          {t.myListCount(list.length)}
        </a>
      ) : null}
    </div>
  )
}
