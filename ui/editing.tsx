/**
 * The editing contract between block views (visitor bundle) and the in-page editor (lazy chunk).
 *
 * Views mark what an editor may change with <Editable kind=... path=...> and render nested block
 * lists with <BlockList>. For visitors (no EditingContext) both render exactly the plain markup,
 * so the visitor bundle carries only this small file. When an editor edits a page, the editor
 * chunk provides an EditingApi and its own components render the same elements with selection,
 * highlight, inline editing and the block actions (spec 01 §2.9, §2.10).
 *
 * Paths are absolute within the page document, e.g. ['contents', 2, 'items', 0, 'title'];
 * views write them relative to their block ('items.0.title' or ['items', 0, 'title']).
 */
import { createContext, createElement, useContext, type ComponentType, type ElementType, type ReactNode } from 'react'
import { localiseRichTextLinks } from '#lib/locales'
import { PageLocaleContext, type PageLocale } from './locale'

export type PathSegment = string | number
export type Path = readonly PathSegment[]

/** The editing directive kinds of spec 01 §2.9. */
export type EditKind =
  | 'content' // plain text, edited inline (contentEditable, plain text only)
  | 'richText' // HTML edited inline with Tiptap
  | 'date' // a DD/MM/YYYY date picker
  | 'image' // a cropped image: library, upload, crop per breakpoint, alt text
  | 'freeformImage' // an image at its own aspect ratio (no fixed crop box)
  | 'link' // {text, href, type}
  | 'list' // an array: add, remove, reorder items
  | 'select' // one of `options`
  | 'actions' // a call-to-action group (buttons) edited as a list of links
  | 'anchor' // an anchor id (used by anchor links)

/** The containers that hold block lists (spec 02 §2.8 "contents container"). */
export type ContainerId = 'contents' | 'split'

export interface SelectOption {
  value: string
  label: string
}

export interface EditableProps {
  kind: EditKind
  /** Where the value lives, relative to the current block (or absolute when outside any block). */
  path: string | Path
  /** The element to render (default 'div'). */
  as?: ElementType
  /** The current value, for kinds the editor edits in place (content, richText, date, select, anchor). */
  value?: unknown
  /** content: placeholder the editor shows while the value is empty. */
  placeholder?: string
  /** content/richText: render nothing for visitors when the value is empty. */
  optional?: boolean
  /** select: the choices. */
  options?: readonly SelectOption[]
  /** list: a new item's value (what the editor's 'add' inserts). */
  newItem?: unknown
  /** list: the most items allowed (e.g. Carousel 5). */
  max?: number
  /** image: the crop boxes per breakpoint, e.g. {desktop: {width: 1080, height: 600}, mobile: {...}}. */
  cropSizes?: Readonly<Record<string, { width: number; height: number }>>
  /** content: the text may hold line breaks (Enter adds one); by default only div/blockquote elements do. */
  multiline?: boolean
  /** The element's own switch (spec 01 §2.9 "editor-enabled"): false renders it plain for editors too. */
  editorEnabled?: boolean
  /** Short name shown by the editor (sidebar heading, aria-label). */
  label?: string
  className?: string
  /** Other attributes for the element (id, aria-*, style...). */
  elementProps?: Record<string, unknown>
  children?: ReactNode
}

export interface BlockFrameProps {
  /** Absolute path of the block, e.g. ['contents', 2]. */
  path: Path
  componentType: string
  container: ContainerId
  /** Position in its list and the list's length (for Up/Down). */
  index: number
  count: number
  className: string
  children: ReactNode
}

export interface BlockListChromeProps {
  /** Absolute path of the list, e.g. ['contents'] or ['contents', 4, 'left']. */
  path: Path
  container: ContainerId
  count: number
  children: ReactNode
}

/** What the editor chunk provides while a page is being edited. */
export interface EditingApi {
  Editable: ComponentType<EditableProps & { absolutePath: Path }>
  BlockFrame: ComponentType<BlockFrameProps>
  BlockListChrome: ComponentType<BlockListChromeProps>
  /**
   * Optional: a button that opens a named sidebar editor for a part of the page that is not a block
   * (the page header's 'headerVideo' and 'headerOverlayer', app/editor/header). Absent: no button.
   */
  SidebarButton?: ComponentType<SidebarButtonProps>
}

export const EditingContext = createContext<EditingApi | null>(null)

/** The absolute path of the block being rendered ([] outside blocks: the page itself). */
export const BlockPathContext = createContext<Path>([])

export function useEditing(): EditingApi | null {
  return useContext(EditingContext)
}

export function toPath(path: string | Path): PathSegment[] {
  if (typeof path !== 'string') return [...path]
  if (!path) return []
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

/** Resolves a view's relative path against the block it is in. */
export function useAbsolutePath(path: string | Path): Path {
  const base = useContext(BlockPathContext)
  return [...base, ...toPath(path)]
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/**
 * An editable element. Visitors get `<as className>{children ?? value}</as>`; `optional` renders
 * nothing when the value is empty. richText values are HTML that the server has sanitised.
 */
export function Editable(props: EditableProps) {
  const editing = useEditing()
  const absolutePath = useAbsolutePath(props.path)
  const pageLocale = useContext(PageLocaleContext)
  if (editing && props.editorEnabled !== false) return createElement(editing.Editable, { ...props, absolutePath })
  return plainEditable(props, pageLocale)
}

function plainEditable({ kind, as = 'div', value, optional, className, elementProps, children }: EditableProps, pageLocale?: PageLocale) {
  if (optional && isEmpty(value) && children === undefined) return null
  if (kind === 'richText' && children === undefined) {
    const html = typeof value === 'string' ? value : ''
    // Page links inside rich text lead to the page's language (/de/about), as router links do.
    const __html = pageLocale ? localiseRichTextLinks(html, pageLocale.locale, pageLocale.languages) : html
    return createElement(as, { ...elementProps, className, dangerouslySetInnerHTML: { __html } })
  }
  return createElement(as, { ...elementProps, className }, children ?? (isEmpty(value) ? null : String(value)))
}

/** Renders plain for everybody, for pieces of an editable view that must never be editable. */
export function PlainEditable(props: EditableProps) {
  return plainEditable(props, useContext(PageLocaleContext))
}

/** A button opening a named sidebar editor (see EditingApi.SidebarButton). */
export interface SidebarButtonProps {
  /** Which editor, e.g. 'headerVideo' (app/editor/header `headerEditors`). */
  editor: string
  /** Absolute path of the value it edits, e.g. ['header', 'video']. */
  path: Path
  /** The button's text, e.g. 'Edit Video'. */
  label: string
  className?: string
}

/** Renders the editor's sidebar button while a page is edited; nothing for visitors. */
export function SidebarEditorButton(props: Omit<SidebarButtonProps, 'path'> & { path: string | Path }) {
  const editing = useEditing()
  const absolutePath = useAbsolutePath(props.path)
  if (!editing?.SidebarButton) return null
  return createElement(editing.SidebarButton, { ...props, path: absolutePath })
}
