import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import type { Node as ProseMirrorNode } from '@tiptap/pm/model'
import StarterKit from '@tiptap/starter-kit'
import { createElement, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import type { EditableProps, Path } from '#ui/editing'
import { LinkIcon } from '../icons.tsx'
import { groupOf, useField } from './use-field.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.blocks.richText

export interface TiptapFieldProps extends EditableProps {
  absolutePath: Path
  /** What the field holds when Tiptap takes it over: the stored value, or what was typed meanwhile. */
  initialHtml: string
  /** Where the caret was, as a count of characters of text before it; null: the field had no focus. */
  caret: number | null
  /** The keys typed since `initialHtml` was read, typed in after the caret once Tiptap has the focus (called once). */
  typedMeanwhile?: () => string
}

/**
 * Rich text edited in place with Tiptap (spec 01 §2.9 'richText'), in a chunk of its own that
 * RichTextEditable loads when a rich-text field is first focused. Only what the server's sanitiser
 * keeps is offered (paragraphs, headings 2-4, bold, italic, links, lists, quotes); the editor's own
 * undo is off so Ctrl+Z goes through the page history like every other edit.
 */
export function TiptapField(props: TiptapFieldProps) {
  const { as = 'div', className, elementProps, label, placeholder, absolutePath, initialHtml, caret, typedMeanwhile } = props
  const { value, active, select, set, untranslated, marker } = useField(props)
  const name = label ?? placeholder ?? editorTexts.blocks.placeholder
  // Read by the attributes below on each update of the editor's view.
  const untranslatedRef = useRef(untranslated)
  useLayoutEffect(() => {
    untranslatedRef.current = untranslated
  }, [untranslated])
  const html = typeof value === 'string' ? value : ''
  const lastEmitted = useRef(html)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        undoRedo: false,
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        underline: false,
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
    ],
    content: initialHtml,
    // What was typed while Tiptap was downloading is the field's new value; the caret stays where it was.
    onCreate: ({ editor: e }) => {
      if (initialHtml !== html) {
        const next = e.isEmpty ? '' : e.getHTML()
        lastEmitted.current = next
        set(next, groupOf(absolutePath))
      }
      if (caret === null) {
        typedMeanwhile?.()
        return
      }
      // Focused now, not in the next frame as the focus command does: a key typed in that frame was lost.
      e.view.focus()
      e.commands.setTextSelection(positionOf(e.state.doc, caret))
      // As text, not HTML: a '<' typed is a '<'.
      const meanwhile = typedMeanwhile?.() ?? ''
      if (meanwhile) e.commands.insertContent({ type: 'text', text: meanwhile })
    },
    editorProps: {
      attributes: () => ({
        'aria-label': untranslatedRef.current ? editorTexts.language.markerName(name) : name,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-placeholder': placeholder ?? editorTexts.blocks.placeholder,
        class: 'outline-none min-h-[1.5em]',
      }),
    },
    onFocus: () => select(false),
    onUpdate: ({ editor: e }) => {
      const next = e.isEmpty ? '' : e.getHTML()
      lastEmitted.current = next
      set(next, groupOf(absolutePath))
    },
  })

  // A value changed elsewhere (undo, redo) replaces the editor's content.
  useEffect(() => {
    if (!editor || html === lastEmitted.current) return
    lastEmitted.current = html
    editor.commands.setContent(html, { emitUpdate: false })
  }, [editor, html])

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
    active && editor ? <RichTextToolbar editor={editor} /> : null,
    <EditorContent editor={editor} />,
  )
}

function RichTextToolbar({ editor }: { editor: Editor }) {
  const button = (name: string, isActive: boolean, run: () => void, text: ReactNode) => (
    <button
      key={name}
      type="button"
      aria-pressed={isActive}
      title={name}
      // Keep the text's focus and selection while clicking the toolbar.
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      className={`min-w-8 rounded px-2 py-1 text-xs font-semibold ${isActive ? 'bg-neutral-900 text-white' : 'text-neutral-800 hover:bg-neutral-100'}`}
    >
      {/* The name is the action ('Heading'); the short visible mark ('H2') is for the eye only. */}
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{name}</span>
    </button>
  )
  return (
    <div
      role="toolbar"
      aria-label={editorTexts.blocks.toolbar('Rich text')}
      data-editor-chrome=""
      className="not-prose sticky top-2 z-[900] mb-2 flex w-max flex-wrap gap-1 rounded-md bg-white p-1 font-sans shadow-lg ring-1 ring-black/10"
    >
      {button(t.bold, editor.isActive('bold'), () => editor.chain().focus().toggleBold().run(), 'B')}
      {button(t.italic, editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run(), 'I')}
      {button(t.h2, editor.isActive('heading', { level: 2 }), () => editor.chain().focus().toggleHeading({ level: 2 }).run(), 'H2')}
      {button(t.h3, editor.isActive('heading', { level: 3 }), () => editor.chain().focus().toggleHeading({ level: 3 }).run(), 'H3')}
      {button(t.bullets, editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run(), '•')}
      {button(t.numbers, editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run(), '1.')}
      {button(t.quote, editor.isActive('blockquote'), () => editor.chain().focus().toggleBlockquote().run(), '“')}
      {button(
        t.link,
        editor.isActive('link'),
        () => {
          const previous = (editor.getAttributes('link') as { href?: string }).href ?? ''
          const href = window.prompt(t.linkPrompt, previous)
          if (href === null) return
          if (!href) editor.chain().focus().extendMarkRange('link').unsetLink().run()
          else editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
        },
        <LinkIcon className="inline-block align-[-3px]" />,
      )}
    </div>
  )
}

/** The document position after `chars` characters of text (block boundaries count none, as in a DOM range's text). */
function positionOf(doc: ProseMirrorNode, chars: number): number {
  let left = chars
  let found: number | null = null
  doc.descendants((node, pos) => {
    if (found !== null) return false
    if (node.isText) {
      const length = node.text?.length ?? 0
      if (left <= length) found = pos + left
      else left -= length
    }
    return true
  })
  return found ?? doc.content.size
}
