/**
 * The 'Create New Page' panel. Empty in this issue; it will hold the new-page form: template, title, slug (spec 01 §2.14).
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function CreatePagePanel() {
  return null
}
