import { SplitSettings } from './SplitSettingsEditor'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

export function Editor({ block, set }: BlockEditorProps<Props>) {
  return <SplitSettings block={block} set={set} />
}
