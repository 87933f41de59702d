/**
 * The media library's calls: GET {api}/image/list, /info, /folders, /tags; POST /update, /delete,
 * /restore, /bulk, /folders/*; and the upload and replace (POST /img/upload, /img/replace/{id},
 * multipart `file`) with progress, which fetch cannot report.
 */
import type { ImageRecord, MediaUse } from '#lib/media'
import { texts } from '#lib/texts'
import { ApiError, errorMessage, getApi, postApi } from '#ui/api.ts'

/** A file of the library; `duplicate` is set by the upload when the same bytes were already there (this is that file). */
export type LibraryImage = ImageRecord & { duplicate?: true }

export type { MediaUse }

export interface MediaFolder {
  _id: string
  parentId: string | null
  name: string
}

export interface LibraryPage {
  items: LibraryImage[]
  total: number
  page: number
  pageSize: number
  pages: number
}

export type LibrarySort = 'newest' | 'oldest' | 'name' | 'largest'
export type LibraryFilter = 'unused' | 'missingAlt' | 'missingCredit'
export type LibraryType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'

export interface LibraryQuery {
  q?: string
  folder?: string
  tag?: string
  filter?: LibraryFilter
  type?: LibraryType
  sort?: LibrarySort
  trashed?: boolean
  page?: number
}

/** A page of the grid: large enough to fill a screen, small enough to answer at once. */
export const PAGE_SIZE = 60

export function listImages(query: LibraryQuery, signal?: AbortSignal): Promise<LibraryPage> {
  return getApi(
    '/image/list',
    {
      q: query.q?.trim() || undefined,
      folder: query.folder || undefined,
      tag: query.tag || undefined,
      filter: query.filter,
      type: query.type,
      sort: query.sort,
      trashed: query.trashed ? 'true' : undefined,
      page: query.page || undefined,
      pageSize: PAGE_SIZE,
    },
    { signal },
  )
}

export function imageInfo(imageId: string, signal?: AbortSignal): Promise<LibraryImage & { uses: MediaUse[] }> {
  return getApi('/image/info', { imageId }, { signal })
}

export type ImagePatch = Partial<Pick<LibraryImage, 'alt' | 'caption' | 'credit' | 'licence' | 'tags' | 'folderId' | 'focal' | 'filename'>>

export function updateImage(imageId: string, patch: ImagePatch): Promise<LibraryImage> {
  return postApi('/image/update', { imageId, ...patch })
}

export function deleteImage(imageId: string): Promise<{ deleted: true; image: LibraryImage }> {
  return postApi('/image/delete', { imageId })
}

export function restoreImage(imageId: string): Promise<LibraryImage> {
  return postApi('/image/restore', { imageId })
}

export interface BulkResult {
  done: string[]
  refused: { imageId: string; message: string; uses?: MediaUse[] }[]
}

export function bulkImages(
  imageIds: string[],
  change: { action: 'move'; folderId: string | null } | { action: 'tag' | 'untag'; tags: string[] } | { action: 'trash' },
): Promise<BulkResult> {
  return postApi('/image/bulk', { imageIds, ...change })
}

export async function listFolders(signal?: AbortSignal): Promise<MediaFolder[]> {
  return (await getApi('/image/folders', {}, { signal })).folders
}

export function createFolder(name: string, parentId: string | null): Promise<MediaFolder> {
  return postApi('/image/folders/create', { name, parentId })
}

export async function listTags(signal?: AbortSignal): Promise<{ tag: string; count: number }[]> {
  return (await getApi('/image/tags', {}, { signal })).tags
}

function sendFile<T>(address: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', address)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.responseType = 'text'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onerror = () => reject(new ApiError(texts.toasts.unknownError, 0))
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as T)
      else reject(new ApiError(errorMessage(body), xhr.status))
    }
    xhr.send(form)
  })
}

/** Uploads one file (into a folder, with tags); `onProgress` gets 0..100. Rejects with ApiError carrying the server's message. */
export function uploadWithProgress(
  file: File,
  onProgress: (percent: number) => void,
  alt = '',
  into: { folderId?: string | null; tags?: string[] } = {},
): Promise<LibraryImage> {
  const form = new FormData()
  form.append('file', file)
  form.append('alt', alt)
  if (into.folderId) form.append('folderId', into.folderId)
  if (into.tags?.length) form.append('tags', into.tags.join(','))
  return sendFile('/img/upload', form, onProgress)
}

export interface ReplaceResult {
  image: LibraryImage
  /** Uses whose crop no longer fits the new picture (removed: the focal point frames them now). */
  flagged: { kind: MediaUse['kind']; id: string; title: string; href: string; place: string; cropKey: string }[]
  changed: number
}

/** Replaces a file in place: same id and address, every use shows the new picture. */
export function replaceWithProgress(imageId: string, file: File, onProgress: (percent: number) => void): Promise<ReplaceResult> {
  const form = new FormData()
  form.append('file', file)
  return sendFile(`/img/replace/${encodeURIComponent(imageId)}`, form, onProgress)
}

/** Types the server takes (it checks the bytes itself; this only filters the file chooser). */
export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif'
