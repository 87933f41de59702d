import type { ListingImage as ListingImageData } from '#lib/listings'
import { Img } from '~/ui/Img'

/**
 * A listing's picture: an uploaded image (custom listings, /img/{imageId} with its crop) or the
 * provider's image address as it is. Without either a tinted box keeps the layout.
 */
export function ListingImage({
  image,
  width,
  height,
  alt,
  className,
  priority,
}: {
  image: ListingImageData | null | undefined
  width: number
  height: number
  alt?: string
  className?: string
  priority?: boolean
}) {
  if (image?.imageId) {
    return (
      <Img
        image={{ imageId: image.imageId, alt: image.alt, crop: image.crop }}
        width={width}
        height={height}
        alt={alt}
        className={className}
        priority={priority}
      />
    )
  }
  if (image?.url) {
    return (
      <img
        src={image.url}
        width={width}
        height={height}
        alt={alt ?? image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        className={`img object-cover ${className ?? ''}`}
      />
    )
  }
  return <Img image={null} width={width} height={height} className={className} />
}
