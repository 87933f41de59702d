import { useId, useState } from 'react'
import { imageUrl } from '#ui/image-url'
import { ImageEditorPanel } from '../images/ImageEditorPanel.tsx'
import { Modal } from '../surfaces/Modal.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.imageField

/**
 * An image chosen from the media library (settings panels: logo, social images): a preview and a
 * button that opens the library, where an image is picked or uploaded. Stores the image id only.
 */
export function ImageField({ label, value, onChange }: { label: string; value: string; onChange: (imageId: string) => void }) {
  const labelId = useId()
  const [open, setOpen] = useState(false)
  return (
    <div role="group" aria-labelledby={labelId}>
      <span id={labelId} className={chrome.label}>
        {label}
      </span>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={imageUrl(value, { w: 96, h: 54 })}
            width={96}
            height={54}
            alt={t.preview}
            className="h-[54px] w-[96px] shrink-0 rounded object-cover ring-1 ring-neutral-200"
          />
        ) : (
          <span className="flex h-[54px] w-[96px] shrink-0 items-center justify-center rounded bg-neutral-100 text-xs text-neutral-700">
            {t.none}
          </span>
        )}
        <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={() => setOpen(true)}>
          {value ? t.change : t.choose}
        </button>
        {value ? (
          <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={() => onChange('')}>
            {t.remove}
          </button>
        ) : null}
      </div>
      <Modal open={open} onOpenChange={setOpen} title={`${t.dialogTitle}: ${label}`}>
        <ImageEditorPanel
          value={{ imageId: value, alt: '' }}
          tabs={['gallery']}
          onChange={(next) => {
            onChange(next.imageId)
            setOpen(false)
          }}
        />
      </Modal>
    </div>
  )
}
