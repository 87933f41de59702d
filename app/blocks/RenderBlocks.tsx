import type { ComponentType } from 'react'
import type { Spacing } from '#lib/content'
import { spacingClasses } from './spacing'
import { blockViews } from './views'

interface RenderableBlock {
  componentType: string
  _key?: string
  spacing?: Spacing
}

/**
 * Renders a contents list, each block in a frame carrying its spacing. A block whose type is not
 * in the library renders nothing: visitors never see a broken or unknown block.
 */
export function RenderBlocks({ blocks }: { blocks: readonly RenderableBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (!Object.hasOwn(blockViews, block.componentType)) return null
        // The view is chosen by the block's own type, so the props always match it.
        const View = blockViews[block.componentType as keyof typeof blockViews] as unknown as ComponentType<RenderableBlock>
        return (
          <div key={block._key ?? index} className={spacingClasses(block.spacing)} data-block={block.componentType}>
            <View {...block} />
          </div>
        )
      })}
    </>
  )
}
