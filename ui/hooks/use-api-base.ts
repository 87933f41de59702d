import { useRouteLoaderData } from 'react-router'

/** The API's address as the browser calls it: '/api' unless said otherwise, no trailing slash ('/api/' is '/api'). */
export function apiBaseOf(base: string | null | undefined): string {
  return (base ?? '/api').replace(/\/+$/, '')
}

/** Where the API lives (the server's API_PREFIX), from the root loader. */
export function useApiBase(): string {
  const root = useRouteLoaderData('root') as { apiBase?: string } | undefined
  return apiBaseOf(root?.apiBase)
}
