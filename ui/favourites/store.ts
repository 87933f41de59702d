/**
 * The visitor's list of saved listings and pages (issue 19 point 3), kept in this browser's
 * localStorage (nothing is sent to the server until the visitor shares it or sends an enquiry).
 * Every tab sees the same list: a change here is announced to this tab's components, and other
 * tabs hear it through the storage event.
 */
import { useBrowserStore } from '../hooks/use-hydrated'

export type FavouriteKind = 'listing' | 'page'

export interface Favourite {
  kind: FavouriteKind
  /** The item's address on this site, from the root: '/listing/seppeltsfield', '/about'. */
  path: string
  title: string
}

export const FAVOURITES_KEY = 'favourites:v1'
/** The most items a list (and a share link) holds. */
export const MAX_FAVOURITES = 50
/** The share link's parameter, once per item: /favourites?item=/about&item=/listing/x */
export const SHARE_PARAM = 'item'
/** The enquiry page's parameter asking it to add the visitor's list to the message. */
export const ENQUIRY_PARAM = 'list'

const CHANGE = 'favourites-change'
const EMPTY: Favourite[] = []

/** A path on this site: starts with one '/', no scheme, no host, no control characters, bounded. */
export function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\?#]{0,300}$/.test(value)
}

function parse(raw: string | null): Favourite[] {
  if (!raw) return EMPTY
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return EMPTY
    const seen = new Set<string>()
    const out: Favourite[] = []
    for (const item of value as Partial<Favourite>[]) {
      if (!item || !isSitePath(item.path) || seen.has(item.path)) continue
      if (item.kind !== 'listing' && item.kind !== 'page') continue
      seen.add(item.path)
      out.push({ kind: item.kind, path: item.path, title: String(item.title ?? '').slice(0, 300) })
      if (out.length >= MAX_FAVOURITES) break
    }
    return out
  } catch {
    return EMPTY
  }
}

let cachedRaw: string | null = null
let cachedList: Favourite[] = EMPTY

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage refused (privacy settings): the list is empty and saving does nothing.
    return null
  }
}

export function readFavourites(): Favourite[] {
  const raw = storage()?.getItem(FAVOURITES_KEY) ?? null
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedList = parse(raw)
  }
  return cachedList
}

export function writeFavourites(list: Favourite[]): void {
  const store = storage()
  if (!store) return
  store.setItem(FAVOURITES_KEY, JSON.stringify(list.slice(0, MAX_FAVOURITES)))
  window.dispatchEvent(new Event(CHANGE))
}

export function isSaved(path: string): boolean {
  return readFavourites().some((item) => item.path === path)
}

export function toggleFavourite(item: Favourite): boolean {
  const list = readFavourites()
  if (list.some((existing) => existing.path === item.path)) {
    writeFavourites(list.filter((existing) => existing.path !== item.path))
    return false
  }
  writeFavourites([...list, item])
  return true
}

export function removeFavourite(path: string): void {
  writeFavourites(readFavourites().filter((item) => item.path !== path))
}

/** Adds the items not yet on the list (a shared list's 'Save all'). */
export function addFavourites(items: Favourite[]): void {
  const list = readFavourites()
  const have = new Set(list.map((item) => item.path))
  writeFavourites([...list, ...items.filter((item) => !have.has(item.path))])
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGE, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The list, kept current; the server and the hydrating browser see an empty one. */
export function useFavourites(): Favourite[] {
  return useBrowserStore(subscribe, readFavourites, () => EMPTY)
}

/** The address of a list to share: the favourites page with each item's path. */
export function shareUrl(origin: string, list: Favourite[]): string {
  const query = new URLSearchParams()
  for (const item of list.slice(0, MAX_FAVOURITES)) query.append(SHARE_PARAM, item.path)
  return `${origin}${FAVOURITES_PATH}?${query.toString()}`
}

export const FAVOURITES_PATH = '/favourites'

/** The enquiry message's lines: one per item, its title and full address. */
export function enquiryLines(origin: string, list: Favourite[]): string[] {
  return list.map((item) => `- ${item.title || item.path}: ${origin}${item.path}`)
}
