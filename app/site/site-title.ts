/**
 * A page's title with the site's name after it ('Book your visit – Barossa'), as content pages have
 * theirs (issue 31). Reads the default layout's data from the route matches without importing the
 * content page's module (and its blocks) into small routes.
 */
type Match = { id: string; loaderData?: unknown } | undefined

export function withSiteName(title: string, matches: readonly Match[]): string {
  const layout = matches.find((m) => m?.id === 'layouts/default')?.loaderData as { nav?: { siteName?: string } | null } | undefined
  return [title, layout?.nav?.siteName].filter(Boolean).join(' – ')
}
