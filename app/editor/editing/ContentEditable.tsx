import { useLayoutEffect, useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react'
import type { EditableProps, Path } from '#ui/editing'
import { groupOf, useField } from './use-field.ts'
import { editorTexts } from '#lib/editor-texts'

/** Elements whose text is one line: Enter ends the edit instead of adding a line break. */
const multilineTags = new Set(['div', 'blockquote', 'section', 'article'])

/**
 * Plain text edited in place (spec 01 §2.9 'content'): a plaintext contentEditable on the view's own
 * element. Every input is committed (typing bursts coalesce into one undo step); a value changed
 * elsewhere (undo, the sidebar) is written back into the element.
 */
export function ContentEditable(props: EditableProps & { absolutePath: Path }) {
  const { as = 'div', className, elementProps, placeholder, label, absolutePath, multiline } = props
  const { value, active, select, set, untranslated, marker } = useField(props)
  const name = label ?? placeholder ?? editorTexts.blocks.placeholder
  const ref = useRef<HTMLDivElement>(null)
  const lastWritten = useRef<string | null>(null)
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
  const isMultiline = multiline ?? (typeof as === 'string' && multilineTags.has(as))

  useLayoutEffect(() => {
    const el = ref.current
    if (!el || lastWritten.current === text) return
    // A value changed elsewhere (the first render, undo, the sidebar) is written unless the element
    // holds it already, compared by textContent: innerText lays the page out, which on a long page
    // took seconds at Select Component (one layout per field) and most of an undo (issue 32).
    if (el.textContent !== text) el.textContent = text
    lastWritten.current = text
  }, [text])

  // The view's own element (h2, p, a...), typed as a div for the props it takes here.
  const Tag = (typeof as === 'string' ? as : 'div') as 'div'
  return (
    <Tag
      {...elementProps}
      ref={ref}
      className={className}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      role="textbox"
      aria-multiline={isMultiline || undefined}
      aria-label={untranslated ? editorTexts.language.markerName(name) : name}
      {...marker}
      data-editable="content"
      data-placeholder={placeholder ?? label ?? editorTexts.blocks.placeholder}
      data-active={active || undefined}
      data-empty={text ? undefined : ''}
      style={{ ...(elementProps?.style as object | undefined), ...(isMultiline ? { whiteSpace: 'pre-wrap' } : {}) }}
      spellCheck
      onFocus={() => select(false)}
      onInput={(event: FormEvent<HTMLDivElement>) => {
        const next = readText(event.currentTarget)
        lastWritten.current = next
        set(next, groupOf(absolutePath))
      }}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key === 'Enter' && !isMultiline) {
          event.preventDefault()
          event.currentTarget.blur()
        }
        if (event.key === 'Escape') event.currentTarget.blur()
      }}
      onPaste={(event: ClipboardEvent<HTMLDivElement>) => {
        if (isMultiline) return
        // One line stays one line.
        event.preventDefault()
        const pasted = event.clipboardData.getData('text/plain').replace(/\s*\n\s*/g, ' ')
        document.execCommand('insertText', false, pasted)
      }}
    />
  )
}

function readText(el: HTMLElement): string {
  // innerText keeps the line breaks a plaintext contentEditable inserts; a lone trailing newline is the caret's line.
  return el.innerText.replace(/\n$/, '')
}
