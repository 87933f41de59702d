/**
 * The 'Config Settings' panel. Empty in this issue; it will hold domains: save, publish, swap active domain (spec 01 §4).
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function ConfigSettingsPanel() {
  return null
}
