import { clsx } from 'clsx'
import { useTexts } from '#ui/locale'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import { Editable, useEditing } from '#ui/editing'
import { mobileOrder, type MosaicCell } from './cells'
import type { MosaicTile, Props } from './schema'

/**
 * Where each cell sits from 1280 px (spec 02 §9): a 12-column grid, three wide tiles on a tall
 * first row, four on the second. Written out in full so Tailwind finds the classes.
 */
const desktopPlace: Record<MosaicCell, string> = {
  R1C1: 'xl:col-start-1 xl:col-span-5 xl:row-start-1',
  R1C2: 'xl:col-start-6 xl:col-span-4 xl:row-start-1',
  R1C3: 'xl:col-start-10 xl:col-span-3 xl:row-start-1',
  R2C1: 'xl:col-start-1 xl:col-span-3 xl:row-start-2',
  R2C2: 'xl:col-start-4 xl:col-span-3 xl:row-start-2',
  R2C3: 'xl:col-start-7 xl:col-span-3 xl:row-start-2',
  R2C4: 'xl:col-start-10 xl:col-span-3 xl:row-start-2',
}

function Tile({ cell, tile, first }: { cell: MosaicCell; tile: MosaicTile; first: boolean }) {
  const editing = useEditing()
  const hasLink = !!tile.navLink.href
  const body = (
    <>
      <Editable
        kind="image"
        path={`items.${cell}.image`}
        cropSizes={{ desktop: { width: 800, height: 640 }, mobile: { width: 600, height: 600 } }}
        label={`Tile ${cell}`}
        className="absolute inset-0"
      >
        <Img
          image={tile.image}
          alt=""
          width={first ? 750 : 480}
          height={first ? 500 : 480}
          cropKey="mobile"
          sources={[{ media: '(min-width: 1280px)', width: 800, height: 640, cropKey: 'desktop' }]}
          className="h-full w-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
      </Editable>
      <span
        className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/75 via-black/15 to-transparent"
        aria-hidden="true"
      />
      <span className="pointer-events-none absolute right-0 bottom-0 left-0 flex items-end justify-between gap-3 p-4 text-white lg:p-6">
        <Editable
          kind="content"
          path={`items.${cell}.title`}
          value={tile.title}
          as="span"
          placeholder="Title"
          className={clsx('font-display leading-tight font-semibold', first ? 'text-2xl lg:text-3xl' : 'text-lg lg:text-2xl')}
        />
        {hasLink ? <ArrowRightIcon size={20} className="shrink-0 transition-transform group-hover:translate-x-1" /> : null}
      </span>
    </>
  )
  return (
    <li
      className={clsx(
        'relative overflow-hidden rounded-sm bg-red-darkest',
        first ? 'col-span-2 aspect-[3/2]' : 'aspect-square',
        'xl:aspect-auto',
        desktopPlace[cell],
      )}
    >
      {hasLink && !editing ? (
        <SmartLink link={tile.navLink} className="group absolute inset-0 block" aria-label={tile.title || tile.navLink.text || undefined}>
          {body}
        </SmartLink>
      ) : (
        <div className="group absolute inset-0">
          {body}
          {editing ? (
            <Editable
              kind="link"
              path={`items.${cell}.navLink`}
              as="span"
              label={`Tile ${cell} link`}
              className="absolute top-2 right-2 rounded-sm bg-white/90 px-2 py-1 text-xs text-ink"
            >
              {tile.navLink.href || 'Link'}
            </Editable>
          ) : null}
        </div>
      )}
    </li>
  )
}

/**
 * Seven tiles (spec 02 §2.8): from 1280 px a two-row mosaic by cell; below that a two-column
 * list in the editor's phone order (the mobile tab), the first tile across both columns. The
 * document order is the phone order, so reading and tabbing follow what a phone shows.
 */
export function View({ items, gap, inContainer }: Props) {
  const t = useTexts().blocks.mosaic
  const editing = useEditing()
  const cells = mobileOrder(items)
  if (!editing && !cells.some((c) => items[c].image.imageId || items[c].title)) return null
  return (
    <section className={clsx(inContainer ? 'container-site' : 'w-full')} aria-label={t.label}>
      <ul className="grid grid-cols-2 xl:grid-cols-12 xl:grid-rows-[28rem_20rem]" style={{ gap: `${gap}px` }}>
        {cells.map((cell, i) => (
          <Tile key={cell} cell={cell} tile={items[cell]} first={i === 0} />
        ))}
      </ul>
    </section>
  )
}
