import { clsx } from 'clsx'
import { useState } from 'react'
import { useTexts } from '#ui/locale'
import type { ImageLike } from '#ui/Img'
import { Img } from '#ui/Img'
import { Editable, useEditing } from '#ui/editing'
import { playerUrl, type VideoProvider } from './video-id'

const providerName: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' }

interface VideoEmbedProps {
  provider: VideoProvider
  videoId: string
  title: string
  poster: ImageLike
  caption: string
}

/**
 * A privacy-friendly video (spec 02 §2.8): a poster (the editor's picture, or a neutral one) and
 * a play button; the provider's player (and its cookies and requests) loads only once the visitor
 * asks for it. Without JavaScript the button is a link to the player itself.
 */
export function VideoEmbed({ provider, videoId, title, poster, caption }: VideoEmbedProps) {
  const t = useTexts().blocks.video
  const editing = useEditing()
  const [playing, setPlaying] = useState(false)
  if (!videoId && !editing) return null
  const name = title || t.defaultTitle
  const src = playerUrl(provider, videoId)
  return (
    // The figcaption is the figure's own child (HTML allows it nowhere else).
    <div className="container-site">
      <figure className="mx-auto max-w-5xl">
        <div className="relative aspect-video overflow-hidden rounded-sm bg-red-darkest">
          {playing ? (
            <iframe
              src={src}
              title={name}
              allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="absolute inset-0 h-full w-full border-0"
            />
          ) : (
            <>
              <Editable
                kind="image"
                path="poster"
                cropSizes={{ desktop: { width: 1280, height: 720 } }}
                label="Poster"
                className="absolute inset-0"
              >
                {poster.imageId ? (
                  <Img image={poster} alt="" width={1280} height={720} className="h-full w-full object-cover" />
                ) : (
                  <span
                    className="block h-full w-full bg-[radial-gradient(ellipse_at_30%_20%,var(--color-red)_0%,var(--color-red-darkest)_70%)]"
                    aria-hidden="true"
                  />
                )}
              </Editable>
              <span
                className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/60 via-black/10 to-transparent"
                aria-hidden="true"
              />
              <a
                href={src}
                onClick={(event) => {
                  event.preventDefault()
                  setPlaying(true)
                }}
                className={clsx(
                  'group flex items-center justify-center',
                  editing ? 'absolute top-1/2 left-1/2 -translate-1/2' : 'absolute inset-0',
                )}
              >
                <span className="flex size-20 items-center justify-center rounded-full bg-white/95 text-red shadow-lg transition-transform group-hover:scale-110 group-focus-visible:scale-110 sm:size-24">
                  <svg
                    viewBox="0 0 24 24"
                    width={34}
                    height={34}
                    fill="currentColor"
                    aria-hidden="true"
                    focusable="false"
                    className="translate-x-0.5"
                  >
                    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
                  </svg>
                </span>
                <span className="sr-only">{t.play(name)}</span>
              </a>
              <p className="pointer-events-none absolute bottom-0 left-0 p-4 text-sm text-white sm:p-6">
                {title ? <span className="block font-display text-xl font-semibold sm:text-2xl">{title}</span> : null}
                <span className="block text-white/90">{t.privacy(providerName[provider])}</span>
              </p>
            </>
          )}
        </div>
        <Editable
          kind="content"
          path="caption"
          value={caption}
          optional
          as="figcaption"
          placeholder="Caption"
          className="mt-3 text-sm text-ink-soft"
        />
      </figure>
    </div>
  )
}
