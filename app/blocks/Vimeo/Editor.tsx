import type { BlockEditorProps } from '../editors'
import { VideoEditor } from '../Youtube/VideoEditor'
import type { Props } from './schema'

export function Editor({ block, set }: BlockEditorProps) {
  const b = block as unknown as Props
  return <VideoEditor provider="vimeo" videoId={b.videoId} title={b.title} set={set} />
}
