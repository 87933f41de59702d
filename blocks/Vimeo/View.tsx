import { VideoEmbed } from '../Youtube/VideoEmbed'
import type { Props } from './schema'

export function View({ videoId, title, poster, caption }: Props) {
  return <VideoEmbed provider="vimeo" videoId={videoId} title={title} poster={poster} caption={caption} />
}
