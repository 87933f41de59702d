import { createElement, useRef, useState, type ComponentType } from 'react'
import type { EditableProps, Path } from '#ui/editing'
import { reloadAfterChunkError } from '~/document/chunk-reload'
import type { TiptapFieldProps } from './TiptapField.tsx'
import { useField } from './use-field.ts'
import { editorTexts } from '#lib/editor-texts'

let loading: Promise<ComponentType<TiptapFieldProps>> | null = null

/** Tiptap and ProseMirror, a third of the editor's code, in a chunk of their own: downloaded once, when first wanted. */
function loadTiptap(): Promise<ComponentType<TiptapFieldProps>> {
  loading ??= import('./TiptapField.tsx').then(
    (module) => module.TiptapField,
    (error: unknown) => {
      loading = null
      reloadAfterChunkError()
      throw error
    },
  )
  return loading
}

/** Characters of text before the caret in `el`, or null when the focus is elsewhere. */
function caretIn(el: HTMLElement): number | null {
  const selection = window.getSelection()
  if (document.activeElement !== el || !selection?.rangeCount) return null
  const range = selection.getRangeAt(0).cloneRange()
  range.selectNodeContents(el)
  range.setEnd(selection.focusNode ?? el, selection.focusOffset)
  return range.toString().length
}

/**
 * Holds the keys typed from now until the answer is called (or 5 s pass): between the moment the
 * field's text is handed to Tiptap and the moment Tiptap has the focus, a key would land in `field`,
 * about to go, or nowhere, and be lost. Keys meant for another element (a sidebar input clicked
 * meanwhile) go there. Answers the characters typed meanwhile.
 */
function holdKeys(field: HTMLElement): () => string {
  let held = ''
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
    const target = event.target
    const nowhere = target === document.body || target === document.documentElement
    if (!nowhere && !(target instanceof Node && field.contains(target))) return
    if (event.key.length === 1) held += event.key
    else if (event.key === 'Backspace' && held) held = held.slice(0, -1)
    else return
    event.preventDefault()
  }
  const stop = () => {
    window.clearTimeout(timer)
    document.removeEventListener('keydown', onKeyDown, true)
  }
  document.addEventListener('keydown', onKeyDown, true)
  const timer = window.setTimeout(stop, 5000)
  return () => {
    stop()
    const taken = held
    held = ''
    return taken
  }
}

/**
 * Rich text edited in place (spec 01 §2.9 'richText'). Until a field is first focused it is its
 * HTML in an editable element: a page of 150 blocks no longer starts dozens of Tiptap editors when
 * Select Component is chosen, and a first edit elsewhere never downloads Tiptap (issue 32). Focus
 * loads Tiptap (hovering starts the download); it then takes the field over with what was typed
 * meanwhile and the caret where it was (TiptapField).
 */
export function RichTextEditable(props: EditableProps & { absolutePath: Path }) {
  const { as = 'div', className, elementProps, label, placeholder } = props
  const { value, active, select, untranslated, marker } = useField(props)
  const name = label ?? placeholder ?? editorTexts.blocks.placeholder
  const html = typeof value === 'string' ? value : ''
  const [Tiptap, setTiptap] = useState<ComponentType<TiptapFieldProps> | null>(null)
  const [takeOver, setTakeOver] = useState<{ html: string; caret: number | null; typedMeanwhile: () => string } | null>(null)
  const plain = useRef<HTMLDivElement>(null)
  const typed = useRef(false)

  if (Tiptap && takeOver)
    return <Tiptap {...props} initialHtml={takeOver.html} caret={takeOver.caret} typedMeanwhile={takeOver.typedMeanwhile} />

  // After the focus's own click has placed the caret (the next task), with Tiptap loaded.
  const start = () => {
    void loadTiptap().then((Component) =>
      window.setTimeout(() => {
        const el = plain.current
        const caret = el ? caretIn(el) : null
        setTakeOver({
          html: el && typed.current ? el.innerHTML : html,
          caret,
          typedMeanwhile: el && caret !== null ? holdKeys(el) : () => '',
        })
        setTiptap(() => Component)
      }),
    )
  }
  return createElement(
    typeof as === 'string' ? as : 'div',
    {
      ...elementProps,
      ...marker,
      className,
      'data-editable': 'richText',
      'data-active': active || undefined,
      'data-empty': html ? undefined : '',
    },
    <div
      ref={plain}
      className="outline-none min-h-[1.5em]"
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-label={untranslated ? editorTexts.language.markerName(name) : name}
      data-placeholder={placeholder ?? editorTexts.blocks.placeholder}
      // The stored HTML, as the view would show it; what is typed before Tiptap arrives stays in it.
      dangerouslySetInnerHTML={{ __html: html }}
      onPointerEnter={() => void loadTiptap().catch(() => undefined)}
      onInput={() => (typed.current = true)}
      onFocus={() => {
        select(false)
        start()
      }}
    />,
  )
}
