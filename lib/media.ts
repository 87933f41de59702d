/**
 * The media library's shapes (issue 36, docs/decisions/035), shared by the server that stores them
 * and the editor's library panel that shows them.
 */

/** A file of the library as the API answers it. */
export interface ImageRecord {
  _id: string
  filename: string
  contentType: string
  width: number
  height: number
  bytes: number
  /** The default alt text: suggested when the picture is placed, overridable on the page. */
  alt: string
  caption: string
  credit: string
  /** Copyright or licence the picture is used under. */
  licence: string
  folderId: string | null
  tags: string[]
  focal: { x: number; y: number } | null
  /** Bumped by each replace; addresses that show the picture carry it (v) so caches fetch the new one. */
  version: number
  /** Set while the file is in the trash (restorable for 30 days). */
  trashedAt: string | null
  createdAt: string
  updatedAt: string
}

export type UseKind = 'page' | 'story' | 'listing' | 'setting'

/** One place that uses a file: a page, story, listing override or site document. */
export interface MediaUse {
  kind: UseKind
  /** The page's, story's or listing's id; the site document's kind (nav, footer, siteSettings). */
  id: string
  domainId: string
  /** What an editor recognises it by: the page's title, the listing's name, 'Footer'... */
  title: string
  /** Where it leads: the address that opens it in the editor (the page itself; a setting: the home page). */
  href: string
  /** In the working copy, the published copy or both. */
  where: 'draft' | 'published' | 'both'
  /** The places inside it: 'header', a block ('Gallery #k3'), or a field path of a listing or setting. */
  places: string[]
}
