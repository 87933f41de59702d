import { z } from 'zod'
import { blockObject } from '../fields'
import { nestedBlocks } from './nested'
import { SPLIT_GAP_MAX, SPLIT_PIXEL_GAP_MAX, SPLIT_WIDTH_MAX } from './split'

/** Spec 02 §3.5 and §5: left, right, width 0-10, gap 0-5 (pixel scale 1-6), usePixelGap, reverse, matchHeight. */
export const splitShape = {
  left: nestedBlocks('split'),
  right: nestedBlocks('split'),
  width: z.number().int().min(0).max(SPLIT_WIDTH_MAX).default(6),
  gap: z.number().int().min(0).max(SPLIT_PIXEL_GAP_MAX).default(0),
  usePixelGap: z.boolean().default(false),
  reverse: z.object({ desktop: z.boolean().default(false), mobile: z.boolean().default(false) }).default({ desktop: false, mobile: false }),
  matchHeight: z.boolean().default(false),
}

/** The gap is 0-5 twelfths; only the pixel scale goes up to 6. */
export const checkGap = (block: { gap: number; usePixelGap: boolean }, ctx: z.RefinementCtx) => {
  if (!block.usePixelGap && block.gap > SPLIT_GAP_MAX) {
    ctx.addIssue({
      code: 'too_big',
      maximum: SPLIT_GAP_MAX,
      origin: 'number',
      inclusive: true,
      input: block.gap,
      path: ['gap'],
      message: `Too big: expected gap to be at most ${SPLIT_GAP_MAX}`,
    })
  }
}

export const schema = blockObject('SplitContent', splitShape).superRefine(checkGap)
export type Props = z.output<typeof schema>
