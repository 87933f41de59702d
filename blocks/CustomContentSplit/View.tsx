import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import { colourScheme } from '../ImageNavigation/colours'
import { SplitLayout } from '../SplitContent/SplitLayout'
import type { Props } from './schema'

export function View({ left, right, width, gap, usePixelGap, reverse, matchHeight, title, backgroundColour, fontColour }: Props) {
  const editing = useEditing()
  if (!left.length && !right.length && !title && !editing) return null
  const scheme = colourScheme(backgroundColour, fontColour, 'softPink')
  return (
    <section
      className={clsx(
        'py-12 lg:py-20',
        scheme.className,
        scheme.light &&
          '[&_.heading-section]:text-white [&_.heading-sub]:text-white [&_.prose-rich]:text-white [&_.prose-rich_h2]:text-white [&_.prose-rich_h3]:text-white [&_.lead]:text-white/90',
      )}
      aria-label={title ? undefined : 'Content'}
    >
      <div className="container-site">
        <Editable
          kind="content"
          path="title"
          value={title}
          optional
          as="h2"
          placeholder="Heading"
          className={clsx('heading-section mb-10 max-w-3xl', scheme.light && 'text-white')}
        />
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
    </section>
  )
}
