/**
 * The 'Select Component' panel. Empty in this issue; it will hold the selected component's editor (spec 01 §2.6, §2.9–2.10).
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function SelectComponentPanel() {
  return null
}
