import { clsx } from 'clsx'
import { imageSrcSet, imageUrl, imageWidthSrcSet, objectPosition, type Crop, type Focal, type ImageUrlOptions } from './image-url'

/** What blocks store for a picture (lib/content imageRefSchema): crops are keyed, e.g. desktop/mobile. */
export interface ImageLike {
  imageId: string
  alt?: string
  crop?: Record<string, Crop>
  /** Where the subject is (0..1); used for the breakpoints that have no crop of their own. */
  focal?: Focal
  /** Marked decorative by the editor: rendered with an empty alt. */
  decorative?: boolean
  /** The file's version after a replace in place: part of the address (lib/image-url). */
  v?: number
}

export interface ArtSource {
  /** Media query this source applies to, e.g. '(min-width: 768px)'. */
  media: string
  width: number
  height: number
  cropKey?: string
  /** The source's `sizes` (a fluid image); defaults to the Img's own `sizes`. */
  sizes?: string
}

export interface ImgProps {
  image: ImageLike | null | undefined
  width: number
  /**
   * The box height; 'auto' for a freeform picture at its own aspect (a logo): the address leaves the
   * height out (spec: 'auto' is omitted) and the browser sizes the box from the picture.
   */
  height: number | 'auto'
  /** Which stored crop to use; falls back to the focal point, then to 'desktop'. */
  cropKey?: string
  /** Larger layouts (a <picture> source each); the img itself is the smallest (mobile first). */
  sources?: ArtSource[]
  /**
   * The `sizes` attribute of a fluid image, e.g. '100vw' or '(min-width: 1080px) 1080px, 100vw':
   * the srcset then offers several widths (w descriptors) instead of 1x/2x of one fixed size.
   */
  sizes?: string
  /** Overrides image.alt; '' marks the picture decorative. */
  alt?: string
  /** Above-the-fold picture: loads eagerly with high priority. */
  priority?: boolean
  className?: string
}

/**
 * What to ask the server for one breakpoint: its own crop; else the focal point (the server keeps
 * it in view when the box changes the aspect); else the desktop crop (older content has only that).
 */
export function framingOf(image: ImageLike, key: string | undefined): Pick<ImageUrlOptions, 'crop' | 'focal' | 'v'> {
  // The version travels with the framing, so every address built from it names the current picture.
  const version = image.v && image.v > 1 ? { v: image.v } : {}
  return { ...framingOnly(image, key), ...version }
}

function framingOnly(image: ImageLike, key: string | undefined): Pick<ImageUrlOptions, 'crop' | 'focal'> {
  const crops = image.crop ?? {}
  // Without a key, an element with one crop box (cropSizes {featureTile: ...}) has stored it under
  // its own name: that crop is meant.
  const only = Object.values(crops).length === 1 ? Object.values(crops)[0] : undefined
  const own = key ? crops[key] : (crops.desktop ?? only)
  if (own) return { crop: own }
  if (image.focal) return { focal: image.focal }
  const fallback = crops.desktop
  return fallback ? { crop: fallback } : {}
}

function srcSetOf(
  imageId: string,
  width: number,
  height: number | 'auto',
  framing: Pick<ImageUrlOptions, 'crop' | 'focal' | 'v'>,
  sizes: string | undefined,
) {
  return sizes ? imageWidthSrcSet(imageId, { w: width, h: height, ...framing }) : imageSrcSet(imageId, { w: width, h: height, ...framing })
}

/**
 * A transformed image: width/height attributes reserve its box (no layout shift), 1x/2x candidates
 * (or several widths with `sizes` for fluid layouts), lazy unless it is the hero. Without an image
 * id a tinted box stands in, so layouts still hold.
 */
export function Img({ image, width, height, cropKey, sources, sizes, alt, priority, className }: ImgProps) {
  const altText = image?.decorative ? '' : (alt ?? image?.alt ?? '')
  if (!image?.imageId) {
    return (
      <span
        className={clsx('img-placeholder', className)}
        style={{ aspectRatio: height === 'auto' ? '3 / 1' : `${width} / ${height}` }}
        aria-hidden="true"
      />
    )
  }
  const framing = framingOf(image, cropKey)
  const img = (
    <img
      src={imageUrl(image.imageId, { w: width, h: height, ...framing })}
      srcSet={srcSetOf(image.imageId, width, height, framing, sizes)}
      sizes={sizes}
      width={width}
      height={height === 'auto' ? undefined : height}
      alt={altText}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      // When CSS crops further (object-fit: cover in a fluid box), keep the subject in view too.
      style={image.focal ? { objectPosition: objectPosition(image.focal) } : undefined}
      className={clsx('img', className)}
    />
  )
  if (!sources?.length) return img
  return (
    <picture className="contents">
      {sources.map((source) => {
        const sourceSizes = source.sizes ?? sizes
        return (
          <source
            key={source.media}
            media={source.media}
            width={source.width}
            height={source.height}
            sizes={sourceSizes}
            srcSet={srcSetOf(image.imageId, source.width, source.height, framingOf(image, source.cropKey ?? 'desktop'), sourceSizes)}
          />
        )
      })}
      {img}
    </picture>
  )
}
