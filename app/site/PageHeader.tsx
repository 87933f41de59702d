import { clsx } from 'clsx'
import { memo, useEffect, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import type { PageHeader as Header, Link } from '#lib/content'
import { blockTexts } from '#lib/texts'
import { useTexts } from '#ui/locale'
import { isMp4Url } from '#lib/video-link'
import { Editable, SidebarEditorButton, useEditing } from '#ui/editing'
import { ChevronRightIcon } from '#ui/icons'
import { framingOf, Img, type ImageLike } from '#ui/Img'
import { imageUrl } from '#ui/image-url'
import { swatch } from '#lib/palette'
import { SmartLink } from '#ui/SmartLink'

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
const heroCrops = { desktop: { width: 1920, height: 1080 }, mobile: { width: 640, height: 1000 } }

const newLink = { text: '', href: '', type: 'page' }

interface Overlayer {
  image?: ImageLike
  position?: 'start' | 'center' | 'end'
  width?: number
}

const isMp4 = (link: string | undefined) => !!link && isMp4Url(link)

function HeaderLinks({ header }: { header: Header }) {
  const editing = useEditing()
  const left = header.headerLinks?.left?.links ?? []
  const right = header.headerLinks?.right?.links ?? []
  const shownLeft = editing ? left : left.filter((l) => l.href && l.text)
  const shownRight = editing ? right : right.filter((l) => l.href && l.text)
  if (!shownLeft.length && !shownRight.length && !editing) return null
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <Editable kind="actions" path="header.headerLinks.left.links" newItem={newLink} label="Header links (left)" className="contents">
        {shownLeft.map((link, i) => (
          <SmartLink key={`l${i}`} link={link} className="button">
            {link.text || 'Link'}
          </SmartLink>
        ))}
      </Editable>
      <Editable kind="actions" path="header.headerLinks.right.links" newItem={newLink} label="Header links (right)" className="contents">
        {shownRight.map((link, i) => (
          <SmartLink key={`r${i}`} link={link} className="button button--outline-light">
            {link.text || 'Link'}
          </SmartLink>
        ))}
      </Editable>
    </div>
  )
}

/**
 * The header's background video (an mp4 with the poster as its first frame). It starts only with
 * JavaScript and only when the visitor has not asked for reduced motion; a button pauses it
 * (WCAG 2.2.2). Without JavaScript the poster (the header picture) shows.
 */
function BackgroundVideo({ src, poster }: { src: string; poster: string | undefined }) {
  const video = useRef<HTMLVideoElement>(null)
  const [playing, setPlaying] = useState(false)
  const t = useTexts().blocks.header
  useEffect(() => {
    const el = video.current
    if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    el.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    )
  }, [src])
  const toggle = () => {
    const el = video.current
    if (!el) return
    if (el.paused) void el.play().then(() => setPlaying(true))
    else {
      el.pause()
      setPlaying(false)
    }
  }
  return (
    <>
      <video
        ref={video}
        src={src}
        poster={poster}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <button
        type="button"
        onClick={toggle}
        aria-pressed={!playing}
        className="absolute right-4 bottom-4 z-10 flex size-11 items-center justify-center rounded-full bg-black/50 text-white ring-1 ring-white/60 hover:bg-black/70"
      >
        <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true" focusable="false">
          {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5.5v13l10.5-6.5z" />}
        </svg>
        <span className="sr-only">{playing ? t.pauseVideo : t.playVideo}</span>
      </button>
    </>
  )
}

const overlayerPlace = { start: 'justify-start', center: 'justify-center', end: 'justify-end' } as const

/** A picture laid over the header (spec 01 §3 overlayer): position start/center/end, width 10-100 %. */
function OverlayerImage({ overlayer }: { overlayer: Overlayer | undefined }) {
  const image = overlayer?.image
  if (!image?.imageId) return null
  const width = Math.min(100, Math.max(10, overlayer?.width ?? 30))
  return (
    <div
      className={clsx(
        'pointer-events-none absolute inset-x-0 top-24 bottom-10 hidden md:flex',
        'container-site items-center',
        overlayerPlace[overlayer?.position ?? 'end'],
      )}
    >
      <img
        // Its own shape (a freeform crop, kept under 'desktop' by the editor's Cropping tab).
        src={imageUrl(image.imageId, { w: Math.round(19.2 * width), ...framingOf(image, 'desktop') })}
        alt={image.alt ?? ''}
        loading="eager"
        decoding="async"
        style={{ width: `${width}%` }}
        className="h-auto max-h-full rounded-sm object-contain shadow-2xl ring-4 ring-white/90"
      />
    </div>
  )
}

/** While editing: the buttons that open the header's own sidebar editors (Edit Video, Edit Overlayer). */
function HeaderSettings({ video }: { video: boolean }) {
  const editing = useEditing()
  if (!editing) return null
  return (
    <div className="absolute top-3 right-3 z-20 flex gap-2">
      {video ? <SidebarEditorButton editor="headerVideo" path="header.video" label={blockTexts.header.editVideo} /> : null}
      <SidebarEditorButton editor="headerOverlayer" path="header.overlayer" label={blockTexts.header.editOverlayer} />
    </div>
  )
}

function HeroText({ header, size }: { header: Header; size: 'home' | 'large' }) {
  return (
    <div className="max-w-3xl">
      <Editable
        kind="content"
        path="header.flagText"
        value={header.flagText}
        optional
        as="p"
        placeholder="Flag text"
        className="eyebrow mb-4 text-white/90"
      />
      <Editable
        kind="content"
        path="header.title"
        value={header.title}
        as="h1"
        placeholder="Title"
        className={clsx(
          'font-display leading-[1.05] font-semibold tracking-tight drop-shadow-sm',
          size === 'home' ? 'text-5xl sm:text-6xl lg:text-7xl xl:text-8xl' : 'text-5xl sm:text-6xl lg:text-7xl',
        )}
      />
      <Editable
        kind="content"
        path="header.subTitle"
        value={header.subTitle}
        optional
        as="p"
        placeholder="Subtitle"
        className="mt-4 font-display text-2xl text-white/95 italic sm:text-3xl"
      />
      <Editable
        kind="content"
        path="header.description"
        value={header.description}
        optional
        as="p"
        placeholder="Description"
        className="mt-6 max-w-2xl text-lg leading-relaxed text-white/95 sm:text-xl"
      />
      <HeaderLinks header={header} />
    </div>
  )
}

function Hero({ header, size }: { header: Header; size: 'home' | 'large' }) {
  const video = header.video?.link && isMp4(header.video.link) ? header.video : undefined
  // The poster (its desktop crop), else the header picture, shows before and instead of the video.
  const poster = header.video?.poster?.imageId ? header.video.poster : header.image?.imageId ? header.image : undefined
  return (
    <section
      className={clsx(
        'relative isolate flex overflow-hidden bg-red-darkest text-white',
        size === 'home' ? 'min-h-[82svh] lg:min-h-[88svh]' : 'min-h-[70svh]',
      )}
    >
      <Editable kind="image" path="header.image" cropSizes={heroCrops} label="Header image" className="absolute inset-0 -z-10">
        <Img
          image={header.image}
          alt={header.image?.alt ?? ''}
          width={640}
          height={1000}
          cropKey="mobile"
          sources={heroSources}
          priority
          className="h-full w-full object-cover"
        />
      </Editable>
      {video ? (
        <BackgroundVideo
          src={video.link.trim()}
          poster={poster ? imageUrl(poster.imageId, { w: 1920, h: 1080, ...framingOf(poster, 'desktop') }) : undefined}
        />
      ) : null}
      <span
        className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/30 to-black/10"
        aria-hidden="true"
      />
      <span className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-r from-black/45 to-transparent" aria-hidden="true" />
      <OverlayerImage overlayer={header.overlayer as Overlayer | undefined} />
      <HeaderSettings video />
      <div className="container-site relative mt-auto pt-32 pb-14 lg:pb-24">
        <HeroText header={header} size={size} />
      </div>
    </section>
  )
}

function Breadcrumb({ header, light }: { header: Header; light?: boolean }) {
  const t = useTexts().site
  const items: Pick<Link, 'href' | 'text'>[] = header.breadcrumb?.length ? header.breadcrumb : [{ href: '/', text: t.homeCrumb }]
  return (
    <nav aria-label={t.breadcrumb} className="mb-5">
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
      <Editable
        kind="content"
        path="header.flagText"
        value={header.flagText}
        optional
        as="p"
        placeholder="Flag text"
        className={clsx('eyebrow mb-3', light ? 'text-white/90' : 'text-red')}
      />
      <Editable
        kind="content"
        path="header.title"
        value={header.title}
        as="h1"
        placeholder="Title"
        className={clsx(
          'font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl lg:text-6xl',
          !light && 'text-red-darkest',
        )}
      />
      <Editable
        kind="content"
        path="header.description"
        value={header.description}
        optional
        as="p"
        placeholder="Description"
        className={clsx('mt-5 text-lg leading-relaxed sm:text-xl', light ? 'text-white/95' : 'text-ink-soft')}
      />
    </div>
  )
}

/**
 * The page header by template (spec 01 §2.14), every text and picture editable in place. Memoised:
 * an edit to a block leaves the header's props as they were, so it does not render again (issue 32).
 */
export const PageHeader = memo(function PageHeader({ template, header, showBreadcrumb = true, backgroundColour }: PageHeaderProps) {
  switch (template) {
    case 'home':
      return <Hero header={header} size="home" />
    case 'premium':
    case 'CampaignHome':
      return <Hero header={header} size="large" />
    case 'empty':
      return <Editable kind="content" path="header.title" value={header.title} as="h1" className="sr-only" />
    case 'genericImage':
      return (
        <section className="relative isolate flex min-h-[380px] overflow-hidden bg-red-darkest text-white lg:min-h-[520px]">
          <Editable kind="image" path="header.image" cropSizes={heroCrops} label="Header image" className="absolute inset-0 -z-10">
            <Img
              image={header.image}
              alt={header.image?.alt ?? ''}
              width={640}
              height={560}
              cropKey="mobile"
              sources={heroSources}
              priority
              className="h-full w-full object-cover"
            />
          </Editable>
          <span
            className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-t from-black/75 via-black/35 to-black/15"
            aria-hidden="true"
          />
          <OverlayerImage overlayer={header.overlayer as Overlayer | undefined} />
          <HeaderSettings video={false} />
          <div className="container-site relative mt-auto pt-24 pb-12 lg:pb-16">
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
        <section
          className={clsx('border-b border-red/10 py-12 lg:py-16', colour.font === 'white' ? 'bg-soft-pink text-ink' : colour.className)}
        >
          <div className="container-site">
            <TitleBlock header={header} breadcrumb={showBreadcrumb} />
          </div>
        </section>
      )
    }
  }
})
