import type { BlockEditorProps } from '../define'
import { VideoEditor } from '../Youtube/VideoEditor'
import type { Props } from './schema'

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return <VideoEditor provider="vimeo" videoId={b.videoId} title={b.title} set={set} />
}
