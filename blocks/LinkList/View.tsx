import { Editable, useEditing } from '#ui/editing'
import { ArrowRightIcon } from '#ui/icons'
import { LinkTypeIcon } from '#ui/LinkIcon'
import { SmartLink } from '#ui/SmartLink'
import type { Props } from './schema'

export function View({ title, items }: Props) {
  const editing = useEditing()
  const links = editing ? items : items.filter((l) => l.href && l.text)
  if (!editing && !title && !links.length) return null
  return (
    <div className="container-site">
      <div className="mx-auto max-w-5xl">
        <Editable kind="content" path="title" as="h2" value={title} optional placeholder="Title" className="heading-sub mb-6" />
        <Editable kind="actions" path="items" as="ul" label="Links" className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3">
          {links.map((link, i) => (
            <li key={i} className="border-b border-red/15">
              <SmartLink
                link={link}
                className="group flex items-center justify-between gap-4 py-4 font-medium text-ink transition-colors hover:text-red"
              >
                <span>{link.text || (editing ? 'Link' : '')}</span>
                <span className="text-red transition-transform group-hover:translate-x-1">
                  {link.type === 'page' ? <ArrowRightIcon size={18} /> : <LinkTypeIcon type={link.type} size={18} />}
                </span>
              </SmartLink>
            </li>
          ))}
        </Editable>
      </div>
    </div>
  )
}
