/**
 * Background plus font colour, as the colour picker stores them (ui/editor/ColourPicker):
 * a palette key, and 'black', 'white' or '' (the palette's own font colour, which keeps AA contrast).
 */
import { swatch } from '#lib/palette'

export const fontColours = ['', 'black', 'white'] as const
export type FontColour = (typeof fontColours)[number]

export function colourScheme(background: string, font: string, fallback = 'transparent') {
  const colour = swatch(background, fallback)
  const text = font === 'black' || font === 'white' ? font : colour.font
  return {
    swatch: colour,
    light: text === 'white',
    /** The background class and a text colour class that wins over the swatch's own. */
    className: `${colour.className
      .split(' ')
      .filter((c) => !c.startsWith('text-'))
      .join(' ')} ${text === 'white' ? 'text-white' : 'text-ink'}`,
  }
}
