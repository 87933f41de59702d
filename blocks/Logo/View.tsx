import { clsx } from 'clsx'
import { imageUrl } from '#ui/image-url'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

const justify = { left: 'justify-start', center: 'justify-center', right: 'justify-end' } as const

/**
 * A logo (a partner's, an award's) at its own aspect ratio. The image is asked for at twice the
 * display width and kept in proportion by the image service (height 'auto').
 */
export function View({ image, navLink, maxWidth, align }: Props) {
  const editing = useEditing()
  if (!image.imageId && !editing) return null
  const picture = (
    <Editable
      kind="freeformImage"
      path="image"
      label="Logo"
      className="block"
      elementProps={{ style: { width: `min(100%, ${maxWidth}px)` } }}
    >
      {image.imageId ? (
        <img
          src={imageUrl(image.imageId, { w: maxWidth * 2 })}
          alt={image.alt}
          width={maxWidth}
          loading="lazy"
          decoding="async"
          className="block h-auto w-full"
        />
      ) : (
        <span className="img-placeholder" style={{ aspectRatio: '3 / 1' }} aria-hidden="true" />
      )}
    </Editable>
  )
  return (
    <div className={clsx('container-site flex', justify[align])}>
      {navLink?.href ? (
        <SmartLink link={navLink} className="block transition-opacity hover:opacity-80" aria-label={navLink.text || image.alt || undefined}>
          {picture}
        </SmartLink>
      ) : (
        picture
      )}
    </div>
  )
}
