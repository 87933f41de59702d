import { z } from 'zod'
import { blockObject, image, text } from '../fields'
import { videoIdPattern } from '../Youtube/video-id'

/** Spec 02 §3.5: the video id under a named property (videoId); the poster is chosen by the editor. */
export const schema = blockObject('Vimeo', {
  videoId: z.string().trim().regex(videoIdPattern.vimeo, 'A Vimeo video id is a number').or(z.literal('')).default(''),
  title: text(200),
  poster: image(),
  caption: text(300),
})
export type Props = z.output<typeof schema>
