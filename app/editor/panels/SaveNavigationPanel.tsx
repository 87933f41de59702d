/**
 * The 'Save Navigation' panel. Empty in this issue; it will hold saving and publishing the navigation ('Nav Saved', 'Nav Published').
 * Its heading comes from the surface that shows it (see ./registry.ts).
 */
export default function SaveNavigationPanel() {
  return null
}
