import type { BlockEditorProps } from '../define'
import type { Props } from './schema'
import { VideoEditor } from './VideoEditor'

export function Editor({ block: b, set }: BlockEditorProps<Props>) {
  return <VideoEditor provider="youtube" videoId={b.videoId} title={b.title} set={set} />
}
