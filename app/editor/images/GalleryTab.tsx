import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { imageUrl } from '#ui/image-url'
import { messageOf } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { ACCEPTED_TYPES, listImages, uploadWithProgress, type LibraryImage } from './library.ts'
import { editorTexts } from '#lib/editor-texts'

const t = editorTexts.imageEditor

export interface GalleryTabProps {
  selectedId: string
  onPick: (image: LibraryImage) => void
}

type Load = { key: string; state: 'error'; message: string } | { key: string; state: 'ready' }

/**
 * The media library: newest first, a search over file names and alt texts, Load more, and an upload
 * by button or drag-and-drop with progress and the server's error message. Picking (or uploading)
 * an image hands it to the editor.
 */
export function GalleryTab({ selectedId, onPick }: GalleryTabProps) {
  const searchId = useId()
  const statusId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const [debounced, setDebounced] = useState('')
  const [items, setItems] = useState<LibraryImage[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [pages, setPages] = useState(1)
  const [result, setResult] = useState<Load | null>(null)
  const requestKey = `${page}:${debounced}`
  const load: Load | { state: 'loading' } = result?.key === requestKey ? result : { state: 'loading' }
  const [progress, setProgress] = useState<number | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)

  // Spec 02 §9: keyword debounce 300 ms.
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), 300)
    return () => clearTimeout(timer)
  }, [query])

  useEffect(() => {
    const controller = new AbortController()
    const key = `${page}:${debounced}`
    listImages({ q: debounced, page }, controller.signal)
      .then((answer) => {
        setItems((previous) =>
          page === 1 ? answer.items : [...previous, ...answer.items.filter((i) => !previous.some((p) => p._id === i._id))],
        )
        setTotal(answer.total)
        setPages(answer.pages)
        setResult({ key, state: 'ready' })
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return
        setResult({ key, state: 'error', message: messageOf(err) })
      })
    return () => controller.abort()
  }, [debounced, page])

  async function upload(file: File) {
    setUploadError(null)
    setProgress(0)
    try {
      const image = await uploadWithProgress(file, setProgress)
      setItems((previous) => [image, ...previous.filter((p) => p._id !== image._id)])
      setTotal((n) => n + 1)
      onPick(image)
    } catch (err) {
      setUploadError(messageOf(err))
    } finally {
      setProgress(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault()
    setDragging(false)
    const file = e.dataTransfer.files[0]
    if (file) void upload(file)
  }

  const uploading = progress !== null
  return (
    <div className="space-y-3">
      <div
        data-testid="image-dropzone"
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed px-3 py-3 ${dragging ? 'border-red bg-red/5' : 'border-neutral-300'}`}
      >
        <button
          type="button"
          className={`${buttonClass.primary} ${buttonClass.small}`}
          disabled={uploading}
          aria-busy={uploading}
          onClick={() => fileInput.current?.click()}
        >
          {t.upload}
        </button>
        <span className="text-xs text-neutral-700">{dragging ? t.dropActive : t.dropHere}</span>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="image-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void upload(file)
          }}
        />
        {uploading ? (
          <div className="flex w-full items-center gap-2" role="status">
            <progress value={progress} max={100} className="h-2 flex-1 accent-red" aria-label={t.uploading(progress)} />
            <span className="text-xs text-neutral-700">{t.uploading(progress)}</span>
          </div>
        ) : null}
        {uploadError ? (
          <p role="alert" className={`${chrome.alert} w-full`}>
            {uploadError}
          </p>
        ) : null}
      </div>

      <div>
        <label htmlFor={searchId} className={chrome.label}>
          {t.search}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={t.searchPlaceholder}
          aria-describedby={statusId}
          onChange={(e) => {
            setQuery(e.target.value)
            setPage(1)
          }}
          className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
        />
      </div>

      <p id={statusId} aria-live="polite" className="text-xs text-neutral-700">
        {load.state === 'loading' && items.length === 0
          ? t.loading
          : load.state === 'ready'
            ? total === 0
              ? debounced
                ? t.noMatch
                : t.empty
              : t.count(items.length, total)
            : null}
      </p>
      {load.state === 'error' ? (
        <p role="alert" className={chrome.alert}>
          {load.message}
        </p>
      ) : null}

      <ul className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-2" aria-label={t.tabs.gallery}>
        {items.map((image) => {
          const selected = image._id === selectedId
          return (
            <li key={image._id}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={t.pick(image.alt || image.filename)}
                onClick={() => onPick(image)}
                className={`group block w-full overflow-hidden rounded-md text-left ring-1 ${selected ? 'ring-2 ring-red' : 'ring-neutral-200 hover:ring-neutral-400'} ${chrome.focus}`}
              >
                <img
                  src={imageUrl(image._id, { w: 240, h: 180 })}
                  width={240}
                  height={180}
                  alt=""
                  loading="lazy"
                  className="block aspect-[4/3] h-auto w-full bg-neutral-100 object-cover"
                />
                <span className="block truncate px-2 py-1 text-xs text-neutral-800">{image.filename}</span>
                <span className="block px-2 pb-1 text-[11px] text-neutral-600">
                  {image.width}×{image.height}
                  {selected ? <span className="ml-1 font-semibold text-red">· {t.selected}</span> : null}
                </span>
              </button>
            </li>
          )
        })}
      </ul>

      {page < pages ? (
        <button
          type="button"
          className={`${buttonClass.secondary} ${buttonClass.small}`}
          disabled={load.state === 'loading'}
          onClick={() => setPage((p) => p + 1)}
        >
          {t.loadMore}
        </button>
      ) : null}
    </div>
  )
}
