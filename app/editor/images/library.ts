/**
 * The media library's calls: GET {api}/image/list and /image/info, and the upload
 * (POST /img/upload, multipart `file`) with progress, which fetch cannot report.
 */
import { texts } from '#lib/texts'
import { ApiError, errorMessage, getApi, postApi } from '#ui/api.ts'

export interface LibraryImage {
  _id: string
  filename: string
  contentType: string
  width: number
  height: number
  bytes: number
  alt: string
  createdAt: string
}

export interface LibraryPage {
  items: LibraryImage[]
  total: number
  page: number
  pageSize: number
  pages: number
}

export const PAGE_SIZE = 24

export function listImages(query: { q?: string; page?: number }, signal?: AbortSignal): Promise<LibraryPage> {
  return getApi<LibraryPage>(
    '/image/list',
    { q: query.q?.trim() || undefined, page: query.page ? String(query.page) : undefined, pageSize: String(PAGE_SIZE) },
    { signal },
  )
}

export function imageInfo(
  imageId: string,
  signal?: AbortSignal,
): Promise<LibraryImage & { usage: { pages: number; siteDocuments: number } }> {
  return getApi('/image/info', { imageId }, { signal })
}

export function deleteImage(imageId: string): Promise<{ deleted: true }> {
  return postApi('/image/delete', { imageId })
}

/** Uploads one file; `onProgress` gets 0..100. Rejects with ApiError carrying the server's message. */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void, alt = ''): Promise<LibraryImage> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    form.append('file', file)
    form.append('alt', alt)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/img/upload')
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
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as LibraryImage)
      else reject(new ApiError(errorMessage(body), xhr.status))
    }
    xhr.send(form)
  })
}

/** Types the server takes (it checks the bytes itself; this only filters the file chooser). */
export const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif'
