import type { ListingImage as ListingImageData } from '#lib/listings'
import { Img } from './Img'
import { listingPhotoSrcSet, listingPhotoUrl } from './image-url'

/**
 * A listing's picture: an uploaded image (custom listings, /img/{imageId} with its crop) or the
 * provider's photo through the same image pipeline (/img/listing/{listingId}/{key}: resized, WebP or
 * AVIF, several widths for `sizes`). The width/height attributes reserve the box, so nothing shifts
 * while it loads; a photo that cannot be loaded leaves the tinted box (and its alt text). Without
 * either a tinted box keeps the layout.
 */
export function ListingImage({
  listingId,
  image,
  width,
  height,
  sizes,
  alt,
  className,
  priority,
}: {
  /** The listing the picture belongs to: the server finds the photo's address in it. */
  listingId: string
  image: ListingImageData | null | undefined
  width: number
  height: number
  /** The `sizes` attribute: how wide the box is shown at each breakpoint. */
  sizes: string
  alt?: string
  className?: string
  /** Above the fold: loads eagerly with high priority. */
  priority?: boolean
}) {
  if (image?.imageId) {
    return (
      <Img
        image={{ imageId: image.imageId, alt: image.alt, crop: image.crop, ...(image.v ? { v: image.v } : {}) }}
        width={width}
        height={height}
        sizes={sizes}
        alt={alt}
        className={className}
        priority={priority}
      />
    )
  }
  if (image?.url) {
    return (
      <img
        src={listingPhotoUrl(listingId, image.url, { w: width, h: height })}
        srcSet={listingPhotoSrcSet(listingId, image.url, { w: width, h: height })}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt ?? image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        className={`img object-cover ${className ?? ''}`}
      />
    )
  }
  return <Img image={null} width={width} height={height} className={className} />
}
