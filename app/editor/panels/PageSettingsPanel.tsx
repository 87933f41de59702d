/**
 * The 'Page Settings' panel. Empty in this issue; it will hold the page's settings: slug, template, SEO, roles (spec 01 §3).
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function PageSettingsPanel() {
  return null
}
