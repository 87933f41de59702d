import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { swatch } from '#lib/palette'
import { SmartLink } from '#ui/SmartLink'
import { useTexts } from '#ui/locale'
import { imageSizes } from '../image-sizes'
import type { Props } from './schema'

const tileImage = imageSizes.featureTile
const newTile = {
  image: { imageId: '', alt: '' },
  heading: '',
  copy: '',
  link: { text: '', href: '', type: 'page' },
  learnMore: '',
} as const

export function View({ title, tiles, backgroundColour }: Props) {
  const learnMore = useTexts().blocks.learnMore
  const editing = useEditing()
  if (!tiles.length && !editing) return null
  const colour = swatch(backgroundColour, 'softPink')
  const dark = colour.font === 'white'
  const Heading = title ? 'h3' : 'h2'
  return (
    <section className={clsx('py-14 lg:py-20', colour.className)} aria-label={title ? undefined : 'Highlights'}>
      <div className="container-site">
        <Editable
          kind="content"
          path="title"
          as="h2"
          value={title}
          optional
          placeholder="Title"
          className="heading-section mb-10 text-center text-inherit"
        />
        <Editable
          kind="list"
          path="tiles"
          as="ul"
          label="Tiles"
          newItem={newTile}
          max={12}
          className="grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4"
        >
          {tiles.map((tile, i) => (
            <li key={i} className="grid grid-cols-[6rem_1fr] items-start gap-x-5 sm:flex sm:flex-col">
              <Editable
                kind="image"
                path={`tiles.${i}.image`}
                as={Img}
                label="Tile image"
                cropSizes={{ featureTile: tileImage }}
                elementProps={{ image: tile.image, ...tileImage }}
                className="row-span-3 aspect-square h-auto w-full rounded-full object-cover sm:max-w-[240px]"
              />
              <Editable
                kind="content"
                path={`tiles.${i}.heading`}
                as={Heading}
                value={tile.heading}
                placeholder="Heading"
                className="mt-1 font-display sm:mt-5 text-xl font-semibold"
              />
              <Editable
                kind="content"
                path={`tiles.${i}.copy`}
                as="p"
                value={tile.copy}
                optional
                placeholder="Copy"
                className={clsx('mt-2 text-[0.95rem] leading-relaxed', dark ? 'text-white/90' : 'text-ink-soft')}
              />
              {tile.link.href || editing ? (
                <Editable
                  kind="link"
                  path={`tiles.${i}.link`}
                  as={SmartLink}
                  label="Tile link"
                  elementProps={{ link: tile.link }}
                  className={clsx('link-arrow mt-3', dark && 'text-white')}
                >
                  <span>
                    {tile.learnMore || tile.link.text || learnMore}
                    <span className="sr-only">: {tile.heading}</span>
                  </span>
                  <ArrowRightIcon size={16} />
                </Editable>
              ) : null}
            </li>
          ))}
        </Editable>
      </div>
    </section>
  )
}
