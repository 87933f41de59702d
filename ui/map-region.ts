/**
 * The map's built-in background when no tile server is set (MAP_TILE_URL): the Barossa region's
 * outline and its towns, bundled so the map works offline (issue 19 point 2). The outline is a
 * simplified hand-drawn one (about 1 km accurate), enough to place listings in the region, not a
 * survey. Coordinates are [longitude, latitude] as in GeoJSON.
 */
export const REGION_NAME = 'Barossa'

export const REGION_OUTLINE: [number, number][] = [
  [138.88, -34.4],
  [138.97, -34.355],
  [139.06, -34.37],
  [139.14, -34.4],
  [139.2, -34.47],
  [139.225, -34.56],
  [139.18, -34.66],
  [139.165, -34.76],
  [139.1, -34.83],
  [139.02, -34.82],
  [138.94, -34.765],
  [138.87, -34.71],
  [138.83, -34.64],
  [138.81, -34.57],
  [138.84, -34.49],
  [138.88, -34.4],
]

/** The North Para, the valley's river, from the hills to the plain (simplified). */
export const REGION_RIVER: [number, number][] = [
  [139.12, -34.43],
  [139.05, -34.455],
  [138.995, -34.475],
  [138.965, -34.52],
  [138.935, -34.565],
  [138.895, -34.6],
  [138.83, -34.625],
]

export const REGION_TOWNS: { name: string; lng: number; lat: number }[] = [
  { name: 'Tanunda', lat: -34.5236, lng: 138.9601 },
  { name: 'Nuriootpa', lat: -34.4697, lng: 138.9942 },
  { name: 'Angaston', lat: -34.5013, lng: 139.0455 },
  { name: 'Lyndoch', lat: -34.6011, lng: 138.8911 },
  { name: 'Williamstown', lat: -34.6697, lng: 138.8847 },
  { name: 'Greenock', lat: -34.4578, lng: 138.9303 },
  { name: 'Seppeltsfield', lat: -34.4866, lng: 138.9179 },
  { name: 'Eden Valley', lat: -34.6508, lng: 139.0964 },
  { name: 'Springton', lat: -34.7068, lng: 139.0879 },
  { name: 'Moculta', lat: -34.4648, lng: 139.1188 },
  { name: 'Stockwell', lat: -34.4381, lng: 139.0551 },
  { name: 'Mount Pleasant', lat: -34.7733, lng: 139.049 },
]
