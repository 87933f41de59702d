import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { DashboardPage } from '#lib/dashboard'
import { formatSiteTime } from '#lib/team'
import { getApi, messageOf } from '#ui/api.ts'
import { ErrorAlert, TextInput } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'
import { useEditorDispatch } from '../state/store.tsx'
import { pathOfSlug } from '../page/slug.ts'
import { hasUnpublishedChanges } from '../state/page-utils.ts'

const t = editorTexts.allPages

/** A page or chapter page as the page list answers it. */
type ListedPage = DashboardPage & { chapter: boolean }

/**
 * The dashboard's 'Pages' tab (issue 31): every page and chapter page of the site, drafts included,
 * with its address, state and last save, found by title or address; opening one closes the
 * dashboard on that page, ready to edit. Listing pages are found through their grids and search.
 */
export function AllPages() {
  const dispatch = useEditorDispatch()
  const [pages, setPages] = useState<ListedPage[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [filter, setFilter] = useState('')

  useEffect(() => {
    let current = true
    Promise.all([getApi('/page/list', { collection: 'pages' }), getApi('/page/list', { collection: 'chapters' })])
      .then(([plain, chapters]) => {
        if (!current) return
        const listed = [...plain.map((p) => ({ ...p, chapter: false })), ...chapters.map((p) => ({ ...p, chapter: true }))]
        listed.sort((a, b) => (a.title || a.slug).localeCompare(b.title || b.slug))
        setPages(listed)
      })
      .catch((err: unknown) => {
        if (current) setError(messageOf(err))
      })
    return () => {
      current = false
    }
  }, [])

  if (error) return <ErrorAlert message={error} />
  if (!pages) return <p role="status">{editorTexts.loading}</p>
  const words = filter.trim().toLowerCase()
  const shown = words ? pages.filter((p) => `${p.title} /${p.slug}`.toLowerCase().includes(words)) : pages

  return (
    <section aria-labelledby="all-pages-heading" className="flex flex-col gap-3">
      <h3 id="all-pages-heading" className={chrome.heading}>
        {t.heading}
      </h3>
      <p className="text-sm text-neutral-700">{t.intro}</p>
      <TextInput label={t.filter} type="search" value={filter} autoComplete="off" onChange={(e) => setFilter(e.target.value)} />
      <p role="status" className="text-xs text-neutral-700">
        {t.count(shown.length, pages.length)}
      </p>
      <div className="max-h-[50vh] overflow-auto">
        <table className="w-full text-left text-sm" aria-label={t.heading}>
          <thead className="border-b border-neutral-200 text-xs text-neutral-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.title}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.address}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.columns.status}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t.columns.updated}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {shown.map((page) => (
              <tr key={page._id} data-listed-page={page.slug}>
                <td className="py-2 pr-3">
                  <Link
                    to={pathOfSlug(page.slug)}
                    className={chrome.link}
                    onClick={() => dispatch({ type: 'clearActiveItem', item: 'dashboard' })}
                  >
                    {page.title || t.untitled}
                  </Link>
                  {page.chapter ? <span className="ml-2 text-xs text-neutral-600">{t.chapter}</span> : null}
                </td>
                <td className="py-2 pr-3 font-mono text-xs break-all">{pathOfSlug(page.slug)}</td>
                <td className="py-2 pr-3">{page.published ? (hasUnpublishedChanges(page) ? t.changed : t.published) : t.draft}</td>
                <td className="py-2 whitespace-nowrap">{formatSiteTime(page.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 ? <p className="py-3 text-sm text-neutral-700">{t.none}</p> : null}
      </div>
    </section>
  )
}
