import { clsx } from 'clsx'
import { LinkTypeIcon } from '~/ui/LinkIcon'
import { SmartLink } from '~/ui/SmartLink'
import type { Props } from './schema'

export function View({ link, variant, align }: Props) {
  if (!link.href || !link.text) return null
  return (
    <div className={clsx('container-site flex', align === 'center' ? 'justify-center' : 'justify-start')}>
      <SmartLink link={link} className={clsx('button', variant === 'secondary' && 'button--ghost')}>
        <span>{link.text}</span>
        <LinkTypeIcon type={link.type} size={18} />
      </SmartLink>
    </div>
  )
}
