/**
 * What a visitor typed, ticked or chose before the page's scripts ran (they start after the first
 * screen, app/document/hydration-loader.ts) is handed to React once it has hydrated: the fields keep
 * what was typed (React leaves a field's value alone while hydrating), but their components never
 * heard of it. Each changed field gets the event React listens for, as if the change happened now.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** The value setter of the element's class, which bypasses React's tracking of the field's value. */
function nativeValueSetter(field: Field) {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set
}

function defaultOf(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const selected = [...field.options].find((option) => option.defaultSelected) ?? field.options[0]
    return selected?.value ?? ''
  }
  return field.defaultValue
}

export function replayEarlyInput(root: ParentNode = document) {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field.disabled) continue
    if (field instanceof HTMLInputElement && field.type === 'radio') {
      // Only the radio the visitor chose: putting the group's rendered choice back first would
      // uncheck theirs. Unchecked, then clicked, it reads to React as their choice.
      if (!field.checked || field.defaultChecked) continue
      field.checked = false
      field.click()
      continue
    }
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked === field.defaultChecked) continue
      // React hears ticks as clicks: back to the rendered state, then the visitor's click again.
      field.checked = field.defaultChecked
      field.click()
      continue
    }
    if (field instanceof HTMLInputElement && ['file', 'hidden', 'submit', 'button', 'reset', 'image'].includes(field.type)) continue
    const typed = field.value
    const rendered = defaultOf(field)
    if (typed === rendered) continue
    const setter = nativeValueSetter(field)
    if (!setter) continue
    // React's tracker learns the rendered value; the typed one is then put back underneath it, so
    // the event below reads as a change.
    field.value = rendered
    setter.call(field, typed)
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  }
}
