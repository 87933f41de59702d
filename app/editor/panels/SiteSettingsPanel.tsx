/**
 * The 'Site Settings' panel. Empty in this issue; it will hold site settings: og, twitter, redirects, categories; Chapters and Concierge Form tabs (spec 01 §2.11–2.12).
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function SiteSettingsPanel() {
  return null
}
