import { Tabs } from 'radix-ui'
import { SelectInput } from '#ui/editor/fields.tsx'
import { RangeField } from '#ui/editor/RangeField.tsx'
import { ImageEditorPanel } from '../images/ImageEditorPanel.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { headerOverlayerSchema, OVERLAYER_WIDTH_MAX, OVERLAYER_WIDTH_MIN, overlayerPositions, type HeaderOverlayer } from './schema.ts'
import type { HeaderEditorProps } from './types.ts'
import { blockEditorTexts } from '#lib/editor-texts'

const t = blockEditorTexts.header

/**
 * 'Edit Overlayer' (spec 02 §2.9): a picture laid over the header (a wordmark, a framed photo):
 * Cropping and Gallery for the picture (freeform: it keeps its own shape), Position for where it
 * sits (start, center, end) and its width, 10 to 100 % (spec 02 §5).
 */
export function HeaderOverlayerEditor({ value, set }: HeaderEditorProps) {
  const overlayer = headerOverlayerSchema.safeParse(value ?? {}).data ?? headerOverlayerSchema.parse({})
  const update = (patch: Partial<HeaderOverlayer>) => set({ ...overlayer, ...patch } satisfies HeaderOverlayer)
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-neutral-900">{t.editOverlayer}</h3>
      <Tabs.Root defaultValue={overlayer.image.imageId ? 'position' : 'gallery'}>
        <Tabs.List aria-label={t.editOverlayer} className="mb-4 flex gap-1 border-b border-neutral-200">
          <Tabs.Trigger value="cropping" className={chrome.tab}>
            {t.tabs.cropping}
          </Tabs.Trigger>
          <Tabs.Trigger value="gallery" className={chrome.tab}>
            {t.tabs.gallery}
          </Tabs.Trigger>
          <Tabs.Trigger value="position" className={chrome.tab}>
            {t.tabs.position}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="cropping" className="outline-none">
          <ImageEditorPanel value={overlayer.image} onChange={(image) => update({ image })} freeform tabs={['cropping']} />
        </Tabs.Content>
        <Tabs.Content value="gallery" className="outline-none">
          <ImageEditorPanel
            value={overlayer.image}
            onChange={(image) => update({ image })}
            freeform
            tabs={['gallery', 'alt']}
            initialTab="gallery"
          />
        </Tabs.Content>
        <Tabs.Content value="position" className="flex flex-col gap-4 outline-none">
          <SelectInput
            label={t.position}
            value={overlayer.position}
            onChange={(e) => update({ position: e.target.value as HeaderOverlayer['position'] })}
            options={overlayerPositions.map((p) => ({ value: p, label: t.positions[p] }))}
          />
          <RangeField
            label={t.width}
            value={overlayer.width}
            min={OVERLAYER_WIDTH_MIN}
            max={OVERLAYER_WIDTH_MAX}
            onChange={(width) => update({ width })}
            describe={(v) => `${v} %`}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
