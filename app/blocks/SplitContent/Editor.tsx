import { SplitSettings, type SplitValues } from '~/editor/fields/SplitSettings'
import type { BlockEditorProps } from '../editors'

export function Editor({ block, set }: BlockEditorProps) {
  return <SplitSettings block={block as unknown as SplitValues} set={set} />
}
