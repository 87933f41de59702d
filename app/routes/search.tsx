import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { data, Form, Link, useNavigate } from 'react-router'
import { Img } from '#ui/Img'
import { useApiBase } from '#ui/hooks/use-api-base'
import { getJson } from '#ui/visitor-api.ts'
import { measure } from '#ui/measure'
import { searchKindIds, type SearchKind, type SuggestionGroup } from '#lib/search-kinds'
import { textsOfMatches, useLocale, useTexts } from '#ui/locale'
import { DEFAULT_LOCALE } from '#lib/locales'
import { layoutDataOf } from './content-page'
import type { Route } from './+types/search'

/**
 * /search: a plain GET form and server-rendered results, so it works without JavaScript.
 * Snippets come from the server already escaped, with only <mark> added around matches.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const kindParam = url.searchParams.get('kind')
  const kind = searchKindIds.find((k) => k === kindParam) ?? null
  const domainId = context.domain?._id
  // Visitors' searches count against the same per-address limit as the search API (a cached
  // result page costs nothing and is not counted); signed-in editors are not limited.
  if (!context.user && domainId && q.trim()) {
    try {
      await context.services.rateLimits.searchFrom(context.clientIp)
    } catch (err) {
      const { kind, message, details } = err as { kind?: string; message: string; details?: { retryAfterSeconds?: number } }
      if (kind !== 'rate_limited') throw err
      // The page stays usable: the form, and the reason instead of results.
      return data(
        { q, page, kind, answer: null, limited: message, origin: url.origin },
        { status: 429, headers: { 'Retry-After': String(details?.retryAfterSeconds ?? 60) } },
      )
    }
  }
  const answer =
    domainId && q.trim()
      ? await context.services.search.search(domainId, q, {
          page,
          pageSize: 10,
          kind,
          actor: { user: context.user ?? null },
          locale: context.locale,
        })
      : null
  return { q, page, kind, answer, limited: null, origin: url.origin }
}

// A refused search (429) keeps its Retry-After.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/**
 * Crawlable (issue 16 point 1 asks Lighthouse's SEO 100 of /search, and a noindex fails it), but
 * every query's results name /search as their canonical page, so search engines index the one
 * search page rather than each result list.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = textsOfMatches(matches).searchPage
  return [
    { title: loaderData?.q ? t.resultsTitle(loaderData.q) : t.title },
    { name: 'description', content: t.description(layoutDataOf(matches)?.nav?.siteName ?? '') },
    ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: `${loaderData.origin}/search` }] : []),
  ]
}

const noSubscription = () => () => undefined

/**
 * The search box: a plain input in a GET form (without JavaScript it just submits), and once the
 * page runs, a combobox (WAI-ARIA 1.2 pattern) that suggests the best few titles of each kind as
 * the visitor types. Arrow keys move through the suggestions, Enter opens the one chosen (or
 * searches for what was typed), Escape closes the list.
 */
function SearchBox({ q }: { q: string }) {
  const t = useTexts().searchPage
  const apiBase = useApiBase()
  const navigate = useNavigate()
  const id = useId()
  const listId = `${id}-suggestions`
  const [value, setValue] = useState(q)
  const [answered, setAnswered] = useState<SuggestionGroup[]>([])
  const groups = value.trim() ? answered : []
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  // True once the page runs in the browser: before that (and without JavaScript) a plain input.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const asked = useRef(0)
  const { locale } = useLocale()

  const options = groups.flatMap((g) => g.suggestions)
  const optionId = (n: number) => `${id}-option-${n}`

  useEffect(() => {
    const typed = value.trim()
    if (!ready || typed.length === 0) return
    const n = ++asked.current
    const timer = setTimeout(() => {
      // In a further language, translated listings are suggested by their names in it (decision 030).
      getJson(apiBase, '/search/suggest', { q: typed, ...(locale !== DEFAULT_LOCALE ? { locale } : {}) })
        .catch((): { groups: SuggestionGroup[] } => ({ groups: [] }))
        .then((answer) => {
          // Only the answer to the latest words typed.
          if (n !== asked.current) return
          setAnswered(answer.groups)
          setActive(-1)
        })
        .catch(() => undefined)
    }, 120)
    return () => clearTimeout(timer)
  }, [value, ready, apiBase, locale])

  const expanded = open && options.length > 0
  const go = (n: number) => {
    const chosen = options[n]
    if (!chosen) return
    setOpen(false)
    void navigate(`/${chosen.slug}`)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return
      event.preventDefault()
      setOpen(true)
      const down = event.key === 'ArrowDown'
      const last = options.length - 1
      setActive((current) => {
        if (!expanded || current < 0) return down ? 0 : last
        const next = current + (down ? 1 : -1)
        return next > last ? 0 : next < 0 ? last : next
      })
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      }
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      event.preventDefault()
      go(active)
    }
  }

  let n = -1
  return (
    <Form method="get" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor="search-q" className="sr-only">
          {t.label}
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          autoComplete="off"
          role={ready ? 'combobox' : undefined}
          aria-autocomplete={ready ? 'list' : undefined}
          aria-expanded={ready ? expanded : undefined}
          aria-controls={ready ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(active) : undefined}
          placeholder={t.placeholder}
          className="min-h-12 w-full rounded-full border-2 border-ink/20 bg-white px-5 text-lg focus:border-red focus:outline-none"
        />
        {ready ? (
          <div
            id={listId}
            role="listbox"
            aria-label={t.suggestions}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-2 max-h-[70vh] overflow-y-auto rounded-sm border border-ink/15 bg-white py-2 shadow-lg"
          >
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${id}-group-${group.kind}`}>
                <div id={`${id}-group-${group.kind}`} role="presentation" className="px-4 pt-2 pb-1 text-sm font-semibold text-ink-soft">
                  {t.kinds[group.kind]}
                </div>
                {group.suggestions.map((s) => {
                  n++
                  const index = n
                  return (
                    <div
                      key={`${s.collection}:${s.id}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      // Keep the focus in the box: a click chooses without blurring it first.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => go(index)}
                      className={`cursor-pointer px-4 py-2 ${index === active ? 'bg-red-darkest text-white' : 'text-red-darkest hover:bg-soft-pink'}`}
                    >
                      {s.title || s.slug}
                    </div>
                  )
                })}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <button type="submit" className="button">
        {t.button}
      </button>
    </Form>
  )
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useTexts().searchPage
  const { q, page, answer, limited } = loaderData
  const kind = loaderData.kind as SearchKind | null
  const pages = answer ? Math.ceil(answer.total / answer.pageSize) : 0
  const linkTo = (params: { page?: number; kind?: SearchKind | null }) => {
    const search = new URLSearchParams({ q })
    if (params.kind) search.set('kind', params.kind)
    if (params.page && params.page > 1) search.set('page', String(params.page))
    return `/search?${search.toString()}`
  }
  const pageLink = (n: number) => linkTo({ page: n, kind })
  const all = answer ? answer.groups.reduce((sum, g) => sum + g.count, 0) : 0
  const kindLabel = kind ? t.kinds[kind] : null
  // A search counted once, on its first page of every kind, with whether it found anything (issue 37).
  useEffect(() => {
    if (q.trim() && answer && page === 1 && !kind) measure({ k: 'search', q, f: answer.total > 0 })
  }, [q, answer, page, kind])
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-semibold tracking-tight text-red-darkest sm:text-5xl">{t.heading}</h1>
      {/* A new search (another address) starts the box afresh with its words. */}
      <SearchBox key={q} q={q} />

      <div aria-live="polite" className="mt-10 max-w-3xl">
        {limited ? <p className="text-ink-soft">{limited}</p> : null}
        {answer ? (
          <>
            <p className="text-ink-soft">
              {all === 0 ? t.noResults(q) : t.results(all, q)}
              {answer.correctedQuery ? t.corrected(answer.correctedQuery) : ''}
            </p>
            {answer.groups.length > 0 ? (
              <nav aria-label={t.filterByKind} className="mt-5">
                <ul className="flex flex-wrap gap-2">
                  {[{ kind: null as SearchKind | null, label: t.all, count: all }, ...answer.groups].map((g) => {
                    const current = g.kind === kind
                    return (
                      <li key={g.kind ?? 'all'}>
                        <Link
                          to={linkTo({ kind: g.kind })}
                          aria-current={current ? 'page' : undefined}
                          className={`inline-flex min-h-10 items-center gap-2 rounded-full border-2 px-4 text-base ${
                            current ? 'border-red-darkest bg-red-darkest text-white' : 'border-ink/20 text-red-darkest hover:border-red'
                          }`}
                        >
                          {g.kind ? t.kinds[g.kind] : g.label}
                          <span className={current ? 'text-white' : 'text-ink-soft'}>({g.count})</span>
                        </Link>
                      </li>
                    )
                  })}
                </ul>
              </nav>
            ) : null}
            {kindLabel && answer.total > 0 ? (
              <h2 className="mt-8 font-display text-2xl font-semibold text-red-darkest">
                {kindLabel}: {answer.total}
              </h2>
            ) : null}
            <ol className="mt-6 divide-y divide-ink/10">
              {answer.results.map((r) => (
                <li key={`${r.collection}:${r.id}`} className="flex gap-5 py-6">
                  {r.imageId ? (
                    <Img
                      image={{ imageId: r.imageId }}
                      width={120}
                      height={90}
                      alt=""
                      className="hidden h-[90px] w-[120px] shrink-0 rounded-sm object-cover sm:block"
                    />
                  ) : null}
                  <div>
                    <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">{t.kinds[r.kind]}</p>
                    <h2 className="mt-1 font-display text-2xl font-semibold text-red-darkest">
                      <Link to={`/${r.slug}`} className="underline-offset-4 hover:underline">
                        {r.title || r.slug}
                      </Link>
                    </h2>
                    {/* Escaped on the server; only <mark> is markup. */}
                    <p
                      className="mt-2 leading-relaxed text-ink-soft [&_mark]:bg-soft-pink [&_mark]:font-semibold [&_mark]:text-red-darkest"
                      dangerouslySetInnerHTML={{ __html: r.snippet }}
                    />
                  </div>
                </li>
              ))}
            </ol>
            {pages > 1 ? (
              <nav aria-label={t.pages} className="mt-8 flex items-center gap-4">
                {page > 1 ? (
                  <Link to={pageLink(page - 1)} className="button button--ghost" rel="prev">
                    {t.previous}
                  </Link>
                ) : null}
                <span className="text-ink-soft">{t.pageOf(page, pages)}</span>
                {page < pages ? (
                  <Link to={pageLink(page + 1)} className="button button--ghost" rel="next">
                    {t.next}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        ) : (
          <p className="text-ink-soft">{t.hint}</p>
        )}
      </div>
    </main>
  )
}
