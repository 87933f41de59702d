import { clsx } from 'clsx'
import { Editable } from '#ui/editing'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import { imageSizes } from '../image-sizes'
import type { Props } from './schema'

const sizes = imageSizes.imageBlock

/** 450x250 on phones, 1080x600 from 640 px up (spec 02 §9), chosen by <picture>. */
export function View({ imageId, crop, alt, focal, decorative, v, caption, navLink, hasFilter, inContainer }: Props) {
  const picture = (
    <span className={clsx('relative block overflow-hidden bg-grey', inContainer && 'rounded-sm')}>
      {/* The block itself holds imageId, alt and crop: its image editor edits them in place (path ''). */}
      <Editable
        kind="image"
        path=""
        as={Img}
        label="Image"
        cropSizes={sizes}
        elementProps={{
          image: { imageId, alt, crop, focal, decorative, v },
          width: sizes.mobile.width,
          height: sizes.mobile.height,
          cropKey: 'mobile',
          sources: [{ media: '(min-width: 640px)', ...sizes.desktop, cropKey: 'desktop' }],
        }}
        className="block h-auto w-full"
      />
      {hasFilter ? <span className="absolute inset-0 bg-black/25" aria-hidden="true" /> : null}
    </span>
  )
  return (
    // The figcaption is the figure's own child (HTML allows it nowhere else).
    <div className={clsx(inContainer ? 'container-site' : 'w-full')}>
      <figure className={inContainer ? 'mx-auto max-w-[1080px]' : undefined}>
        {navLink?.href ? (
          <SmartLink link={navLink} className="block transition-opacity hover:opacity-90" aria-label={navLink.text || alt || undefined}>
            {picture}
          </SmartLink>
        ) : (
          picture
        )}
        <Editable
          kind="content"
          path="caption"
          as="figcaption"
          value={caption}
          optional
          placeholder="Caption"
          className={clsx('mt-3 text-sm text-ink-soft', !inContainer && 'container-site')}
        />
      </figure>
    </div>
  )
}
