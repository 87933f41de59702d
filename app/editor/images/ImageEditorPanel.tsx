import { Tabs } from 'radix-ui'
import { Suspense, useState } from 'react'
import type { ImageRef } from '#lib/content'
import { imageUrl } from '#ui/image-url'
import { chrome } from '#ui/editor/classes.ts'
import { AltTab, altMissing } from './AltTab.tsx'
import { CropTab, type CropSizes } from './CropTab.tsx'
import { FocalTab } from './FocalTab.tsx'
import { lazyPart } from '../lazy.ts'
import type { LibraryImage } from './library.ts'
import { rememberSize, useSourceSize } from './use-source-size.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.imageEditor

/** The media library (issue 36) comes when the Gallery tab is first shown: it is most of this panel's code. */
const GalleryTab = lazyPart(() => import('./GalleryTab.tsx').then((m) => m.GalleryTab))

export type ImageEditorTab = 'gallery' | 'cropping' | 'focal' | 'alt'
export const IMAGE_EDITOR_TABS: readonly ImageEditorTab[] = ['gallery', 'cropping', 'focal', 'alt']

export interface ImageEditorPanelProps {
  value: ImageRef
  onChange(next: ImageRef): void
  /** Crop boxes per breakpoint, e.g. {desktop: {width: 1080, height: 600}, mobile: {width: 450, height: 250}}. */
  cropSizes?: Record<string, { width: number; height: number }>
  /** Free aspect (a freeform image): the editor picks the shape of the crop. */
  freeform?: boolean
  /** Which tabs to show (default all); the settings panels' ImageField shows only the Gallery. */
  tabs?: readonly ImageEditorTab[]
  /** The tab open first (default: Gallery without an image, else Cropping). */
  initialTab?: ImageEditorTab
}

/**
 * The image editor used by every image element and image field: Gallery (the media library: pick,
 * reuse, upload), Cropping (one crop per breakpoint, stored in source pixels as ui/Img expects),
 * Focal point and Alt text (required before publishing unless the picture is decorative).
 */
export function ImageEditorPanel({
  value,
  onChange,
  cropSizes,
  freeform = false,
  tabs = IMAGE_EDITOR_TABS,
  initialTab,
}: ImageEditorPanelProps) {
  const [tab, setTab] = useState<ImageEditorTab>(
    () => initialTab ?? (value.imageId || !tabs.includes('gallery') ? (tabs.includes('cropping') ? 'cropping' : tabs[0]!) : 'gallery'),
  )
  const { size, error } = useSourceSize(value.imageId)
  const sizes: CropSizes = cropSizes && Object.keys(cropSizes).length ? cropSizes : { desktop: size ?? { width: 1, height: 1 } }
  const isFreeform = freeform || !cropSizes || Object.keys(cropSizes).length === 0

  function pick(image: LibraryImage) {
    rememberSize(image._id, image)
    if (image._id === value.imageId) return
    // Crops and the focal point belong to the previous picture's pixels; the alt text may stay.
    // Explicit undefined (not missing keys), so callers that merge the value drop the old ones too.
    // The library's default alt text and focal point are reused when the picture is placed (the page may override them).
    onChange({
      ...value,
      imageId: image._id,
      alt: value.alt.trim() ? value.alt : image.alt,
      crop: undefined,
      focal: image.focal ?? undefined,
      v: image.version > 1 ? image.version : undefined,
    })
  }

  const needsImage = (content: React.ReactNode) =>
    !value.imageId ? (
      <p className="text-sm text-neutral-700">{t.noImage}</p>
    ) : error ? (
      <p role="alert" className={chrome.alert}>
        {error}
      </p>
    ) : !size ? (
      <p className="text-sm text-neutral-700">{t.loading}</p>
    ) : (
      content
    )

  return (
    <div className="space-y-3" data-testid="image-editor">
      {value.imageId ? (
        <div className="flex items-center gap-3">
          <img
            src={imageUrl(value.imageId, { w: 96, h: 54 })}
            width={96}
            height={54}
            alt={t.current}
            className="h-[54px] w-[96px] shrink-0 rounded object-cover ring-1 ring-neutral-200"
          />
          <p className="text-xs text-neutral-700">{size ? t.sourceSize(size.width, size.height) : null}</p>
        </div>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(next) => setTab(next as ImageEditorTab)}>
        {tabs.length > 1 ? (
          <Tabs.List aria-label={t.tabsLabel} className="mb-3 flex flex-wrap gap-1 border-b border-neutral-200">
            {tabs.map((id) => (
              <Tabs.Trigger key={id} value={id} className={chrome.tab}>
                {t.tabs[id]}
                {id === 'alt' && altMissing(value) ? (
                  <span className="ml-1 inline-block size-2 rounded-full bg-red" role="img" aria-label={t.altMissing} />
                ) : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        ) : null}
        {tabs.includes('gallery') ? (
          <Tabs.Content value="gallery" className="outline-none">
            <Suspense fallback={<p role="status">{editorTexts.loading}</p>}>
              <GalleryTab selectedId={value.imageId} onPick={pick} />
            </Suspense>
          </Tabs.Content>
        ) : null}
        {tabs.includes('cropping') ? (
          <Tabs.Content value="cropping" className="outline-none">
            {needsImage(size ? <CropTab value={value} onChange={onChange} source={size} cropSizes={sizes} freeform={isFreeform} /> : null)}
          </Tabs.Content>
        ) : null}
        {tabs.includes('focal') ? (
          <Tabs.Content value="focal" className="outline-none">
            {needsImage(size ? <FocalTab value={value} onChange={onChange} source={size} cropSizes={cropSizes} /> : null)}
          </Tabs.Content>
        ) : null}
        {tabs.includes('alt') ? (
          <Tabs.Content value="alt" className="outline-none">
            <AltTab value={value} onChange={onChange} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </div>
  )
}
