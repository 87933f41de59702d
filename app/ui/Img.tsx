import { clsx } from 'clsx'
import { imageSrcSet, imageUrl, type Crop } from './image-url'

/** What blocks store for a picture (lib/content imageRefSchema): crops are keyed, e.g. desktop/mobile. */
export interface ImageLike {
  imageId: string
  alt?: string
  crop?: Record<string, Crop>
}

export interface ArtSource {
  /** Media query this source applies to, e.g. '(min-width: 768px)'. */
  media: string
  width: number
  height: number
  cropKey?: string
}

export interface ImgProps {
  image: ImageLike | null | undefined
  width: number
  height: number
  /** Which stored crop to use; falls back to 'desktop'. */
  cropKey?: string
  /** Larger layouts (a <picture> source each); the img itself is the smallest (mobile first). */
  sources?: ArtSource[]
  /** Overrides image.alt; '' marks the picture decorative. */
  alt?: string
  /** Above-the-fold picture: loads eagerly with high priority. */
  priority?: boolean
  className?: string
}

function pickCrop(crop: Record<string, Crop> | undefined, key: string | undefined): Crop | undefined {
  if (!crop) return undefined
  return (key ? crop[key] : undefined) ?? crop.desktop
}

/**
 * A transformed image: width/height attributes reserve its box (no layout shift), 1x/2x candidates,
 * lazy unless it is the hero. Without an image id a tinted box stands in, so layouts still hold.
 */
export function Img({ image, width, height, cropKey, sources, alt, priority, className }: ImgProps) {
  const altText = alt ?? image?.alt ?? ''
  if (!image?.imageId) {
    return <span className={clsx('img-placeholder', className)} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />
  }
  const crop = pickCrop(image.crop, cropKey)
  const img = (
    <img
      src={imageUrl(image.imageId, { w: width, h: height, crop })}
      srcSet={imageSrcSet(image.imageId, { w: width, h: height, crop })}
      width={width}
      height={height}
      alt={altText}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={clsx('img', className)}
    />
  )
  if (!sources?.length) return img
  return (
    <picture className="contents">
      {sources.map((source) => {
        const sourceCrop = pickCrop(image.crop, source.cropKey ?? 'desktop')
        return (
          <source
            key={source.media}
            media={source.media}
            width={source.width}
            height={source.height}
            srcSet={imageSrcSet(image.imageId, { w: source.width, h: source.height, crop: sourceCrop })}
          />
        )
      })}
      {img}
    </picture>
  )
}
