import { useEffect, useId, useRef, useState } from 'react'
import { ApiError, messageOf } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { imageUrl } from '#ui/image-url'
import { editorTexts } from '#lib/editor-texts'
import {
  ACCEPTED_TYPES,
  deleteImage,
  imageInfo,
  replaceWithProgress,
  restoreImage,
  updateImage,
  type LibraryImage,
  type MediaFolder,
  type MediaUse,
  type ReplaceResult,
} from './library.ts'

const t = editorTexts.imageEditor.library

export interface FileDetailsProps {
  imageId: string
  folders: MediaFolder[]
  folderLabel: (folder: MediaFolder) => string
  onChanged: (image: LibraryImage | null) => void
  onClose: () => void
}

const usesOf = (err: unknown): MediaUse[] => {
  const details = err instanceof ApiError ? (err.details as { uses?: MediaUse[] } | undefined) : undefined
  return details?.uses ?? []
}

/**
 * One file of the library: the facts kept with it (default alt text, caption, credit, licence,
 * tags, folder), where it is used (each use a link there), replace in place, delete and restore.
 */
export function FileDetails({ imageId, folders, folderLabel, onChanged, onClose }: FileDetailsProps) {
  const headingId = useId()
  const idPrefix = useId()
  const replaceInput = useRef<HTMLInputElement>(null)
  const [image, setImage] = useState<(LibraryImage & { uses: MediaUse[] }) | null>(null)
  const [form, setForm] = useState({ alt: '', caption: '', credit: '', licence: '', tags: '', folderId: '' })
  const [status, setStatus] = useState<string | null>(null)
  const [error, setError] = useState<{ message: string; uses: MediaUse[] } | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [flagged, setFlagged] = useState<ReplaceResult['flagged']>([])

  function apply(info: LibraryImage & { uses: MediaUse[] }) {
    setImage(info)
    setForm({
      alt: info.alt,
      caption: info.caption,
      credit: info.credit,
      licence: info.licence,
      tags: info.tags.join(', '),
      folderId: info.folderId ?? '',
    })
  }
  const load = async () => apply(await imageInfo(imageId))

  useEffect(() => {
    // The parent keys this component by the file: another file starts with fresh state.
    const controller = new AbortController()
    imageInfo(imageId, controller.signal)
      .then(apply)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError({ message: messageOf(err), uses: [] })
      })
    return () => controller.abort()
  }, [imageId])

  async function run(action: () => Promise<string>) {
    setError(null)
    setStatus(null)
    try {
      setStatus(await action())
    } catch (err) {
      setError({ message: messageOf(err), uses: usesOf(err) })
    }
  }

  const save = () =>
    run(async () => {
      const saved = await updateImage(imageId, {
        alt: form.alt,
        caption: form.caption,
        credit: form.credit,
        licence: form.licence,
        tags: form.tags.split(','),
        folderId: form.folderId || null,
      })
      onChanged(saved)
      await load()
      return t.saved
    })

  const remove = () =>
    run(async () => {
      const { image: trashed } = await deleteImage(imageId)
      onChanged(trashed)
      await load()
      return t.deleted
    })

  const restore = () =>
    run(async () => {
      const restored = await restoreImage(imageId)
      onChanged(restored)
      await load()
      return t.restored
    })

  const replace = (file: File) =>
    run(async () => {
      setProgress(0)
      try {
        const result = await replaceWithProgress(imageId, file, setProgress)
        setFlagged(result.flagged)
        onChanged(result.image)
        await load()
        return t.replaced(result.changed)
      } finally {
        setProgress(null)
        if (replaceInput.current) replaceInput.current.value = ''
      }
    })

  const field = (key: 'alt' | 'caption' | 'credit' | 'licence' | 'tags', label: string, help?: string) => (
    <div>
      <label htmlFor={`${idPrefix}-${key}`} className={chrome.label}>
        {label}
      </label>
      <input
        id={`${idPrefix}-${key}`}
        value={form[key]}
        aria-describedby={help ? `${idPrefix}-${key}-help` : undefined}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
      />
      {help ? (
        <p id={`${idPrefix}-${key}-help`} className="mt-1 text-xs text-neutral-700">
          {help}
        </p>
      ) : null}
    </div>
  )

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md p-3 ring-1 ring-neutral-200" data-testid="file-details">
      <div className="flex items-start gap-3">
        {image ? (
          <img
            src={imageUrl(image._id, { w: 160, h: 120, v: image.version })}
            width={160}
            height={120}
            alt=""
            className="h-[90px] w-[120px] shrink-0 rounded bg-neutral-100 object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate text-sm font-semibold text-neutral-900">
            {image?.filename ?? '…'}
          </h3>
          {image ? (
            <p className="text-xs text-neutral-700">{t.fileFacts(image.width, image.height, Math.round(image.bytes / 1024))}</p>
          ) : null}
        </div>
        <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={onClose}>
          {t.close}
        </button>
      </div>

      <p role="status" className="text-xs text-neutral-800">
        {status}
      </p>
      {error ? (
        <div role="alert" className={chrome.alert}>
          <p>{error.message}</p>
          {error.uses.length ? (
            <ul className="mt-1 list-disc pl-5">
              {error.uses.map((use) => (
                <li key={`${use.kind}:${use.id}`}>
                  <a className={chrome.link} href={use.href}>
                    {t.useLine(use.title, use.places.join(', '), t.useWhere[use.where])}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {flagged.length ? (
        <ul className={`${chrome.alert} list-disc pl-8`} aria-label={t.replace}>
          {flagged.map((f) => (
            <li key={`${f.id}/${f.place}/${f.cropKey}`}>
              <a className={chrome.link} href={f.href}>
                {t.cropFlagged(f.title, f.place)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {image && !image.trashedAt ? (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            {field('alt', t.alt, t.altHelp)}
            {field('caption', t.caption)}
            {field('credit', t.credit)}
            {field('licence', t.licence)}
            {field('tags', t.tags)}
            <div>
              <label htmlFor={`${idPrefix}-folder`} className={chrome.label}>
                {t.folder}
              </label>
              <select
                id={`${idPrefix}-folder`}
                value={form.folderId}
                onChange={(e) => setForm((f) => ({ ...f, folderId: e.target.value }))}
                className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
              >
                <option value="">{t.noFolder}</option>
                {folders.map((folder) => (
                  <option key={folder._id} value={folder._id}>
                    {folderLabel(folder)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={`${buttonClass.primary} ${buttonClass.small}`} onClick={() => void save()}>
              {t.save}
            </button>
            <button
              type="button"
              className={`${buttonClass.secondary} ${buttonClass.small}`}
              aria-describedby={`${idPrefix}-replace-help`}
              disabled={progress !== null}
              onClick={() => replaceInput.current?.click()}
            >
              {t.replace}
            </button>
            <button type="button" className={`${buttonClass.danger} ${buttonClass.small}`} onClick={() => void remove()}>
              {t.delete}
            </button>
            <input
              ref={replaceInput}
              type="file"
              accept={ACCEPTED_TYPES}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="replace-file-input"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void replace(file)
              }}
            />
          </div>
          <p id={`${idPrefix}-replace-help`} className="text-xs text-neutral-700">
            {t.replaceHelp}
          </p>
          {progress !== null ? (
            <progress
              value={progress}
              max={100}
              className="h-2 w-full accent-red"
              aria-label={editorTexts.imageEditor.uploading(progress)}
            />
          ) : null}
        </>
      ) : image ? (
        <button type="button" className={`${buttonClass.primary} ${buttonClass.small}`} onClick={() => void restore()}>
          {t.restore}
        </button>
      ) : null}

      {image ? (
        <div>
          <h4 className="text-sm font-semibold text-neutral-900">{t.whereUsed}</h4>
          {image.uses.length === 0 ? (
            <p className="text-xs text-neutral-700">{t.notUsed}</p>
          ) : (
            <ul className="mt-1 space-y-1" aria-label={t.whereUsed}>
              {image.uses.map((use) => (
                <li key={`${use.kind}:${use.id}`} className="text-xs">
                  <span className="mr-1 font-semibold">{t.kinds[use.kind]}:</span>
                  <a className={chrome.link} href={use.href}>
                    {t.useLine(use.title, use.places.join(', '), t.useWhere[use.where])}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  )
}
