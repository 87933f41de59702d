import { clsx } from 'clsx'
import { Editable, useEditing } from '#ui/editing'
import { LinkTypeIcon } from '#ui/LinkIcon'
import { SmartLink } from '#ui/SmartLink'
import type { Props } from './schema'

export function View({ link, variant, align }: Props) {
  const editing = useEditing()
  if (!editing && (!link.href || !link.text)) return null
  return (
    <div className={clsx('container-site flex', align === 'center' ? 'justify-center' : 'justify-start')}>
      <Editable
        kind="link"
        path="link"
        as={SmartLink}
        label="Link"
        elementProps={{ link }}
        className={clsx('button', variant === 'secondary' && 'button--ghost')}
      >
        <span>{link.text || (editing ? 'Link' : '')}</span>
        <LinkTypeIcon type={link.type} size={18} />
      </Editable>
    </div>
  )
}
