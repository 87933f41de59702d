import {
  createElement,
  memo,
  use,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
} from 'react'
import { useNavigate } from 'react-router'
import type { Spacing } from '#lib/content'
import { BlockPathContext, useAbsolutePath, useEditing, type ContainerId, type EditingApi, type Path } from '#ui/editing'
import { spacingClasses } from './spacing'
import { isBlockType, loadedView, loadViews } from './view-cache'
import { staticViewTypes } from './view-loaders.generated'
import { isDocumentHydrated } from '#ui/hooks/use-hydrated'
import { isPageAddress, splitLocalePath, type DomainLanguages } from '#lib/locales'
import { useLocale } from '#ui/locale'

export interface RenderableBlock {
  componentType: string
  _key?: string
  spacing?: Spacing
}

interface RenderBlocksProps {
  blocks: readonly RenderableBlock[]
  /** Absolute path of the list in the page (default ['contents']). */
  path?: Path
  /** Which block types the list allows when an editor adds one (spec 02 §2.8). */
  container?: ContainerId
}

/**
 * Renders a contents list, each block in a frame carrying its spacing. A block whose type is not
 * in the library renders nothing: visitors never see a broken or unknown block. While an editor
 * edits the page, the editor's frame (selection, actions) and list chrome (add a block) wrap them.
 */
export function RenderBlocks({ blocks, path = ['contents'], container = 'contents' }: RenderBlocksProps) {
  const editing = useEditing()
  // Views arrive with the blocks that need them: wait (suspend) for any this browser lacks. A
  // visitor's static blocks (KeptBlock) fetch theirs themselves, only when they render it.
  const missing = blocks
    .map((block) => block.componentType)
    .filter((type) => isBlockType(type) && !loadedView(type) && (editing || !staticViewTypes.has(type)))
  if (missing.length) use(loadViews(missing))
  const staticTypes = editing ? [] : [...new Set(blocks.map((block) => block.componentType).filter((type) => staticViewTypes.has(type)))]
  // While edited, the list's blocks reach their frames through a store of the list's own, and the
  // list itself renders again only when its shape (the blocks' keys, its place) changes: a key typed
  // into one block re-renders that block, not the list, its drag and drop context and every frame
  // under it (issue 32: each render of dnd-kit's context gave every frame a new context value).
  const [store] = useState(createBlocksStore)
  // A change of contents alone: the frames whose block changed render it (before the paint).
  useLayoutEffect(() => {
    store.prime(blocks)
    store.notify()
  }, [store, blocks])
  const shape = `${path.join('\u0000')}\u0002${container}\u0002${blocks.map((block, index) => block._key ?? `#${index}`).join('\u0001')}`
  const editedList = useMemo(() => {
    if (!editing) return null
    // The frames rendered with this list read these blocks.
    store.prime(blocks)
    return (
      <editing.BlockListChrome path={path} container={container} count={blocks.length}>
        {blocks.map((block, index) => (
          <EditedBlock
            key={block._key ?? index}
            store={store}
            listPath={path}
            index={index}
            count={blocks.length}
            container={container}
            editing={editing}
          />
        ))}
      </editing.BlockListChrome>
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list by its shape; its blocks' contents come through the store
  }, [shape, editing, store])
  if (editedList) return editedList
  const rendered = blocks.map((block, index) => {
    const key = block._key ?? index
    const blockPath = [...path, index]
    const className = spacingClasses(block.spacing)
    if (staticViewTypes.has(block.componentType)) {
      return (
        <BlockPathContext.Provider key={key} value={blockPath}>
          <KeptBlock block={block} className={className} listTypes={staticTypes} />
        </BlockPathContext.Provider>
      )
    }
    // The view is chosen by the block's own type, so the props always match it.
    const View = loadedView(block.componentType) as ComponentType<RenderableBlock> | undefined
    if (!View) return null
    return (
      <BlockPathContext.Provider key={key} value={blockPath}>
        <div className={className} data-block={block.componentType}>
          {createElement(View, block)}
        </div>
      </BlockPathContext.Provider>
    )
  })
  return <>{rendered}</>
}

/** The current blocks of an edited list, for its frames (RenderBlocks). */
interface BlocksStore {
  get(): readonly RenderableBlock[]
  /** Takes the list's blocks as they are in this render, telling no one yet. */
  prime(blocks: readonly RenderableBlock[]): void
  /** Tells the frames the list's blocks may have changed: each one whose block did renders it. */
  notify(): void
  subscribe(listener: () => void): () => void
}

function createBlocksStore(): BlocksStore {
  let current: readonly RenderableBlock[] = []
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    prime(blocks) {
      current = blocks
    },
    notify() {
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

interface EditedBlockProps {
  store: BlocksStore
  listPath: Path
  index: number
  count: number
  container: ContainerId
  editing: EditingApi
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((segment, i) => segment === b[i])

/**
 * A block of a page being edited, in the editor's frame. It renders again only when its block (read
 * from its list's store), its place or its list's length changed: the editor changes a page by
 * copying the path to what changed and sharing the rest, so a key typed into one block re-renders
 * that block alone, not all of a long page (issue 32).
 */
const EditedBlock = memo(
  function EditedBlock({ store, listPath, index, count, container, editing }: EditedBlockProps) {
    const read = () => store.get()[index]
    const block = useSyncExternalStore(store.subscribe, read, read)
    const pathKey = listPath.join('\u0000')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list's path by value, not by identity
    const blockPath = useMemo(() => [...listPath, index], [pathKey, index])
    // The view is chosen by the block's own type, so the props always match it.
    const View = block && (loadedView(block.componentType) as ComponentType<RenderableBlock> | undefined)
    if (!block || !View) return null
    return (
      <BlockPathContext.Provider value={blockPath}>
        <editing.BlockFrame
          path={blockPath}
          componentType={block.componentType}
          container={container}
          index={index}
          count={count}
          className={spacingClasses(block.spacing)}
        >
          {createElement(View, block)}
        </editing.BlockFrame>
      </BlockPathContext.Provider>
    )
  },
  (before, after) =>
    before.store === after.store &&
    before.index === after.index &&
    before.count === after.count &&
    before.container === after.container &&
    before.editing === after.editing &&
    samePath(before.listPath, after.listPath),
)

/** A block list inside a block (SplitContent's sides...): `path` is relative to that block. */
export function BlockList({
  blocks,
  path,
  container,
}: {
  blocks: readonly RenderableBlock[]
  path: string | Path
  container: ContainerId
}) {
  const absolute = useAbsolutePath(path)
  return <RenderBlocks blocks={blocks} path={absolute} container={container} />
}

/** True in the browser until React has hydrated the server's page. */
const isHydrating = () => typeof document !== 'undefined' && !isDocumentHydrated()

/**
 * A static block (declared `staticView`) of the page the browser hydrated: its server markup is
 * kept as it is, so the visitor's first page neither fetches its view nor spends the phone's main
 * thread hydrating it (issue 16). React leaves an element's children alone when it is given
 * `dangerouslySetInnerHTML`; the same empty value on later renders changes nothing. The kept markup
 * stays as long as the block does; a changed block (another page's at the same place after a
 * navigation, a revalidated page that differs) renders its view from then on, fetched then. Its
 * links, plain anchors in the kept markup, still navigate inside the app. (Not useHydrated: that
 * re-renders every kept block once hydration is done, on the phone's busiest moment.)
 */
function KeptBlock({ block, className, listTypes }: { block: RenderableBlock; className: string; listTypes: string[] }) {
  const navigate = useNavigate()
  const { languages } = useLocale()
  // The block as hydrated, while its server markup is kept; null once it renders its view, which
  // it then always does (state set while rendering: React's pattern for what earlier renders decide).
  const [keptJson, setKeptJson] = useState(() => (isHydrating() ? JSON.stringify(block) : null))
  const keeps = keptJson !== null && JSON.stringify(block) === keptJson
  if (keptJson !== null && !keeps) setKeptJson(null)
  if (!keeps) {
    const View = loadedView(block.componentType) as ComponentType<RenderableBlock> | undefined
    // The list's other static views too, in one batch: after a navigation they all render theirs.
    if (!View) use(loadViews(listTypes))
    return (
      <div className={className} data-block={block.componentType}>
        {View ? createElement(View, block) : null}
      </div>
    )
  }
  return (
    <div
      className={className}
      data-block={block.componentType}
      onClick={(event) => followInAppLink(event, (to) => navigate(to), languages)}
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  )
}

/** A plain click on a link to a page of this site navigates inside the app, as a <Link> would. */
function followInAppLink(event: MouseEvent<HTMLDivElement>, navigate: (to: string) => void | Promise<void>, languages: DomainLanguages) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const anchor = (event.target as Element).closest('a')
  if (!anchor || !event.currentTarget.contains(anchor)) return
  if (anchor.target && anchor.target !== '_self') return
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return
  const href = anchor.getAttribute('href') ?? ''
  // Same-page anchors scroll (CSS smooth scrolling); only page links become app navigations.
  if (!href.startsWith('/') || href.startsWith('//')) return
  // Files, pictures and the like are no pages of the app; another language is another basename.
  if (!isPageAddress(anchor.pathname)) return
  const target = splitLocalePath(anchor.pathname, languages)
  if (target.locale !== splitLocalePath(window.location.pathname, languages).locale) return
  event.preventDefault()
  // The markup's addresses carry the page's language prefix, which the router adds itself (its basename).
  void navigate(target.path + anchor.search + anchor.hash)
}
