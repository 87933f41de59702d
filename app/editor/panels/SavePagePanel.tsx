/**
 * The 'Save Page' panel. Empty in this issue; it will hold saving the page draft (spec 01 §4, 'Page Saved').
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function SavePagePanel() {
  return null
}
