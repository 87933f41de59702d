import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import { imageUrl } from '#ui/image-url'
import { messageOf } from '#ui/api.ts'
import { buttonClass } from '#ui/editor/fields.tsx'
import { chrome } from '#ui/editor/classes.ts'
import { editorTexts } from '#lib/editor-texts'
import { FileDetails } from './FileDetails.tsx'
import { nextGridIndex } from './grid-keys.ts'
import {
  ACCEPTED_TYPES,
  bulkImages,
  createFolder,
  listFolders,
  listImages,
  listTags,
  PAGE_SIZE,
  type LibraryFilter,
  type LibraryImage,
  type LibrarySort,
  type LibraryType,
  type MediaFolder,
} from './library.ts'
import { useUploads } from './use-uploads.ts'

const t = editorTexts.imageEditor
const l = t.library

export interface GalleryTabProps {
  selectedId: string
  onPick: (image: LibraryImage) => void
}

/** A tile's box: the grid is virtualised by rows of this height. */
const TILE_WIDTH = 132
const ROW_HEIGHT = 150

interface Query {
  q: string
  folder: string
  tag: string
  filter: LibraryFilter | ''
  type: LibraryType | ''
  sort: LibrarySort
  trashed: boolean
}

const INITIAL: Query = { q: '', folder: '', tag: '', filter: '', type: '', sort: 'newest', trashed: false }

/** Folders in tree order, each with its depth (for an indented list). */
function folderTree(folders: MediaFolder[]): { folder: MediaFolder; depth: number }[] {
  const out: { folder: MediaFolder; depth: number }[] = []
  const walk = (parentId: string | null, depth: number) => {
    for (const folder of folders.filter((f) => f.parentId === parentId)) {
      out.push({ folder, depth })
      walk(folder._id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/**
 * The media library (issue 36): every upload as a virtualised thumbnail grid (thousands stay fast:
 * only the rows in view exist, fetched a page at a time), searched by name, alt text, caption,
 * credit and tags; folders and tags; filters and sorting; many files uploaded at once, each with
 * its progress and error; many selected to move, tag or delete; one opened for its details, where
 * it is used, replace and delete. Picking a file (or uploading just one) hands it to the editor.
 *
 * By keyboard the thumbnails are a WAI-ARIA grid with a roving tab stop: Tab reaches the active
 * picture (then its checkbox and details button), arrow keys move by row and column as laid out,
 * Home/End along the row, Ctrl+Home/End to the first and last, PageUp/PageDown by a screenful;
 * Enter or Space uses the picture. The active row is always rendered, so focus is never lost to
 * the virtualiser.
 */
export function GalleryTab({ selectedId, onPick }: GalleryTabProps) {
  const ids = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState<Query>(INITIAL)
  const [generation, setGeneration] = useState(0)
  const [loaded, setLoaded] = useState<{ key: string; pages: Map<number, LibraryImage[]>; total: number | null }>({
    key: '',
    pages: new Map(),
    total: null,
  })
  const [loadError, setLoadError] = useState<string | null>(null)
  const requested = useRef(new Set<string>())
  const [folders, setFolders] = useState<MediaFolder[]>([])
  const [tags, setTags] = useState<{ tag: string; count: number }[]>([])
  const [selection, setSelection] = useState<Set<string>>(new Set())
  const [openId, setOpenId] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [columns, setColumns] = useState(3)
  const [newFolder, setNewFolder] = useState('')
  const [bulkFolder, setBulkFolder] = useState('')
  const [bulkTag, setBulkTag] = useState('')
  const [notice, setNotice] = useState<{ text: string; problems: string[] } | null>(null)
  const uploads = useUploads()
  const queryKey = `${generation}:${JSON.stringify(query)}`
  // The query on screen now: an answer to an earlier one that arrives late must not replace its results
  // (typing a search sends one per pause; answers can come back out of order).
  const latestKey = useRef(queryKey)
  latestKey.current = queryKey
  // The grid's one tab stop (an index into the whole list), and whether it still has to take the focus.
  const [active, setActive] = useState(0)
  const activeMoved = useRef(false)
  const focusPending = useRef(false)

  // Spec 02 §9: keyword debounce 300 ms.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === typed ? q : { ...q, q: typed })), 300)
    return () => clearTimeout(timer)
  }, [typed])

  const refreshMeta = useCallback(() => {
    listFolders()
      .then(setFolders)
      .catch(() => {})
    listTags()
      .then(setTags)
      .catch(() => {})
  }, [])
  useEffect(refreshMeta, [refreshMeta])

  const loadPage = useCallback(
    (page: number) => {
      const marker = `${queryKey}#${page}`
      if (requested.current.has(marker)) return
      requested.current.add(marker)
      listImages({
        q: query.q,
        folder: query.folder,
        tag: query.tag,
        filter: query.filter || undefined,
        type: query.type || undefined,
        sort: query.sort,
        trashed: query.trashed,
        page,
      })
        .then((answer) => {
          if (latestKey.current !== queryKey) return
          setLoadError(null)
          setLoaded((current) => {
            const pages = current.key === queryKey ? new Map(current.pages) : new Map<number, LibraryImage[]>()
            pages.set(page, answer.items)
            return { key: queryKey, pages, total: answer.total }
          })
        })
        .catch((err: unknown) => {
          requested.current.delete(marker)
          if (latestKey.current === queryKey) setLoadError(messageOf(err))
        })
    },
    [query, queryKey],
  )

  // A new query starts again at the top with its first page.
  useEffect(() => {
    requested.current.clear()
    scroller.current?.scrollTo({ top: 0 })
    setActive(0)
    activeMoved.current = false
    focusPending.current = false
    loadPage(1)
  }, [loadPage])

  const current = loaded.key === queryKey ? loaded : null
  const total = current?.total ?? 0
  const itemAt = (index: number): LibraryImage | undefined => current?.pages.get(Math.floor(index / PAGE_SIZE) + 1)?.[index % PAGE_SIZE]

  // Columns follow the panel's width.
  useEffect(() => {
    const element = scroller.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0
      setColumns(Math.max(1, Math.floor(width / TILE_WIDTH)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const rows = Math.ceil(total / columns)
  const activeIndex = Math.min(active, Math.max(0, total - 1))
  const activeRow = Math.floor(activeIndex / columns)
  // The focused picture's row stays rendered when it scrolls out of view (its focus would be lost).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      return activeRow < range.count && !indexes.includes(activeRow) ? [...indexes, activeRow].sort((a, b) => a - b) : indexes
    },
    [activeRow],
  )
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    rangeExtractor,
    // Before the first measurement (and on the server): a few rows.
    initialRect: { width: TILE_WIDTH * 3, height: ROW_HEIGHT * 3 },
  })
  const virtualRows = virtualizer.getVirtualItems()

  // The pages the rendered rows need, row by row (the focused row may be far from the rest).
  const neededPages = [
    ...new Set(
      virtualRows.flatMap((row) => {
        const from = Math.floor((row.index * columns) / PAGE_SIZE) + 1
        const to = Math.floor((Math.min(total, (row.index + 1) * columns) - 1) / PAGE_SIZE) + 1
        return from === to ? [from] : [from, to]
      }),
    ),
  ].join(',')
  useEffect(() => {
    if (!current || total === 0 || !neededPages) return
    for (const page of neededPages.split(',').map(Number)) if (!current.pages.has(page)) loadPage(page)
  }, [neededPages, total, current, loadPage])

  // Until the editor moves, the tab stop is the picture in use (when it is among the loaded ones).
  useEffect(() => {
    if (activeMoved.current || !current || !selectedId) return
    for (const [page, items] of current.pages) {
      const at = items.findIndex((i) => i._id === selectedId)
      if (at >= 0) {
        setActive((page - 1) * PAGE_SIZE + at)
        return
      }
    }
  }, [current, selectedId])

  // After a key moved the tab stop: focus it once its row is rendered (a picture still loading
  // holds the focus in its placeholder until it arrives).
  useLayoutEffect(() => {
    if (!focusPending.current) return
    const grid = scroller.current
    const focused = document.activeElement
    if (!grid || (focused && focused !== document.body && !grid.contains(focused))) {
      focusPending.current = false
      return
    }
    const target = grid.querySelector<HTMLElement>(`[data-grid-index="${activeIndex}"]`)
    if (!target) return
    if (target !== focused) target.focus()
    if (target.dataset.gridLoaded) focusPending.current = false
  })

  function onGridKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.shiftKey) return
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT))
    const next = nextGridIndex(e, { index: activeIndex, columns, total, pageRows })
    if (next === null) return
    e.preventDefault()
    activeMoved.current = true
    focusPending.current = true
    setActive(next)
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' })
  }

  /** Focus that arrives by Tab or a click makes its picture the tab stop. */
  function onGridFocus(e: FocusEvent<HTMLDivElement>) {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')
    const index = cell ? Number(cell.dataset.index) : NaN
    if (Number.isInteger(index) && index !== activeIndex) {
      activeMoved.current = true
      setActive(index)
    }
  }

  const reload = () => {
    setGeneration((g) => g + 1)
    refreshMeta()
  }

  const tree = useMemo(() => folderTree(folders), [folders])
  const folderLabel = (folder: MediaFolder) => {
    const depth = tree.find((f) => f.folder._id === folder._id)?.depth ?? 0
    return `${'— '.repeat(depth)}${folder.name}`
  }
  const nameOf = (id: string) => {
    for (const page of current?.pages.values() ?? []) {
      const found = page.find((i) => i._id === id)
      if (found) return found.filename
    }
    return l.unnamed
  }

  async function uploadFiles(files: File[]) {
    if (!files.length) return
    const into = { folderId: query.folder && query.folder !== 'none' ? query.folder : null, tags: query.tag ? [query.tag] : [] }
    const done = await uploads.upload(files, into)
    if (fileInput.current) fileInput.current.value = ''
    reload()
    // One file: as before, it is what the editor wanted to place.
    if (files.length === 1 && done.length === 1) onPick(done[0]!)
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault()
    setDragging(false)
    void uploadFiles([...e.dataTransfer.files])
  }

  async function bulk(change: Parameters<typeof bulkImages>[1]) {
    setNotice(null)
    try {
      const result = await bulkImages([...selection], change)
      setNotice({
        text: l.bulkDone(result.done.length),
        problems: result.refused.map((r) => l.bulkRefused(nameOf(r.imageId), r.message)),
      })
      setSelection(new Set(result.refused.map((r) => r.imageId)))
      reload()
    } catch (err) {
      setNotice({ text: messageOf(err), problems: [] })
    }
  }

  async function makeFolder() {
    const name = newFolder.trim()
    if (!name) return
    try {
      const folder = await createFolder(name, query.folder && query.folder !== 'none' ? query.folder : null)
      setNewFolder('')
      setNotice({ text: l.folderCreated(folder.name), problems: [] })
      refreshMeta()
    } catch (err) {
      setNotice({ text: messageOf(err), problems: [] })
    }
  }

  const set = <K extends keyof Query>(key: K, value: Query[K]) => {
    setQuery((q) => ({ ...q, [key]: value }))
    setSelection(new Set())
  }
  const select = (label: string, id: string, value: string, onChange: (v: string) => void, options: [string, string][]) => (
    <div>
      <label htmlFor={`${ids}-${id}`} className="block text-xs font-medium text-neutral-800">
        {label}
      </label>
      <select
        id={`${ids}-${id}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-0.5 ${chrome.input} ${chrome.focus} py-1 text-xs focus-visible:ring-offset-0`}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )

  const uploading = uploads.items.some((i) => i.state === 'waiting' || i.state === 'uploading')
  return (
    <div className="space-y-3" role="region" aria-label={l.label}>
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
          {l.uploadMany}
        </button>
        <span className="text-xs text-neutral-700">{dragging ? l.dropManyActive : l.dropMany}</span>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPTED_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="image-file-input"
          onChange={(e) => void uploadFiles([...(e.target.files ?? [])])}
        />
        {uploads.items.length ? (
          <ul className="w-full space-y-1" aria-label={l.uploadsLabel} data-testid="upload-queue">
            {uploads.items.map((item) => (
              <li key={item.key} className="flex items-center gap-2 text-xs">
                <span className="w-40 truncate">{item.name}</span>
                {item.state === 'error' ? (
                  <span role="alert" className="text-red-darker">
                    {item.error}
                  </span>
                ) : item.state === 'uploading' || item.state === 'waiting' ? (
                  <>
                    <progress
                      value={item.progress}
                      max={100}
                      className="h-2 flex-1 accent-red"
                      aria-label={`${item.name}: ${t.uploading(item.progress)}`}
                    />
                    <span>{item.state === 'waiting' ? l.uploadWaiting : t.uploading(item.progress)}</span>
                  </>
                ) : (
                  <span className="text-neutral-800">{item.state === 'duplicate' ? l.uploadDuplicate : l.uploadDone}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-3">
          <label htmlFor={`${ids}-search`} className={chrome.label}>
            {t.search}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            value={typed}
            placeholder={l.searchPlaceholder}
            aria-describedby={`${ids}-status`}
            onChange={(e) => setTyped(e.target.value)}
            className={`mt-1 ${chrome.input} ${chrome.focus} focus-visible:ring-offset-0`}
          />
        </div>
        {select(l.folder, 'folder', query.folder, (v) => set('folder', v), [
          ['', l.allFiles],
          ['none', l.noFolder],
          ...tree.map(({ folder }): [string, string] => [folder._id, folderLabel(folder)]),
        ])}
        {select(l.tag, 'tag', query.tag, (v) => set('tag', v), [
          ['', l.allTags],
          ...tags.map((g): [string, string] => [g.tag, l.tagCount(g.tag, g.count)]),
        ])}
        {select(l.filter, 'filter', query.filter, (v) => set('filter', v as Query['filter']), [
          ['', l.filters.all],
          ['unused', l.filters.unused],
          ['missingAlt', l.filters.missingAlt],
          ['missingCredit', l.filters.missingCredit],
        ])}
        {select(l.type, 'type', query.type, (v) => set('type', v as Query['type']), [
          ['', l.allTypes],
          ['jpeg', 'JPEG'],
          ['png', 'PNG'],
          ['webp', 'WebP'],
          ['avif', 'AVIF'],
          ['gif', 'GIF'],
        ])}
        {select(l.sort, 'sort', query.sort, (v) => set('sort', v as LibrarySort), [
          ['newest', l.sorts.newest],
          ['oldest', l.sorts.oldest],
          ['name', l.sorts.name],
          ['largest', l.sorts.largest],
        ])}
        <div className="flex items-end">
          <button
            type="button"
            aria-pressed={query.trashed}
            className={`${buttonClass.secondary} ${buttonClass.small} w-full`}
            onClick={() => set('trashed', !query.trashed)}
          >
            {l.trash}
          </button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-2">
        <div className="flex-1">
          <label htmlFor={`${ids}-new-folder`} className="block text-xs font-medium text-neutral-800">
            {l.newFolder}
          </label>
          <input
            id={`${ids}-new-folder`}
            value={newFolder}
            onChange={(e) => setNewFolder(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                void makeFolder()
              }
            }}
            className={`mt-0.5 ${chrome.input} ${chrome.focus} py-1 text-xs focus-visible:ring-offset-0`}
          />
        </div>
        <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={() => void makeFolder()}>
          {l.createFolder}
        </button>
      </div>

      {selection.size ? (
        <div
          className="flex flex-wrap items-end gap-2 rounded-md bg-neutral-50 p-2 ring-1 ring-neutral-200"
          role="group"
          aria-label={l.selectedCount(selection.size)}
        >
          <p className="w-full text-xs font-semibold">{l.selectedCount(selection.size)}</p>
          {select(l.moveTo, 'bulk-folder', bulkFolder, setBulkFolder, [
            ['', l.noFolder],
            ...tree.map(({ folder }): [string, string] => [folder._id, folderLabel(folder)]),
          ])}
          <button
            type="button"
            className={`${buttonClass.secondary} ${buttonClass.small}`}
            onClick={() => void bulk({ action: 'move', folderId: bulkFolder || null })}
          >
            {l.move}
          </button>
          <div>
            <label htmlFor={`${ids}-bulk-tag`} className="block text-xs font-medium text-neutral-800">
              {l.addTag}
            </label>
            <input
              id={`${ids}-bulk-tag`}
              value={bulkTag}
              onChange={(e) => setBulkTag(e.target.value)}
              className={`mt-0.5 ${chrome.input} ${chrome.focus} py-1 text-xs focus-visible:ring-offset-0`}
            />
          </div>
          <button
            type="button"
            className={`${buttonClass.secondary} ${buttonClass.small}`}
            disabled={!bulkTag.trim()}
            onClick={() => void bulk({ action: 'tag', tags: [bulkTag] }).then(() => setBulkTag(''))}
          >
            {l.addTagButton}
          </button>
          {!query.trashed ? (
            <button type="button" className={`${buttonClass.danger} ${buttonClass.small}`} onClick={() => void bulk({ action: 'trash' })}>
              {l.deleteSelected}
            </button>
          ) : null}
          <button type="button" className={`${buttonClass.secondary} ${buttonClass.small}`} onClick={() => setSelection(new Set())}>
            {l.clearSelection}
          </button>
        </div>
      ) : null}

      {notice ? (
        <div role="status" className="text-xs text-neutral-800">
          <p>{notice.text}</p>
          {notice.problems.length ? (
            <ul className="list-disc pl-5 text-red-darker">
              {notice.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {openId ? (
        <FileDetails
          key={openId}
          imageId={openId}
          folders={folders}
          folderLabel={folderLabel}
          onChanged={() => reload()}
          onClose={() => setOpenId(null)}
        />
      ) : null}

      <p id={`${ids}-status`} aria-live="polite" className="text-xs text-neutral-700">
        {!current
          ? t.loading
          : total === 0
            ? query.trashed
              ? l.emptyTrash
              : query.q || query.folder || query.tag || query.filter || query.type
                ? t.noMatch
                : t.empty
            : t.count(Math.min(total, current.pages.size * PAGE_SIZE), total)}
        {query.trashed ? ` ${l.trashHelp}` : ''}
      </p>
      {loadError ? (
        <p role="alert" className={chrome.alert}>
          {loadError}
        </p>
      ) : null}

      <p id={`${ids}-grid-help`} className="sr-only">
        {l.gridHelp}
      </p>
      <div ref={scroller} className="max-h-[26rem] overflow-auto" data-testid="library-grid">
        {total > 0 ? (
          <div
            role="grid"
            aria-label={t.tabs.gallery}
            aria-describedby={`${ids}-grid-help`}
            aria-rowcount={rows}
            aria-colcount={columns}
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={onGridKeyDown}
            onFocus={onGridFocus}
          >
            {virtualRows.map((row) => (
              <div
                key={row.key}
                role="row"
                aria-rowindex={row.index + 1}
                className="absolute left-0 top-0 grid w-full gap-2"
                style={{
                  transform: `translateY(${row.start}px)`,
                  height: ROW_HEIGHT,
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                }}
              >
                {Array.from({ length: columns }, (_, col) => {
                  const index = row.index * columns + col
                  if (index >= total) return null
                  const image = itemAt(index)
                  const stop = index === activeIndex ? 0 : -1
                  if (!image)
                    return (
                      <div
                        key={`loading-${index}`}
                        role="gridcell"
                        aria-colindex={col + 1}
                        aria-busy="true"
                        tabIndex={stop}
                        data-index={index}
                        data-grid-index={index}
                        className={`block h-[140px] rounded-md bg-neutral-100 ${chrome.focus}`}
                      >
                        <span className="sr-only">{l.loadingTile}</span>
                      </div>
                    )
                  const picked = image._id === selectedId
                  const name = image.alt || image.filename
                  const trashed = !!image.trashedAt
                  return (
                    <div
                      key={image._id}
                      role="gridcell"
                      aria-colindex={col + 1}
                      data-index={index}
                      className={`relative rounded-md ring-1 ${picked ? 'ring-2 ring-red' : 'ring-neutral-200'}`}
                    >
                      <button
                        type="button"
                        aria-pressed={picked}
                        aria-label={t.pick(name)}
                        // Focusable in the trash too (the grid's keys pass over it), but not usable.
                        aria-disabled={trashed || undefined}
                        tabIndex={stop}
                        data-grid-index={index}
                        data-grid-loaded="true"
                        onClick={() => {
                          if (!trashed) onPick(image)
                        }}
                        className={`block w-full overflow-hidden rounded-md text-left ${chrome.focus} ${trashed ? 'opacity-60' : ''}`}
                      >
                        <img
                          src={imageUrl(image._id, { w: 240, h: 180, v: image.version })}
                          width={240}
                          height={180}
                          alt=""
                          loading="lazy"
                          className="block aspect-[4/3] h-auto w-full bg-neutral-100 object-cover"
                        />
                        <span className="block truncate px-2 pt-1 text-xs text-neutral-800">{image.filename}</span>
                      </button>
                      <div className="flex items-center justify-between px-2 pb-1">
                        <input
                          type="checkbox"
                          aria-label={l.select(image.filename)}
                          tabIndex={stop}
                          checked={selection.has(image._id)}
                          onChange={(e) =>
                            setSelection((s) => {
                              const next = new Set(s)
                              if (e.target.checked) next.add(image._id)
                              else next.delete(image._id)
                              return next
                            })
                          }
                          className={`size-4 accent-red ${chrome.focus}`}
                        />
                        {picked ? <span className="text-[11px] font-semibold text-red">{t.selected}</span> : null}
                        <button
                          type="button"
                          aria-label={l.details(image.filename)}
                          tabIndex={stop}
                          onClick={() => setOpenId(image._id)}
                          className={`rounded px-1 text-[11px] font-semibold text-neutral-800 underline ${chrome.focus}`}
                        >
                          i
                        </button>
                      </div>
                    </div>
                  )
                })}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  )
}
