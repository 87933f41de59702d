/**
 * Alt+P (issue 31): from the editor menu, or anywhere, to the page's heading (its first field when
 * the heading is not one). A keyboard user otherwise tabs through the whole site header (about 40
 * stops) to reach it.
 */
export const PAGE_SHORTCUT = 'Alt+P'
export const PAGE_SHORTCUT_CODE = 'KeyP'

/** A field of the page an editor types in or opens, in reading order (the site header is not the page). */
const FIELD = [
  '#main [contenteditable]:not([contenteditable="false"])',
  '#main [data-editable][tabindex="0"]',
  '#main [data-editable-focus]',
].join(', ')

/** The page's heading if it is a field (the header's title), else its first field in reading order. */
const firstField = () => {
  const fields = Array.from(document.querySelectorAll<HTMLElement>(FIELD))
  return fields.find((field) => field.closest('h1')) ?? fields[0] ?? null
}

/**
 * Puts the focus on the page's heading or first field as soon as there is one (Select Component mounts them,
 * the first screen first); answers whether it did within `timeoutMs`.
 */
export function focusFirstField(timeoutMs = 5000): Promise<boolean> {
  const focus = (field: HTMLElement) => {
    field.focus({ preventScroll: true })
    field.scrollIntoView({ block: 'center' })
    return true
  }
  const now = firstField()
  if (now) return Promise.resolve(focus(now))
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const field = firstField()
      if (!field) return
      finish()
      resolve(focus(field))
    })
    const timer = window.setTimeout(() => {
      finish()
      resolve(false)
    }, timeoutMs)
    const finish = () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['contenteditable', 'tabindex'] })
  })
}
