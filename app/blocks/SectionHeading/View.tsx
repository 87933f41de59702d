import type { Props } from './schema'

export function View({ title, subtitle }: Props) {
  if (!title && !subtitle) return null
  return (
    <div className="container-site text-center">
      <div className="mx-auto max-w-3xl">
        {title ? <h2 className="heading-section">{title}</h2> : null}
        <span className="rule-accent mx-auto" aria-hidden="true" />
        {subtitle ? <p className="lead mt-4">{subtitle}</p> : null}
      </div>
    </div>
  )
}
