import { useEffect, useState } from 'react'
import { messageOf } from '#ui/api.ts'
import type { Size } from './crop-math.ts'
import { imageInfo } from './library.ts'

/** Sizes of originals already seen (library pages, uploads, info calls): an image never changes under its id. */
const known = new Map<string, Size>()

export function rememberSize(imageId: string, size: Size) {
  if (imageId && size.width > 0 && size.height > 0) known.set(imageId, { width: size.width, height: size.height })
}

/** The original's size in pixels (crops are stored in these), fetched once per image. */
export function useSourceSize(imageId: string): { size: Size | null; error: string | null } {
  const [fetched, setFetched] = useState<{ id: string; size: Size | null; error: string | null } | null>(null)
  useEffect(() => {
    if (!imageId || known.has(imageId)) return
    const controller = new AbortController()
    imageInfo(imageId, controller.signal)
      .then((info) => {
        rememberSize(imageId, info)
        setFetched({ id: imageId, size: { width: info.width, height: info.height }, error: null })
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setFetched({ id: imageId, size: null, error: messageOf(err) })
      })
    return () => controller.abort()
  }, [imageId])
  const cached = known.get(imageId)
  if (cached) return { size: cached, error: null }
  if (fetched?.id === imageId) return { size: fetched.size, error: fetched.error }
  return { size: null, error: null }
}
