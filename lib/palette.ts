/**
 * The spec's background palette (spec 01 §9): label, colour and the font colour that keeps AA
 * contrast on it. Blocks store the key; views turn it into classes.
 */
export interface Swatch {
  key: string
  label: string
  value: string
  font: 'black' | 'white'
  className: string
}

export const palette: Swatch[] = [
  { key: 'softPink', label: 'Soft Pink', value: '#FCF9F9', font: 'black', className: 'bg-soft-pink text-ink' },
  { key: 'redLighter', label: 'Red Lighter', value: '#E52F2F', font: 'black', className: 'bg-red-lighter text-black' },
  { key: 'red', label: 'Red', value: '#981A31', font: 'white', className: 'bg-red text-white' },
  { key: 'redDarker', label: 'Red Darker', value: '#761218', font: 'white', className: 'bg-red-darker text-white' },
  { key: 'redDarkest', label: 'Red Darkest', value: '#4A131F', font: 'white', className: 'bg-red-darkest text-white' },
  { key: 'white', label: 'White', value: '#FFFFFF', font: 'black', className: 'bg-white text-ink' },
  { key: 'black', label: 'Black', value: '#000000', font: 'white', className: 'bg-black text-white' },
  { key: 'grey', label: 'Grey', value: '#efefef', font: 'black', className: 'bg-grey text-ink' },
  { key: 'lightGrey', label: 'Light Grey', value: '#FCF9F9', font: 'black', className: 'bg-soft-pink text-ink' },
  { key: 'transparent', label: 'Transparent', value: 'transparent', font: 'black', className: 'bg-transparent' },
]

/** Older documents name the generic page default 'backgroundLightYellow'; it shows as Soft Pink. */
const aliases: Record<string, string> = { backgroundLightYellow: 'softPink' }

export function swatch(key: string | undefined | null, fallback = 'transparent'): Swatch {
  const wanted = key ? (aliases[key] ?? key) : fallback
  return palette.find((s) => s.key === wanted) ?? palette.find((s) => s.key === fallback) ?? palette[palette.length - 1]!
}
