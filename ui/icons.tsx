/**
 * Inline SVG icons (no icon font, no CDN). Decorative by default: the text beside an icon names
 * the action; pass `title` when an icon stands alone.
 */
import type { ReactNode, SVGProps } from 'react'

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  title?: string
  size?: number
}

function icon(paths: ReactNode, { viewBox = '0 0 24 24', fill = false }: { viewBox?: string; fill?: boolean } = {}) {
  return function Icon({ title, size = 20, className, ...rest }: IconProps) {
    return (
      <svg
        viewBox={viewBox}
        width={size}
        height={size}
        fill={fill ? 'currentColor' : 'none'}
        stroke={fill ? 'none' : 'currentColor'}
        strokeWidth={fill ? undefined : 1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        focusable="false"
        {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {paths}
      </svg>
    )
  }
}

export const PhoneIcon = icon(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z" />,
)
export const EmailIcon = icon(
  <>
    <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
    <path d="m3 6 9 7 9-7" />
  </>,
)
export const LocationIcon = icon(
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
)
export const UrlIcon = icon(
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M2.5 12h19M12 2.5a14.5 14.5 0 0 1 0 19M12 2.5a14.5 14.5 0 0 0 0 19" />
  </>,
)
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 7v5l3 2" />
  </>,
)
export const FileIcon = icon(
  <>
    <path d="M14 2.5H6.5a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V8Z" />
    <path d="M14 2.5V8h5.5M12 11.5v6M9.5 15l2.5 2.5 2.5-2.5" />
  </>,
)
export const CalendarIcon = icon(
  <>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
)
export const ArrowDownIcon = icon(<path d="M12 5v14M6 13l6 6 6-6" />)
export const ArrowRightIcon = icon(<path d="M5 12h14M13 6l6 6-6 6" />)
export const ExternalIcon = icon(<path d="M7 17 17 7M8 7h9v9" />)
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />)
export const ChevronLeftIcon = icon(<path d="m15 6-6 6 6 6" />)
export const ChevronRightIcon = icon(<path d="m9 6 6 6-6 6" />)
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </>,
)
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.4-4.4" />
  </>,
)
export const MenuIcon = icon(<path d="M3.5 6.5h17M3.5 12h17M3.5 17.5h17" />)
export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />)
export const QuoteIcon = icon(
  <path d="M9.6 5C5.9 6.6 3.5 9.8 3.5 13.9c0 3 1.8 5.1 4.3 5.1 2.2 0 3.8-1.6 3.8-3.7 0-2-1.4-3.5-3.3-3.6.4-2 2-3.8 4.1-4.9L9.6 5Zm9.9 0c-3.7 1.6-6.1 4.8-6.1 8.9 0 3 1.8 5.1 4.3 5.1 2.2 0 3.8-1.6 3.8-3.7 0-2-1.4-3.5-3.3-3.6.4-2 2-3.8 4.1-4.9L19.5 5Z" />,
  { fill: true },
)

export const FacebookIcon = icon(
  <path d="M13.5 21.5v-8h2.7l.4-3.2h-3.1V8.3c0-.9.3-1.5 1.6-1.5h1.7V4a22 22 0 0 0-2.5-.1c-2.5 0-4.1 1.5-4.1 4.2v2.3H7.4v3.2h2.8v8h3.3Z" />,
  { fill: true },
)
export const InstagramIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.3" cy="6.7" r=".6" fill="currentColor" />
  </>,
)
export const YoutubeIcon = icon(
  <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.7 2 12 2 12s0 3.3.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.5.4-4.8.4-4.8s0-3.3-.4-4.8ZM10 15V9l5.2 3L10 15Z" />,
  { fill: true },
)
export const TiktokIcon = icon(
  <path d="M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-1.8-2.5V9.7a5.7 5.7 0 1 0 4.9 5.7V9.1a7.3 7.3 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.2-1.6Z" />,
  { fill: true },
)
export const XIcon = icon(
  <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.3 4.7H5.5l11.2 14.5Z" />,
  { fill: true },
)
export const LinkedinIcon = icon(
  <path d="M6.9 8.8H3.6V20h3.3V8.8ZM5.2 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8ZM20.4 13.6c0-3-1.6-5-4.3-5a3.7 3.7 0 0 0-3.3 1.8V8.8H9.6V20h3.3v-5.6c0-1.5.3-2.9 2.1-2.9s1.9 1.7 1.9 3V20h3.4l.1-6.4Z" />,
  { fill: true },
)

const socialIcons: Record<string, (props: IconProps) => ReactNode> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  youtube: YoutubeIcon,
  tiktok: TiktokIcon,
  x: XIcon,
  twitter: XIcon,
  linkedin: LinkedinIcon,
}

/** The icon of a social network, or a globe for networks without one. */
export function SocialIcon({ network, ...props }: IconProps & { network: string }) {
  const Icon = socialIcons[network.toLowerCase()] ?? UrlIcon
  return <Icon {...props} />
}
