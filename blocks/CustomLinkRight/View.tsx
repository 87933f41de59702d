import { LinkTypeIcon } from '#ui/LinkIcon'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

/** A right-aligned text link whose icon shows where it goes: page, anchor, file or external (spec 02 §2.8). */
export function View({ link }: Props) {
  const editing = useEditing()
  if ((!link.href || !link.text) && !editing) return null
  return (
    <div className="container-site flex justify-end">
      <Editable
        kind="link"
        path="link"
        as={SmartLink}
        elementProps={{ link }}
        className="group inline-flex items-center gap-3 border-b-2 border-red/30 pb-1 font-semibold text-red transition-colors hover:border-red"
      >
        <span>{link.text || 'Link'}</span>
        <span className="flex size-9 items-center justify-center rounded-full bg-red text-white transition-transform group-hover:translate-x-0.5">
          <LinkTypeIcon type={link.type} size={18} />
        </span>
      </Editable>
    </div>
  )
}
