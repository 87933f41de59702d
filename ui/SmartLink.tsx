import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { useTexts } from './locale'

export type LinkType = 'page' | 'anchor' | 'file' | 'external'

export interface LinkLike {
  text?: string
  href: string
  type?: LinkType | string
}

/** Files are stored as names relative to the file base address (spec 02 §2.8). */
export const FILE_BASE = '/files/'

export function linkHref(link: LinkLike): string {
  const href = link.href.trim()
  switch (link.type) {
    case 'anchor':
      return href.startsWith('#') ? href : `#${href.replace(/^.*#/, '')}`
    case 'file':
      return /^(https?:)?\/\//.test(href) || href.startsWith('/') ? href : `${FILE_BASE}${href}`
    case 'page':
      // Editors type 'about' as often as '/about': page links are always from the site root.
      return href && !/^(\/|#|[a-z][a-z0-9+.-]*:)/i.test(href) ? `/${href}` : href
    default:
      return href
  }
}

export function opensNewTab(link: LinkLike): boolean {
  return link.type === 'file' || link.type === 'external'
}

export interface SmartLinkProps {
  link: LinkLike
  className?: string
  children?: ReactNode
  'aria-label'?: string
}

/**
 * A link rendered by its type: page links navigate inside the app, anchors scroll smoothly on the
 * same page (CSS scroll-behavior, so no script), files and external links open a new tab.
 */
export function SmartLink({ link, className, children, ...rest }: SmartLinkProps) {
  const href = linkHref(link)
  const content = children ?? link.text
  const t = useTexts().site
  if (opensNewTab(link)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" aria-label={rest['aria-label']}>
        {content}
        <span className="sr-only"> {t.opensNewTab}</span>
      </a>
    )
  }
  if (link.type !== 'anchor' && href.startsWith('/') && !href.startsWith('//')) {
    return (
      <RouterLink to={href} className={className} prefetch="intent" aria-label={rest['aria-label']}>
        {content}
      </RouterLink>
    )
  }
  return (
    <a href={href || '#'} className={className} aria-label={rest['aria-label']}>
      {content}
    </a>
  )
}
