import { clsx } from 'clsx'
import { useEffect, useState } from 'react'
import { useTexts } from '#ui/locale'

/** The address's parameter that keeps the chosen view (a shared or reloaded address opens the map again). */
const VIEW_PARAM = 'view'
export type GridView = 'list' | 'map'

/** List or Map (issue 19): the server renders the list; an address asking for the map opens it once hydrated. */
export function useGridView() {
  const [view, setView] = useState<GridView>('list')

  useEffect(() => {
    // Read from the address once, after hydration (the server never renders the map).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (new URLSearchParams(window.location.search).get(VIEW_PARAM) === 'map') setView('map')
  }, [])

  function chooseView(next: GridView) {
    setView(next)
    const url = new URL(window.location.href)
    if (next === 'map') url.searchParams.set(VIEW_PARAM, 'map')
    else url.searchParams.delete(VIEW_PARAM)
    window.history.replaceState(window.history.state, '', url)
  }

  return { view, chooseView }
}

/** The List | Map switch. The map needs the scripts: until they run it holds its place unseen (nothing moves when it appears). */
export function ViewToggle({ view, onChoose, hydrated }: { view: GridView; onChoose: (view: GridView) => void; hydrated: boolean }) {
  const mapTexts = useTexts().map
  return (
    <div
      role="group"
      aria-label={mapTexts.view}
      aria-hidden={hydrated ? undefined : true}
      className={clsx('inline-flex rounded-full p-1 ring-1 ring-ink/20', !hydrated && 'invisible')}
      data-view-toggle={hydrated ? '' : undefined}
    >
      {(['list', 'map'] as const).map((option) => (
        <button
          key={option}
          type="button"
          disabled={!hydrated}
          aria-pressed={view === option}
          onClick={() => onChoose(option)}
          className={clsx(
            'min-h-10 min-w-20 rounded-full px-5 text-sm font-semibold transition-colors',
            view === option ? 'bg-red text-white' : 'text-ink hover:text-red',
          )}
        >
          {option === 'list' ? mapTexts.list : mapTexts.map}
        </button>
      ))}
    </div>
  )
}
