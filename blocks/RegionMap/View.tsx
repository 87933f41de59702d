import { blockTexts } from '#lib/texts'
import { useTexts } from '#ui/locale'
import { ArrowRightIcon } from '#ui/icons'
import { LinkTypeIcon } from '#ui/LinkIcon'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import type { Props } from './schema'

/** Mirrors schema.isMapUrl without importing the schema (zod stays out of the visitor bundle). */
const usable = (value: string) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value.trim())

/**
 * The maps service's region map in a lazy frame (spec 02 §2.8). Without a usable address visitors
 * see nothing; editors see the spec's 'No map found for this URL.' (spec 02 §8).
 */
export function View({ alpacaURL, title, cta }: Props) {
  const t = useTexts().blocks.regionMap
  const editing = useEditing()
  const ok = usable(alpacaURL)
  if (!ok && !editing) return null
  return (
    <section className="container-site" aria-label={title ? undefined : t.defaultTitle}>
      <div className="mx-auto max-w-6xl">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <Editable kind="content" path="title" value={title} optional as="h2" placeholder="Map title" className="heading-sub" />
          {(cta.href && cta.text) || editing ? (
            <Editable kind="link" path="cta" as={SmartLink} elementProps={{ link: cta }} label="Map link" className="link-arrow">
              <span>{cta.text || 'Link'}</span>
              {cta.type === 'page' ? <ArrowRightIcon size={16} /> : <LinkTypeIcon type={cta.type} size={16} />}
            </Editable>
          ) : null}
        </div>
        {ok ? (
          <iframe
            src={alpacaURL.trim()}
            title={title || t.defaultTitle}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="geolocation; fullscreen"
            className="block aspect-[4/5] w-full rounded-sm border-0 bg-sand sm:aspect-[16/10] lg:aspect-[16/8]"
          />
        ) : (
          <p
            role="status"
            className="flex aspect-[16/6] items-center justify-center rounded-sm bg-grey p-6 text-center font-medium text-ink-soft"
          >
            {blockTexts.regionMap.noMap}
          </p>
        )}
      </div>
    </section>
  )
}
