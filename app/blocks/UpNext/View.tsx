import { clsx } from 'clsx'
import { ArrowRightIcon } from '~/ui/icons'
import { Img } from '~/ui/Img'
import { swatch } from '~/ui/palette'
import { SmartLink } from '~/ui/SmartLink'
import type { Props } from './schema'

export function View({ heading, subheading, image, backgroundColour, link }: Props) {
  if (!heading) return null
  const colour = swatch(backgroundColour, 'redDarkest')
  return (
    <section className={clsx(colour.className)} aria-label={heading}>
      <div className="mx-auto grid max-w-[1600px] md:grid-cols-2">
        <div className="relative min-h-64 bg-red-darker/40">
          <Img image={image} alt="" width={800} height={560} className="absolute inset-0 h-full w-full object-cover" />
        </div>
        <div className="flex flex-col justify-center gap-4 px-6 py-12 sm:px-12 lg:px-20 lg:py-20">
          <p className="eyebrow opacity-90">Up next</p>
          <h2 className="font-display text-3xl font-semibold lg:text-5xl">{heading}</h2>
          {subheading ? <p className="max-w-md text-lg opacity-90">{subheading}</p> : null}
          {link.href && link.text ? (
            <SmartLink link={link} className={clsx('button mt-2 self-start', colour.font === 'white' ? 'button--light' : '')}>
              <span>{link.text}</span>
              <ArrowRightIcon size={18} />
            </SmartLink>
          ) : null}
        </div>
      </div>
    </section>
  )
}
