/**
 * The 'Save Footer' panel. Empty in this issue; it will hold saving and publishing the footer ('Footer Saved', 'Footer Published').
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function SaveFooterPanel() {
  return null
}
