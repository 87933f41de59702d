import { useCallback, useState } from 'react'
import { messageOf } from '#ui/api.ts'
import { uploadWithProgress, type LibraryImage } from './library.ts'

export interface UploadItem {
  key: string
  name: string
  progress: number
  state: 'waiting' | 'uploading' | 'done' | 'duplicate' | 'error'
  error?: string
  image?: LibraryImage
}

/** Files sent at once: enough to keep the line busy, few enough that each shows progress. */
const PARALLEL = 3

/**
 * Many files at once (issue 36 point 2): each its own progress and its own error, three in flight.
 * Resolves with the files the library now holds (new ones and existing duplicates).
 */
export function useUploads() {
  const [items, setItems] = useState<UploadItem[]>([])

  const update = (key: string, patch: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)))

  const upload = useCallback(async (files: File[], into: { folderId?: string | null; tags?: string[] }): Promise<LibraryImage[]> => {
    const batch = files.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }))
    setItems(batch.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: 'waiting' })))
    const done: LibraryImage[] = []
    let next = 0
    async function worker() {
      while (next < batch.length) {
        const { file, key } = batch[next++]!
        update(key, { state: 'uploading' })
        try {
          const image = await uploadWithProgress(file, (progress) => update(key, { progress }), '', into)
          update(key, { state: image.duplicate ? 'duplicate' : 'done', progress: 100, image })
          done.push(image)
        } catch (err) {
          update(key, { state: 'error', error: messageOf(err) })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker))
    return done
  }, [])

  return { items, upload, clear: () => setItems([]) }
}
