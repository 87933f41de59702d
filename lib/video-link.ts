/**
 * Spec 01 §5, spec 02 §5: a page header's video link must be an mp4 file. Zod-free, so the
 * visitor's header, the sidebar editor and the server's save check share one rule.
 */

/** An http(s) address or a site path ('/media/clip.mp4') whose path ends in .mp4; query and fragment allowed. */
export function isMp4Url(value: string): boolean {
  const v = value.trim()
  if (!/^(https?:\/\/|\/)/i.test(v) || /\s/.test(v)) return false
  let url: URL
  try {
    url = new URL(v, 'https://site.invalid')
  } catch {
    return false
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && /\.mp4$/i.test(url.pathname)
}
