import { clsx } from 'clsx'
import { Link as RouterLink } from 'react-router'
import type { PageHeader as Header, Link } from '#lib/content'
import { ChevronRightIcon } from '../icons'
import { Img } from '../Img'
import { swatch } from '../palette'
import { SmartLink } from '../SmartLink'

export interface PageHeaderProps {
  template: string
  header: Header
  showBreadcrumb?: boolean
  backgroundColour?: string
}

/** Hero sizes: a tall portrait crop on phones, landscape from 640 px, full HD from 1024 px. */
const heroSources = [
  { media: '(min-width: 1024px)', width: 1920, height: 1080, cropKey: 'desktop' },
  { media: '(min-width: 640px)', width: 1280, height: 900, cropKey: 'desktop' },
]

function HeaderLinks({ header }: { header: Header }) {
  const left = header.headerLinks?.left?.links.filter((l) => l.href && l.text) ?? []
  const right = header.headerLinks?.right?.links.filter((l) => l.href && l.text) ?? []
  if (!left.length && !right.length) return null
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {left.map((link, i) => (
        <SmartLink key={`l${i}`} link={link} className="button">
          {link.text}
        </SmartLink>
      ))}
      {right.map((link, i) => (
        <SmartLink key={`r${i}`} link={link} className="button button--outline-light">
          {link.text}
        </SmartLink>
      ))}
    </div>
  )
}

function Hero({ header, size }: { header: Header; size: 'home' | 'large' }) {
  return (
    <section className={clsx('relative isolate flex overflow-hidden bg-red-darkest text-white', size === 'home' ? 'min-h-[82svh] lg:min-h-[88svh]' : 'min-h-[70svh]')}>
      <Img
        image={header.image}
        alt={header.image?.alt ?? ''}
        width={640}
        height={1000}
        cropKey="mobile"
        sources={heroSources}
       
        priority
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <span className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/30 to-black/10" aria-hidden="true" />
      <span className="absolute inset-0 -z-10 bg-gradient-to-r from-black/45 to-transparent" aria-hidden="true" />
      <div className="container-site mt-auto pt-32 pb-14 lg:pb-24">
        <div className="max-w-3xl">
          {header.flagText ? <p className="eyebrow mb-4 text-white/90">{header.flagText}</p> : null}
          <h1 className="font-display text-5xl leading-[1.05] font-bold tracking-tight drop-shadow-sm sm:text-6xl lg:text-7xl xl:text-8xl">{header.title}</h1>
          {header.subTitle ? <p className="mt-4 font-display text-2xl text-white/95 italic sm:text-3xl">{header.subTitle}</p> : null}
          {header.description ? <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/95 sm:text-xl">{header.description}</p> : null}
          <HeaderLinks header={header} />
        </div>
      </div>
    </section>
  )
}

function Breadcrumb({ header, light }: { header: Header; light?: boolean }) {
  const items: Pick<Link, 'href' | 'text'>[] = header.breadcrumb?.length ? header.breadcrumb : [{ href: '/', text: 'Home' }]
  return (
    <nav aria-label="Breadcrumb" className="mb-5">
      <ol className={clsx('flex flex-wrap items-center gap-1 text-sm', light ? 'text-white/90' : 'text-ink-soft')}>
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-1">
            <RouterLink to={item.href || '/'} className="underline-offset-4 hover:underline">
              {item.text}
            </RouterLink>
            <ChevronRightIcon size={14} />
          </li>
        ))}
        <li aria-current="page" className={clsx('font-medium', light ? 'text-white' : 'text-ink')}>
          {header.title}
        </li>
      </ol>
    </nav>
  )
}

function TitleBlock({ header, breadcrumb, light }: { header: Header; breadcrumb: boolean; light?: boolean }) {
  return (
    <div className="max-w-3xl">
      {breadcrumb ? <Breadcrumb header={header} light={light} /> : null}
      {header.flagText ? <p className={clsx('eyebrow mb-3', light ? 'text-white/90' : 'text-red')}>{header.flagText}</p> : null}
      <h1 className={clsx('font-display text-4xl leading-tight font-bold tracking-tight sm:text-5xl lg:text-6xl', !light && 'text-red-darkest')}>{header.title}</h1>
      {header.description ? <p className={clsx('mt-5 text-lg leading-relaxed sm:text-xl', light ? 'text-white/95' : 'text-ink-soft')}>{header.description}</p> : null}
    </div>
  )
}

/** The page header by template (spec 01 §2.14). */
export function PageHeader({ template, header, showBreadcrumb = true, backgroundColour }: PageHeaderProps) {
  switch (template) {
    case 'home':
      return <Hero header={header} size="home" />
    case 'premium':
    case 'CampaignHome':
      return <Hero header={header} size="large" />
    case 'empty':
      return <h1 className="sr-only">{header.title}</h1>
    case 'genericImage':
      return (
        <section className="relative isolate flex min-h-[380px] overflow-hidden bg-red-darkest text-white lg:min-h-[520px]">
          <Img image={header.image} alt={header.image?.alt ?? ''} width={640} height={560} cropKey="mobile" sources={heroSources} priority className="absolute inset-0 -z-10 h-full w-full object-cover" />
          <span className="absolute inset-0 -z-10 bg-gradient-to-t from-black/75 via-black/35 to-black/15" aria-hidden="true" />
          <div className="container-site mt-auto pt-24 pb-12 lg:pb-16">
            <TitleBlock header={header} breadcrumb={showBreadcrumb} light />
          </div>
        </section>
      )
    case 'genericColour': {
      const colour = swatch(backgroundColour === 'backgroundLightYellow' ? undefined : backgroundColour, 'red')
      const light = colour.font === 'white'
      return (
        <section className={clsx('py-14 lg:py-20', colour.className)}>
          <div className="container-site">
            <TitleBlock header={header} breadcrumb={showBreadcrumb} light={light} />
          </div>
        </section>
      )
    }
    default: {
      const colour = swatch(backgroundColour, 'softPink')
      return (
        <section className={clsx('border-b border-red/10 py-12 lg:py-16', colour.font === 'white' ? 'bg-soft-pink text-ink' : colour.className)}>
          <div className="container-site">
            <TitleBlock header={header} breadcrumb={showBreadcrumb} />
          </div>
        </section>
      )
    }
  }
}
