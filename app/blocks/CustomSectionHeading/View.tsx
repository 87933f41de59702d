import type { Props } from './schema'

export function View({ title, secondTitle, subtitle }: Props) {
  if (!title && !secondTitle && !subtitle) return null
  return (
    <div className="container-site">
      <div className="grid gap-6 border-t border-red/20 pt-8 lg:grid-cols-[1fr_1fr] lg:items-end lg:gap-16">
        {title || secondTitle ? (
          <h2 className="heading-section">
            {title}
            {secondTitle ? <span className="block italic text-red">{secondTitle}</span> : null}
          </h2>
        ) : null}
        {subtitle ? <p className="lead">{subtitle}</p> : null}
      </div>
    </div>
  )
}
