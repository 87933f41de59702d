/**
 * Video ids of the two providers, and the editor's helper that finds the id in a pasted address.
 * React-free and zod-free: used by the schemas, the views and the sidebar editors.
 */
export type VideoProvider = 'youtube' | 'vimeo'

export const videoIdPattern: Record<VideoProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^\d{1,12}$/,
}

/** 'https://youtu.be/abc', 'https://www.youtube.com/watch?v=abc', 'https://vimeo.com/123'... -> the id, else the input trimmed. */
export function extractVideoId(provider: VideoProvider, input: string): string {
  const value = input.trim()
  if (videoIdPattern[provider].test(value)) return value
  let url: URL
  try {
    url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`)
  } catch {
    return value
  }
  const parts = url.pathname.split('/').filter(Boolean)
  if (provider === 'youtube') {
    const fromQuery = url.searchParams.get('v')
    if (fromQuery && videoIdPattern.youtube.test(fromQuery)) return fromQuery
    const candidate = url.hostname.endsWith('youtu.be')
      ? parts[0]
      : parts[parts.findIndex((p) => ['embed', 'shorts', 'live', 'v'].includes(p)) + 1]
    return candidate && videoIdPattern.youtube.test(candidate) ? candidate : value
  }
  const numeric = [...parts].reverse().find((p) => videoIdPattern.vimeo.test(p))
  return numeric ?? value
}

/** The player address, privacy-friendly: YouTube's no-cookie host, Vimeo with Do Not Track. */
export function playerUrl(provider: VideoProvider, videoId: string): string {
  const id = encodeURIComponent(videoId)
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`
}
