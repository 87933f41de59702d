import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

export function View({ title, secondTitle, subtitle }: Props) {
  const editing = useEditing()
  if (!editing && !title && !secondTitle && !subtitle) return null
  return (
    <div className="container-site">
      <div className="grid gap-6 border-t border-red/20 pt-8 lg:grid-cols-[1fr_1fr] lg:items-end lg:gap-16">
        {title || secondTitle || editing ? (
          <h2 className="heading-section">
            {editing ? <Editable kind="content" path="title" as="span" value={title} placeholder="Title" className="block" /> : title}
            <Editable
              kind="content"
              path="secondTitle"
              as="span"
              value={secondTitle}
              optional
              placeholder="Second title"
              className="block italic text-red"
            />
          </h2>
        ) : null}
        <Editable kind="content" path="subtitle" as="p" value={subtitle} optional placeholder="Subtitle" className="lead" />
      </div>
    </div>
  )
}
