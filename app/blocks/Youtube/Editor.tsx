import type { BlockEditorProps } from '../editors'
import type { Props } from './schema'
import { VideoEditor } from './VideoEditor'

export function Editor({ block, set }: BlockEditorProps) {
  const b = block as unknown as Props
  return <VideoEditor provider="youtube" videoId={b.videoId} title={b.title} set={set} />
}
