/**
 * The editor's page highlights (spec 01 §4): hover blue, active component green, active content
 * orange, red while Remove is hovered; in a further language a text without a translation dashed
 * amber with a "Not translated" label (decision 028). Outlines only, so the page's layout never moves. Shipped in
 * the editor chunk as a <style> element, never in the visitor's CSS. A component editable (a
 * picture) is a `display: contents` wrapper, which draws no outline: its first child (or that
 * child's children, a <picture>'s img) is outlined instead, also while its focus button has the focus.
 *
 * No `html:has(...)` here: Chromium restyled the whole document (~7,600 elements, a quarter of a
 * second with the CPU slowed 4x) on every hover or focus change under such a rule, so an undo or a
 * drop on a page of 150 blocks took that two or three times over (issue 32). A drag marks <html>
 * itself (BlockListChrome).
 */
export const editorCss = `
[data-editor-frame]{position:relative;outline:2px solid transparent;outline-offset:-2px;cursor:pointer;transition:outline-color .12s}
[data-editor-frame]:hover:not(:has([data-editor-frame]:hover)){outline-color:#2563eb}
[data-editor-frame]:focus-visible{outline:3px solid #2563eb}
[data-editor-frame][data-selected]{outline-color:#16a34a}
[data-editor-frame][data-selected]:focus-visible{outline:3px solid #16a34a}
[data-editor-frame][data-danger],[data-editor-frame][data-danger]:hover{outline-color:#dc2626 !important}
[data-editor-frame] [data-editable]{cursor:text;outline:1px dashed transparent;outline-offset:2px}
[data-editor-frame] [data-editable]:hover{outline-color:#2563eb}
[data-editable][data-untranslated]{outline:2px dashed #b45309;outline-offset:2px}
[data-editable][data-untranslated]::after{content:attr(data-untranslated);display:inline-block;margin-inline-start:.5em;padding:2px 6px;border:1px solid #92400e;border-radius:4px;background:#fffbeb;color:#78350f;font:600 11px/1.2 system-ui,sans-serif;font-style:normal;letter-spacing:0;text-transform:none;vertical-align:middle;white-space:nowrap;pointer-events:none}
[data-editable][data-active],[data-editable][data-active]:hover{outline:2px solid #ea580c;outline-offset:2px}
[data-editable]:focus-visible{outline:2px solid #ea580c;outline-offset:2px}
[data-editor-frame] [data-editable].contents:hover>:first-child,[data-editor-frame] [data-editable].contents:hover>.contents:first-child>*{outline:1px dashed #2563eb;outline-offset:2px}
[data-editable].contents[data-active]>:first-child,[data-editable].contents[data-active]>.contents:first-child>*,[data-editable].contents:has(>[data-editable-focus]:focus-visible)>:first-child,[data-editable].contents:has(>[data-editable-focus]:focus-visible)>.contents:first-child>*{outline:2px solid #ea580c;outline-offset:2px}
[data-editable][data-empty]::before{content:attr(data-placeholder);opacity:.55;font-style:italic;pointer-events:none}
[data-editable="richText"][data-empty] .ProseMirror::before{content:attr(data-placeholder);opacity:.55;font-style:italic;pointer-events:none}
[data-editable="richText"][data-empty]::before{content:none}
[data-editable] .ProseMirror{outline:none}
.editor-frame-toolbar{position:absolute;top:4px;right:8px;z-index:900;display:flex;align-items:center;gap:6px;cursor:default}
.editor-frame-label{font:600 11px/1 system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;background:#15803d;color:#fff;padding:4px 6px;border-radius:4px}
.editor-gap{position:absolute;top:0;left:50%;z-index:850;transform:translate(-50%,-100%);opacity:0;pointer-events:none;transition:opacity .12s}
[data-editor-frame]:hover:not(:has([data-editor-frame]:hover))>.editor-gap,.editor-gap:focus-within,.editor-gap:has([data-state=open]){opacity:1;pointer-events:auto}
.editor-drag-handle{position:absolute;top:4px;left:8px;z-index:900;display:flex;align-items:center;justify-content:center;width:28px;height:32px;border-radius:4px;background:#fff;color:#262626;box-shadow:0 1px 3px rgba(0,0,0,.25);cursor:grab;touch-action:none;opacity:0}
[data-editor-frame]:hover:not(:has([data-editor-frame]:hover))>.editor-drag-handle,[data-editor-frame][data-selected]>.editor-drag-handle,.editor-drag-handle:focus-visible,[data-dragging]>.editor-drag-handle{opacity:1}
.editor-drag-handle:focus-visible{outline:3px solid #2563eb;outline-offset:1px}
[data-editor-frame][data-dragging]{opacity:.45}
html[data-editor-dragging]{scroll-behavior:auto}
html[data-editor-dragging] .editor-gap{opacity:0;pointer-events:none}
[data-editor-frame][data-drop-target]::before,.editor-drop-end[data-drop-target]::before{content:'';position:absolute;left:0;right:0;top:-3px;height:4px;border-radius:2px;background:#2563eb;box-shadow:0 0 0 2px #fff;z-index:960;pointer-events:none}
.editor-drop-end{position:relative;height:0}
.editor-drag-preview{display:inline-flex;align-items:center;gap:8px;width:max-content;max-width:320px;padding:8px 12px;border-radius:6px;background:#fff;color:#171717;box-shadow:0 8px 24px rgba(0,0,0,.25);outline:2px solid #2563eb;font:600 13px/1.2 system-ui,sans-serif;white-space:nowrap;cursor:grabbing}
.editor-add-row{display:flex;justify-content:center;padding:12px 0;margin:8px auto 0;max-width:1200px;border-top:1px dashed #a3a3a3}
`

/**
 * The editor menu floats on the left; the page moves aside by its width so the menu never covers
 * the start of a heading (issue 17): by the icons' width when collapsed, by the full menu's when
 * expanded. On phone-sized screens the expanded menu overlays the page (it starts collapsed there).
 *
 * The page's breakpoints mostly follow the window, not the narrower room beside the menu. The site
 * header, the widest row, lays itself out by its own width (container queries, SiteHeader.tsx):
 * at 1280 px it had laid out its desktop row for 1280 in 1,040 px and ran ~200 px past the
 * window's right edge, the document scrolled sideways (Firefox does, to bring a block into view)
 * and the blocks' left edge and drag handles slid under the expanded menu (issue 31). Whatever
 * else may still be too wide, the page's root clips sideways overflow (clip, unlike hidden, makes
 * no scroll container: the sticky header still sticks), so the document never scrolls sideways.
 */
export const MENU_OFFSET_PX = { collapsed: 64, expanded: 240 } as const
const clipSideways = 'body>div:has(main){overflow-x:clip}'
export const pageOffsetCss = (collapsed: boolean) =>
  collapsed
    ? `body{padding-left:${MENU_OFFSET_PX.collapsed}px}${clipSideways}`
    : `body{padding-left:${MENU_OFFSET_PX.collapsed}px}@media (min-width:768px){body{padding-left:${MENU_OFFSET_PX.expanded}px}}${clipSideways}`
