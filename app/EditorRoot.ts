/**
 * The editor's chunk entry (root.tsx loads it lazily): the editor (app/editor/EditorRoot.tsx) and
 * its stylesheet, so the editor's styles load only for editors, before the editor renders (Vite
 * loads a lazy chunk's CSS before running it). Named like the editor, so the chunk keeps its name
 * (EditorRoot-<hash>.js, which tests look for).
 */
import './editor.css'

export { default } from './editor/EditorRoot'
