import { useId, useRef, useState } from 'react'
import { texts } from '#lib/texts'
import { messageOf, uploadImage } from '../api.ts'
import { chrome } from '../surfaces/classes.ts'
import { toastError } from '../toast.ts'
import { buttonClass } from './fields.tsx'

const t = texts.editor.imageField

/**
 * An image chosen by id: a preview, the id itself (to paste one), and an upload button that stores
 * a new picture and fills in its id.
 */
export function ImageField({ label, value, onChange }: { label: string; value: string; onChange: (imageId: string) => void }) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  async function upload(file: File) {
    setUploading(true)
    try {
      const image = await uploadImage(file)
      onChange(image._id)
    } catch (err) {
      toastError(messageOf(err))
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <div>
      <label htmlFor={id} className={chrome.label}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-3">
        {value ? (
          <img src={`/img/${encodeURIComponent(value)}?w=96&h=54`} width={96} height={54} alt={t.preview} className="h-[54px] w-[96px] shrink-0 rounded object-cover ring-1 ring-neutral-200" />
        ) : (
          <span className="flex h-[54px] w-[96px] shrink-0 items-center justify-center rounded bg-neutral-100 text-xs text-neutral-700">{t.none}</span>
        )}
        <input id={id} type="text" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} className={`${chrome.input} ${chrome.focus} min-w-0 flex-1`} />
        <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} disabled={uploading} aria-busy={uploading} onClick={() => fileInput.current?.click()}>
          {uploading ? t.uploading : t.upload}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void upload(file)
          }}
        />
      </div>
    </div>
  )
}
