import { useMatches } from 'react-router'
import type { EditorPage } from './state/types.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The page the current route loaded: the deepest match whose data has a `page` with an `_id`; null when none has. */
export function useRoutePage(): EditorPage | null {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData
    if (isRecord(data) && isRecord(data.page) && typeof data.page._id === 'string') return data.page as EditorPage
  }
  return null
}
