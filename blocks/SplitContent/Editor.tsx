import { SplitSettings } from '~/editor/fields/SplitSettings'
import type { BlockEditorProps } from '../define'
import type { Props } from './schema'

export function Editor({ block, set }: BlockEditorProps<Props>) {
  return <SplitSettings block={block} set={set} />
}
