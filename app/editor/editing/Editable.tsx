import { createElement, type KeyboardEvent, type MouseEvent } from 'react'
import type { EditableProps, Path } from '#ui/editing'
import { ImageIcon } from '../icons.tsx'
import { ContentEditable } from './ContentEditable.tsx'
import { DateEditable } from './DateEditable.tsx'
import { RichTextEditable } from './RichTextEditable.tsx'
import { useField } from './use-field.ts'
import { editorTexts } from '#lib/editor-texts'

/** The editor's implementation of <Editable>: each kind of spec 01 §2.9 edited in place or in the sidebar. */
export function Editable(props: EditableProps & { absolutePath: Path }) {
  switch (props.kind) {
    case 'content':
      return <ContentEditable {...props} />
    case 'richText':
      return <RichTextEditable {...props} />
    case 'date':
      return <DateEditable {...props} />
    default:
      return <SidebarEditable {...props} />
  }
}

const isOwnTarget = (event: MouseEvent | KeyboardEvent) => {
  const target = event.target as Element
  return target.closest('[data-editable]') === event.currentTarget
}

/**
 * Kinds edited in the sidebar (link, list, select, actions, anchor, image, freeform image): the
 * view's element, which opens its editor when clicked (or Enter/Space when focused). Clicks on an
 * editable nested inside (a card's title inside a list) are that one's.
 */
function SidebarEditable(props: EditableProps & { absolutePath: Path }) {
  const { as = 'div', className, elementProps, children, value: viewValue, label, kind } = props
  const { active, select, untranslated, marker } = useField(props)
  const ownName = editorTexts.blocks.edit(label ?? kind)
  const name = untranslated ? editorTexts.language.markerName(ownName) : ownName
  const handlers = {
    ...marker,
    'data-editable': kind,
    'data-active': active || undefined,
    onClick: (event: MouseEvent) => {
      if (!isOwnTarget(event)) return
      event.preventDefault()
      select(true)
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return
      event.preventDefault()
      select(true)
    },
  }
  /** A component's focus button: one key press selects the field (its click would select the block first). */
  const onFocusButtonKeyDown = (event: KeyboardEvent) => {
    const target = event.target as Element
    if (!target.hasAttribute('data-editable-focus') || !isOwnTarget(event) || (event.key !== 'Enter' && event.key !== ' ')) return
    event.preventDefault()
    select(true)
  }
  const text = typeof viewValue === 'string' || typeof viewValue === 'number' ? String(viewValue) : ''
  // An anchor is invisible to visitors: editors see its id.
  const content = kind === 'anchor' ? (text ? `#${text}` : null) : (children ?? (text || null))
  if (typeof as === 'string') {
    const empty = content === null || content === false
    return createElement(
      as,
      {
        ...elementProps,
        className,
        ...handlers,
        tabIndex: 0,
        title: name,
        'aria-label': empty ? name : undefined,
        'data-empty': empty ? '' : undefined,
        'data-placeholder': empty ? name : undefined,
      },
      content,
    )
  }
  // A component (a picture, a smart link) renders its own element, which the editor cannot give
  // attributes to. A `display: contents` wrapper keeps the layout (grid and flex placement) and
  // takes the clicks; it cannot take the focus (Chromium skips such elements when tabbing), so a
  // visually hidden button after the component does: Enter or Space on it opens the editor, and
  // the editor's styles outline the component while it has the focus.
  // A picture not chosen yet (a new Image block) is a visible prompt in the picture's box, not an
  // empty box: it is the focusable button, and choosing it opens the editor on the image library.
  if (kind === 'image' && !imageIdOf(elementProps)) {
    return createElement(
      'span',
      { ...handlers, className: 'contents', onKeyDown: onFocusButtonKeyDown },
      <ChooseImagePrompt className={className} aspect={aspectOf(elementProps)} label={label} />,
    )
  }
  return createElement(
    'span',
    { ...handlers, className: 'contents', onKeyDown: onFocusButtonKeyDown },
    createElement(as, { ...elementProps, className }, children),
    createElement('button', { type: 'button', className: 'sr-only', 'data-editable-focus': '' }, name),
  )
}

const imageIdOf = (elementProps: Record<string, unknown> | undefined): string => {
  const image = elementProps?.image
  if (!image || typeof image !== 'object' || !('imageId' in image)) return ''
  return typeof image.imageId === 'string' ? image.imageId : ''
}

/** The picture's box as width / height, when the view gives numbers (a freeform picture has 'auto'). */
const aspectOf = (elementProps: Record<string, unknown> | undefined): string | undefined => {
  const { width, height } = elementProps ?? {}
  return typeof width === 'number' && typeof height === 'number' ? `${width} / ${height}` : undefined
}

function ChooseImagePrompt({
  className,
  aspect,
  label,
}: {
  className: string | undefined
  aspect: string | undefined
  label: string | undefined
}) {
  const prompt = editorTexts.blocks.chooseImage
  return (
    <button
      type="button"
      data-editable-focus=""
      data-image-prompt=""
      // The block's own name (an Image, a card's picture) says which picture, for screen readers.
      aria-label={label && label !== 'Image' ? `${prompt}: ${label}` : prompt}
      className={`${className ?? ''} flex min-h-32 w-full flex-col items-center justify-center gap-2 border-2 border-dashed border-neutral-400 bg-neutral-50 p-4 font-sans text-base font-semibold text-neutral-800 hover:border-blue-600 hover:bg-blue-50 hover:text-blue-800`}
      style={aspect ? { aspectRatio: aspect } : undefined}
    >
      <ImageIcon width={32} height={32} />
      <span>{prompt}</span>
    </button>
  )
}
