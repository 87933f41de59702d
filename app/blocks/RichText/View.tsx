import { clsx } from 'clsx'
import type { Props } from './schema'

/** The HTML was cleaned by the schema (sanitizeRichText) before it was stored and again on load. */
export function View({ html, inContainer }: Props) {
  if (!html) return null
  return (
    <div className={clsx(inContainer && 'container-site')}>
      <div className="prose-rich mx-auto max-w-3xl" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  )
}
