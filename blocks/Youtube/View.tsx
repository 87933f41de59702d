import type { Props } from './schema'
import { VideoEmbed } from './VideoEmbed'

export function View({ videoId, title, poster, caption }: Props) {
  return <VideoEmbed provider="youtube" videoId={videoId} title={title} poster={poster} caption={caption} />
}
