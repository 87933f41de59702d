import { createElement, use, type ComponentType } from 'react'
import type { Spacing } from '#lib/content'
import { BlockPathContext, useAbsolutePath, useEditing, type ContainerId, type Path } from './editing'
import { spacingClasses } from './spacing'
import { isBlockType, loadedView, loadViews } from './view-cache'

export interface RenderableBlock {
  componentType: string
  _key?: string
  spacing?: Spacing
}

interface RenderBlocksProps {
  blocks: readonly RenderableBlock[]
  /** Absolute path of the list in the page (default ['contents']). */
  path?: Path
  /** Which block types the list allows when an editor adds one (spec 02 §2.8). */
  container?: ContainerId
}

/**
 * Renders a contents list, each block in a frame carrying its spacing. A block whose type is not
 * in the library renders nothing: visitors never see a broken or unknown block. While an editor
 * edits the page, the editor's frame (selection, actions) and list chrome (add a block) wrap them.
 */
export function RenderBlocks({ blocks, path = ['contents'], container = 'contents' }: RenderBlocksProps) {
  const editing = useEditing()
  // Views arrive with the blocks that need them: wait (suspend) for any this browser lacks.
  const missing = blocks.map((block) => block.componentType).filter((type) => isBlockType(type) && !loadedView(type))
  if (missing.length) use(loadViews(missing))
  const rendered = blocks.map((block, index) => {
    // The view is chosen by the block's own type, so the props always match it.
    const View = loadedView(block.componentType) as ComponentType<RenderableBlock> | undefined
    if (!View) return null
    const blockPath = [...path, index]
    const className = spacingClasses(block.spacing)
    const view = createElement(View, block)
    return (
      <BlockPathContext.Provider key={block._key ?? index} value={blockPath}>
        {editing ? (
          <editing.BlockFrame
            path={blockPath}
            componentType={block.componentType}
            container={container}
            index={index}
            count={blocks.length}
            className={className}
          >
            {view}
          </editing.BlockFrame>
        ) : (
          <div className={className} data-block={block.componentType}>
            {view}
          </div>
        )}
      </BlockPathContext.Provider>
    )
  })
  if (!editing) return <>{rendered}</>
  return (
    <editing.BlockListChrome path={path} container={container} count={blocks.length}>
      {rendered}
    </editing.BlockListChrome>
  )
}

/** A block list inside a block (SplitContent's sides...): `path` is relative to that block. */
export function BlockList({
  blocks,
  path,
  container,
}: {
  blocks: readonly RenderableBlock[]
  path: string | Path
  container: ContainerId
}) {
  const absolute = useAbsolutePath(path)
  return <RenderBlocks blocks={blocks} path={absolute} container={container} />
}
