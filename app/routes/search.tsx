import { data, Form, Link } from 'react-router'
import { Img } from '~/ui/Img'
import type { Route } from './+types/search'

/**
 * /search: a plain GET form and server-rendered results, so it works without JavaScript.
 * Snippets come from the server already escaped, with only <mark> added around matches.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
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
        { q, page, answer: null, limited: message },
        { status: 429, headers: { 'Retry-After': String(details?.retryAfterSeconds ?? 60) } },
      )
    }
  }
  const answer =
    domainId && q.trim()
      ? await context.services.search.search(domainId, q, { page, pageSize: 10, actor: { user: context.user ?? null } })
      : null
  return { q, page, answer, limited: null }
}

// A refused search (429) keeps its Retry-After.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.q ? `Search results for “${loaderData.q}”` : 'Search' },
  { name: 'robots', content: 'noindex' },
]

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, page, answer, limited } = loaderData
  const pages = answer ? Math.ceil(answer.total / answer.pageSize) : 0
  const pageLink = (n: number) => `/search?${new URLSearchParams({ q, page: String(n) }).toString()}`
  return (
    <main id="main" tabIndex={-1} className="container-site pt-12 pb-20 outline-none lg:pt-16">
      <h1 className="font-display text-4xl font-bold tracking-tight text-red-darkest sm:text-5xl">Search</h1>
      <Form method="get" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row">
        <label htmlFor="search-q" className="sr-only">
          Search the site
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Wineries, walks, markets…"
          className="min-h-12 flex-1 rounded-full border-2 border-ink/20 bg-white px-5 text-lg focus:border-red focus:outline-none"
        />
        <button type="submit" className="button">
          Search
        </button>
      </Form>

      <div aria-live="polite" className="mt-10 max-w-3xl">
        {limited ? <p className="text-ink-soft">{limited}</p> : null}
        {answer ? (
          <>
            <p className="text-ink-soft">
              {answer.total === 0 ? `No results for “${q}”.` : `${answer.total} result${answer.total === 1 ? '' : 's'} for “${q}”.`}
              {answer.correctedQuery ? ` Showing results for “${answer.correctedQuery}”.` : ''}
            </p>
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
                    <h2 className="font-display text-2xl font-semibold text-red-darkest">
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
              <nav aria-label="Search result pages" className="mt-8 flex items-center gap-4">
                {page > 1 ? (
                  <Link to={pageLink(page - 1)} className="button button--ghost" rel="prev">
                    Previous
                  </Link>
                ) : null}
                <span className="text-ink-soft">
                  Page {page} of {pages}
                </span>
                {page < pages ? (
                  <Link to={pageLink(page + 1)} className="button button--ghost" rel="next">
                    Next
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        ) : (
          <p className="text-ink-soft">Type a word or two: a town, a winery, something to do.</p>
        )}
      </div>
    </main>
  )
}
