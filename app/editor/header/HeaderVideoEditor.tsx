import { Tabs } from 'radix-ui'
import { useState } from 'react'
import type { ImageRef } from '#lib/content'
import { TextInput } from '#ui/editor/fields.tsx'
import { ImageEditorPanel } from '../images/ImageEditorPanel.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { headerVideoSchema, type HeaderVideo } from './schema.ts'
import type { HeaderEditorProps } from './types.ts'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.header
const posterSizes = { desktop: { width: 1920, height: 1080 }, mobile: { width: 640, height: 1000 } }

/**
 * 'Edit Video' (spec 02 §2.9): tabs Cropping and Gallery for the poster (the picture shown before
 * and instead of the video), Video for the link, which must be an mp4 file (spec 02 §5). An
 * invalid link is shown with its error and not stored.
 */
export function HeaderVideoEditor({ value, set }: HeaderEditorProps) {
  const video = headerVideoSchema.safeParse(value ?? {}).data ?? { link: '' }
  const [link, setLink] = useState(video.link)
  const checked = headerVideoSchema.shape.link.safeParse(link)
  const error = checked.success ? undefined : checked.error.issues[0]?.message
  const poster: ImageRef = video.poster ?? { imageId: '', alt: '' }
  const setPoster = (next: ImageRef) => set({ ...video, poster: next } satisfies HeaderVideo)
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-neutral-900">{t.editVideo}</h3>
      <Tabs.Root defaultValue="video">
        <Tabs.List aria-label={t.editVideo} className="mb-4 flex gap-1 border-b border-neutral-200">
          <Tabs.Trigger value="cropping" className={chrome.tab}>
            {t.tabs.cropping}
          </Tabs.Trigger>
          <Tabs.Trigger value="gallery" className={chrome.tab}>
            {t.tabs.gallery}
          </Tabs.Trigger>
          <Tabs.Trigger value="video" className={chrome.tab}>
            {t.tabs.video}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="cropping" className="outline-none">
          <ImageEditorPanel value={poster} onChange={setPoster} cropSizes={posterSizes} tabs={['cropping']} />
        </Tabs.Content>
        <Tabs.Content value="gallery" className="outline-none">
          <ImageEditorPanel value={poster} onChange={setPoster} cropSizes={posterSizes} tabs={['gallery', 'alt']} initialTab="gallery" />
        </Tabs.Content>
        <Tabs.Content value="video" className="outline-none">
          <TextInput
            label={t.videoLink}
            type="url"
            spellCheck={false}
            value={link}
            error={error}
            onChange={(e) => {
              setLink(e.target.value)
              const next = headerVideoSchema.shape.link.safeParse(e.target.value)
              if (next.success) set({ ...video, link: next.data } satisfies HeaderVideo)
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
