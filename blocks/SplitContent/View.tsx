import { useEditing } from '#ui/editing'
import type { Props } from './schema'
import { SplitLayout } from './SplitLayout'

export function View({ left, right, width, gap, usePixelGap, reverse, matchHeight }: Props) {
  const editing = useEditing()
  if (!left.length && !right.length && !editing) return null
  return (
    <div className="container-site">
      <SplitLayout
        left={left}
        right={right}
        width={width}
        gap={gap}
        usePixelGap={usePixelGap}
        reverse={reverse}
        matchHeight={matchHeight}
      />
    </div>
  )
}
