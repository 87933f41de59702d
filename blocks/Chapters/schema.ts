import { z } from 'zod'
import { linkTypes } from '#lib/content'
import { chapterTexts } from '#lib/texts'
import { translatable } from '#lib/translatable'
import { blockObject, image, text } from '../fields'
import { nestedBlocks } from '../SplitContent/nested'

/** Spec 02 §3.4 'Chapter item': heading, subheading, media, downloadLink, nested contents ('Read More'). */
export const chapterItemSchema = z.object({
  _key: z.string().max(60).optional(),
  heading: text(200),
  subheading: text(1000),
  media: image(),
  downloadLink: z
    .object({
      type: z.enum(linkTypes).default('external'),
      href: z.string().max(2000).default(''),
      text: translatable(z.string().max(200)).default(chapterTexts.downloadChapter),
    })
    .default({ type: 'external', href: '', text: chapterTexts.downloadChapter }),
  contents: nestedBlocks('split'),
})

export const schema = blockObject('Chapters', {
  title: text(200),
  items: z.array(chapterItemSchema).max(20).default([]),
})
export type Props = z.output<typeof schema>
export type ChapterItem = z.output<typeof chapterItemSchema>
