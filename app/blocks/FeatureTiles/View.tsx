import { clsx } from 'clsx'
import { ArrowRightIcon } from '~/ui/icons'
import { Img } from '~/ui/Img'
import { swatch } from '~/ui/palette'
import { SmartLink } from '~/ui/SmartLink'
import { imageSizes } from '../image-sizes'
import type { Props } from './schema'

const tileImage = imageSizes.featureTile

export function View({ title, tiles, backgroundColour }: Props) {
  if (!tiles.length) return null
  const colour = swatch(backgroundColour, 'softPink')
  const dark = colour.font === 'white'
  const Heading = title ? 'h3' : 'h2'
  return (
    <section className={clsx('py-14 lg:py-20', colour.className)} aria-label={title ? undefined : 'Highlights'}>
      <div className="container-site">
        {title ? <h2 className="heading-section mb-10 text-center text-inherit">{title}</h2> : null}
        <ul className="grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {tiles.map((tile, i) => (
            <li key={i} className="grid grid-cols-[6rem_1fr] items-start gap-x-5 sm:flex sm:flex-col">
              <Img image={tile.image} {...tileImage} className="row-span-3 aspect-square h-auto w-full rounded-full object-cover sm:max-w-[240px]" />
              <Heading className="mt-1 font-display sm:mt-5 text-xl font-semibold">{tile.heading}</Heading>
              {tile.copy ? <p className={clsx('mt-2 text-[0.95rem] leading-relaxed', dark ? 'text-white/90' : 'text-ink-soft')}>{tile.copy}</p> : null}
              {tile.link.href ? (
                <SmartLink link={tile.link} className={clsx('link-arrow mt-3', dark && 'text-white')}>
                  <span>
                    {tile.learnMore || tile.link.text || 'Learn more'}
                    <span className="sr-only">: {tile.heading}</span>
                  </span>
                  <ArrowRightIcon size={16} />
                </SmartLink>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
