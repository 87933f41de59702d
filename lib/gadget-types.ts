/** Server-safe (no React): block schemas validate against these, and the gadgets read them. */

/**
 * Gadget type codes (BEHAVIOUR-NOTES): 524 accommodation (default), 534 tours, 548 events,
 * 552 car hire, 0 packages. Blocks store the code; gadgets receive the name as `type` and the code
 * as `typeId`.
 */
export const gadgetTypes = [
  { id: 524, name: 'accom', label: 'Accommodation' },
  { id: 534, name: 'tours', label: 'Tours' },
  { id: 548, name: 'events', label: 'Events' },
  { id: 552, name: 'carhire', label: 'Car hire' },
  { id: 0, name: 'packages', label: 'Packages' },
] as const

export const DEFAULT_GADGET_TYPE = 524

export function gadgetType(id: number | string | undefined) {
  const wanted = Number(id)
  return gadgetTypes.find((t) => t.id === wanted) ?? gadgetTypes[0]
}
