/**
 * Alt+P (issue 31): from the editor menu, or anywhere, to the page's first field. A keyboard user
 * otherwise tabs through the whole site header (about 40 stops) to reach the page's heading.
 */
export const PAGE_SHORTCUT = 'Alt+P'
export const PAGE_SHORTCUT_CODE = 'KeyP'

/** A field of the page an editor types in or opens, in reading order (the site header is not the page). */
const FIELD = [
  '#main [contenteditable]:not([contenteditable="false"])',
  '#main [data-editable][tabindex="0"]',
  '#main [data-editable-focus]',
].join(', ')

const firstField = () => document.querySelector<HTMLElement>(FIELD)

/**
 * Puts the focus on the page's first field as soon as there is one (Select Component mounts them,
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
