import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

export function View({ title, subtitle }: Props) {
  const editing = useEditing()
  if (!editing && !title && !subtitle) return null
  return (
    <div className="container-site text-center">
      <div className="mx-auto max-w-3xl">
        <Editable kind="content" path="title" as="h2" value={title} optional placeholder="Title" className="heading-section" />
        <span className="rule-accent mx-auto" aria-hidden="true" />
        <Editable kind="content" path="subtitle" as="p" value={subtitle} optional placeholder="Subtitle" className="lead mt-4" />
      </div>
    </div>
  )
}
