/**
 * A block's picture in the block picker (issue 17): its own View rendered with its type's defaults,
 * what an editor gets on inserting it (with the declaration's sample content where those are empty
 * texts), drawn at page width and scaled down. Rendered on first use
 * (when the picker opens), in the editor chunk only. The copy is inert and hidden from assistive
 * technology (the picker's text names the block), and it is drawn under a preview editing API:
 * empty texts show their placeholder, empty pictures a grey box, nested lists a dashed area, and
 * nothing in it reads or changes the page being edited.
 */
import { Component, createElement, type ComponentType, type ReactNode } from 'react'
import { BlockPathContext, EditingContext, PlainEditable, type EditableProps, type EditingApi } from '#ui/editing'
import { registry } from '#blocks/registry'
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

export function BlockThumbnail({ type }: { type: string }) {
  // The view is its own type's, so its defaults (and sample) are its props.
  const View = isBlockType(type) ? (registry[type].View as ComponentType<object>) : null
  const block: object | null = isBlockType(type) ? thumbnailProps(type) : null
  return (
    <div
      className="relative h-[128px] w-full overflow-hidden rounded bg-white ring-1 ring-neutral-200"
      aria-hidden="true"
      inert
      data-thumbnail={type}
    >
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
