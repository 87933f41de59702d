/**
 * A block's picture in the block picker (issue 17): its own View rendered with its type's defaults,
 * what an editor gets on inserting it (with the declaration's sample content where those are empty
 * texts), drawn at page width and scaled down. Rendered on first use
 * (when the picker opens), in the editor chunk only. The copy is inert and hidden from assistive
 * technology (the picker's text names the block), and it is drawn under a preview editing API:
 * empty texts show their placeholder, empty pictures a grey box, nested lists a dashed area, and
 * nothing in it reads or changes the page being edited. A live block (its declaration's
 * `picker.sketch`: results, a booking gadget, a map, a form) is drawn as a still sketch instead,
 * so opening the picker loads, runs and announces nothing (issue 31).
 */
import { Component, createElement, type ComponentType, type ReactNode } from 'react'
import { BlockPathContext, EditingContext, PlainEditable, type EditableProps, type EditingApi } from '#ui/editing'
import { registry } from '#blocks/registry'
import type { BlockSketch } from '#blocks/define'
import { blockModules, isBlockType, type BlockType } from '#blocks/schemas'
import { ImageIcon } from '../icons.tsx'

/** The width the view is drawn at (a desktop page's content) and the thumbnail's. */
const PAGE_WIDTH = 800
const THUMB_WIDTH = 224
const SCALE = THUMB_WIDTH / PAGE_WIDTH

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

function PreviewEditable(props: EditableProps) {
  const { kind, value, children, placeholder, label, as = 'div', className } = props
  if ((kind === 'image' || kind === 'freeformImage') && (children === undefined || children === null || children === false)) {
    return createElement(
      as,
      { className: `${className ?? ''} flex min-h-60 items-center justify-center bg-neutral-200 text-neutral-500` },
      <ImageIcon width={96} height={96} />,
    )
  }
  if ((kind === 'content' || kind === 'richText' || kind === 'date') && isEmpty(value) && children === undefined) {
    return createElement(as, { className: `${className ?? ''} italic opacity-60` }, placeholder ?? label ?? 'Text')
  }
  return <PlainEditable {...props} optional={false} />
}

const previewApi: EditingApi = {
  Editable: PreviewEditable,
  BlockFrame: ({ className, children }) => <div className={className}>{children}</div>,
  BlockListChrome: ({ children, count }) =>
    count ? <>{children}</> : <div className="min-h-40 rounded border-4 border-dashed border-neutral-300" />,
}

/** A view that fails with its defaults shows the plain tile instead of breaking the picker. */
class Fallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/** The props a thumbnail draws: the defaults, with the declaration's sample content over them. */
function thumbnailProps(type: BlockType): object {
  const { defaults, schema } = registry[type]
  const sample = blockModules[type].picker.sample
  if (!sample) return defaults
  const parsed = schema.safeParse({ ...defaults, ...sample })
  return parsed.success ? parsed.data : defaults
}

const bar = 'rounded-sm bg-neutral-300'
const picture = 'rounded-sm bg-neutral-200'
const field = 'h-5 rounded-sm bg-white ring-1 ring-neutral-300'
const button = 'h-5 w-14 rounded-sm bg-red/70'

/** A still drawing of a live block: what it looks like on the page, with nothing running in it. */
function Sketch({ kind }: { kind: BlockSketch }) {
  switch (kind) {
    case 'results':
      return (
        <div className="flex h-full flex-col gap-2 p-2">
          <div className="flex gap-1.5">
            {[0, 1, 2].map((i) => (
              <span key={i} className="h-4 w-12 rounded-full bg-neutral-200 ring-1 ring-neutral-300" />
            ))}
            <span className={`ml-auto ${button}`} />
          </div>
          <div className="grid flex-1 grid-cols-3 gap-1.5">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <span key={i} className="flex flex-col gap-1">
                <span className={`flex-1 ${picture}`} />
                <span className={`h-1.5 w-4/5 ${bar}`} />
              </span>
            ))}
          </div>
        </div>
      )
    case 'booking':
      return (
        <div className="flex h-full flex-col justify-center gap-2 bg-[#fbe9ea] p-3">
          <span className={`h-2.5 w-1/2 ${bar}`} />
          <div className="flex items-center gap-1.5 rounded-sm bg-white p-2">
            <span className={`flex-1 ${field}`} />
            <span className={`flex-1 ${field}`} />
            <span className={`w-10 ${field}`} />
            <span className={button} />
          </div>
        </div>
      )
    case 'form':
      return (
        <div className="flex h-full flex-col gap-1.5 p-3">
          <span className={`h-2.5 w-1/2 ${bar}`} />
          {[0, 1, 2].map((i) => (
            <span key={i} className="flex flex-col gap-1">
              <span className={`h-1.5 w-1/4 ${bar}`} />
              <span className={field} />
            </span>
          ))}
          <span className={`mt-auto ${button}`} />
        </div>
      )
    case 'map':
      return (
        <div className="relative h-full bg-[#efe6d6]">
          <span className="absolute top-3 left-3 h-2.5 w-1/3 rounded-sm bg-neutral-400" />
          {[
            [30, 45],
            [55, 60],
            [70, 35],
            [42, 75],
          ].map(([left, top]) => (
            <span
              key={`${left}-${top}`}
              className="absolute h-3 w-3 rounded-full bg-red/70 ring-2 ring-white"
              style={{ left: `${left}%`, top: `${top}%` }}
            />
          ))}
        </div>
      )
    case 'slider':
      return (
        <div className="flex h-full gap-2 p-2">
          <span className={`w-1/2 ${picture}`} />
          <span className="flex flex-1 flex-col gap-1.5 py-2">
            <span className="text-[10px] font-semibold text-neutral-500">01 02 03</span>
            <span className={`h-2.5 w-4/5 ${bar}`} />
            <span className={`h-1.5 w-full ${bar}`} />
            <span className={`h-1.5 w-3/4 ${bar}`} />
            <span className={`mt-auto ${button}`} />
          </span>
        </div>
      )
  }
}

export function BlockThumbnail({ type }: { type: string }) {
  const sketch = isBlockType(type) ? blockModules[type].picker.sketch : undefined
  // The view is its own type's, so its defaults (and sample) are its props.
  const View = isBlockType(type) && !sketch ? (registry[type].View as ComponentType<object>) : null
  const block: object | null = View && isBlockType(type) ? thumbnailProps(type) : null
  return (
    <div
      className="relative h-[112px] w-full overflow-hidden rounded bg-white ring-1 ring-neutral-200"
      aria-hidden="true"
      inert
      data-thumbnail={type}
      data-sketch={sketch}
    >
      {sketch ? <Sketch kind={sketch} /> : null}
      {View && block ? (
        <div
          className="pointer-events-none absolute top-0 left-0 origin-top-left"
          style={{ width: PAGE_WIDTH, transform: `scale(${SCALE})` }}
        >
          <Fallback>
            <EditingContext.Provider value={previewApi}>
              <BlockPathContext.Provider value={['__preview__']}>{createElement(View, block)}</BlockPathContext.Provider>
            </EditingContext.Provider>
          </Fallback>
        </div>
      ) : null}
    </div>
  )
}
