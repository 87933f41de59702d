/**
 * The 'Publish Page' panel. Empty in this issue; it will hold publishing and unpublishing the page ('Page Published', 'Page Unpublished').
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function PublishPagePanel() {
  return null
}
