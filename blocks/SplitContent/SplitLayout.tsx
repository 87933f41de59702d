import { clsx } from 'clsx'
import type { CSSProperties, ReactNode } from 'react'
import type { StoredBlock } from '#lib/content'
import { BlockList } from '../RenderBlocks'
import { splitGrid, type SplitSettings } from './split'

export interface SplitLayoutProps extends SplitSettings {
  left: readonly StoredBlock[]
  right: readonly StoredBlock[]
  reverse: { desktop: boolean; mobile: boolean }
  matchHeight: boolean
  className?: string
  children?: ReactNode
}

/** Inside a column, nested blocks drop their own page gutters and the first one its top margin. */
const column = 'min-w-0 [&_.container-site]:max-w-none [&_.container-site]:px-0 [&>*:first-child]:mt-0'

/**
 * Two block lists side by side from 768 px, stacked below (spec 02 §2.8). Columns, gap and order
 * come from the block's settings through CSS variables, so any setting needs no extra CSS.
 */
export function SplitLayout({ left, right, width, gap, usePixelGap, reverse, matchHeight, className }: SplitLayoutProps) {
  const grid = splitGrid({ width, gap, usePixelGap }, reverse.desktop)
  const style = { '--split-cols': grid.columns, '--split-stack-gap': grid.stackGap } as CSSProperties
  return (
    <div
      className={clsx(
        'grid grid-cols-1 gap-y-(--split-stack-gap) md:grid-cols-(--split-cols) md:gap-0',
        matchHeight ? 'items-stretch' : 'items-start',
        className,
      )}
      style={style}
    >
      <div
        className={clsx(
          column,
          reverse.mobile ? 'order-2' : 'order-1',
          'md:order-none md:row-start-1',
          reverse.desktop ? 'md:col-start-3' : 'md:col-start-1',
          matchHeight && 'flex flex-col justify-between',
        )}
      >
        <BlockList blocks={left} path="left" container="split" />
      </div>
      <div
        className={clsx(
          column,
          reverse.mobile ? 'order-1' : 'order-2',
          'md:order-none md:row-start-1',
          reverse.desktop ? 'md:col-start-1' : 'md:col-start-3',
          matchHeight && 'flex flex-col justify-between',
        )}
      >
        <BlockList blocks={right} path="right" container="split" />
      </div>
    </div>
  )
}
